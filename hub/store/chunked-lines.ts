import { promises as fs } from 'node:fs';
import { decodeLineBytes } from './line-bytes.ts';

/** Bytes read at a time: a file of command ids (9 MB for a busy week) is never held whole. */
export const READ_CHUNK = 1 << 20;

/**
 * Each line's value of the file `<crc32 hex> <json>\n` lines (line-codec.ts),
 * in order, read `chunkBytes` at a time (issue 20, RSS at start-up): only one
 * chunk and the line cut by its end are in memory, never the whole file, and
 * each value is handed over as it is decoded (nothing gathers per chunk). A
 * damaged line, or a last piece with no newline (being written when the power
 * went), comes as null: exactly what `forEachLineValue` gives for the file's
 * bytes read whole. A missing file throws, as reading it whole does.
 */
export async function forEachLineOfFile(file: string, onLine: (value: unknown) => void, chunkBytes: number = READ_CHUNK): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(Math.max(1, chunkBytes));
    let carry: Buffer = Buffer.alloc(0);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      const chunk = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, bytesRead)]) : buf.subarray(0, bytesRead);
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        onLine(decodeLineBytes(chunk, start, nl));
        start = nl + 1;
      }
      // The line cut by the chunk's end waits for the next read (copied: `buf` is read into again).
      carry = Buffer.from(chunk.subarray(start));
    }
    if (carry.length > 0) onLine(null);
  } finally {
    await handle.close();
  }
}
