import { crc32 } from 'node:zlib';

/**
 * Lines `<crc32 hex> <json>\n` (line-codec.ts) checked and parsed straight
 * from a file's bytes: the checksum is taken over the bytes as they are and
 * only the JSON is turned into a string, once. Reading a week of command ids
 * (or a large snapshot) at start-up this way makes a third of the garbage of
 * turning each line into a string and checksumming the string again.
 */

/** The value of the line `bytes[start, end)` (without its newline), or null when it is damaged. */
export function decodeLineBytes(bytes: Buffer, start: number, end: number): unknown {
  if (end - start < 10 || bytes[start + 8] !== 0x20) return null;
  const body = bytes.subarray(start + 9, end);
  if (crc32(body).toString(16).padStart(8, '0') !== bytes.toString('latin1', start, start + 8)) return null;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Each line's value (null when damaged), in order. A last piece with no
 * newline was being written when the power went: it is given as null too.
 */
export function forEachLineValue(bytes: Buffer, onLine: (value: unknown) => void): void {
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    if (nl === -1) {
      onLine(null);
      return;
    }
    onLine(decodeLineBytes(bytes, start, nl));
    start = nl + 1;
  }
}
