import { crc32 } from 'node:zlib';
import { decodeLineBytes } from './line-bytes.ts';

/**
 * One record per line: `<crc32 as 8 hex digits> <json>\n`. The checksum lets
 * recovery tell a whole record from a torn or scribbled one.
 */
export function encodeLine(value: unknown): string {
  const json = JSON.stringify(value);
  return `${checksum(json)} ${json}\n`;
}

/**
 * The same line as bytes, converting the JSON to UTF-8 only once (the
 * checksum is taken over those bytes): the log's hot path.
 */
export function encodeLineBytes(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const line = Buffer.allocUnsafe(body.length + 10);
  line.write(crc32(body).toString(16).padStart(8, '0'), 0, 'latin1');
  line[8] = 0x20;
  body.copy(line, 9);
  line[line.length - 1] = 0x0a;
  return line;
}

/** The record on one line (without its newline), or null when it is damaged. */
export function decodeLine(line: string): unknown {
  if (line.length < 10 || line[8] !== ' ') return null;
  const json = line.slice(9);
  if (checksum(json) !== line.slice(0, 8)) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}

export type ScannedLine = { value: unknown; start: number; end: number };

/**
 * Splits a file's bytes into lines with their byte offsets. A last piece with
 * no newline is returned with `value: null`: it was being written when the
 * power went.
 */
export function scanLines(bytes: Buffer): ScannedLine[] {
  const out: ScannedLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    if (nl === -1) {
      out.push({ value: null, start, end: bytes.length });
      break;
    }
    // Checked and parsed from the bytes (line-bytes.ts): the log's tail and the job table's files are read at every start.
    out.push({ value: decodeLineBytes(bytes, start, nl), start, end: nl + 1 });
    start = nl + 1;
  }
  return out;
}
