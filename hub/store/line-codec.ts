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
 * checksum is taken over those bytes).
 */
export function encodeLineBytes(value: unknown): Buffer {
  return encodeLinesBytes([value]);
}

/** Room `writeLineAt` may need for a line of this JSON: UTF-8 takes at most 3 bytes per UTF-16 unit; the checksum, its space and the newline. */
export const lineRoom = (json: string): number => json.length * 3 + 10;

/**
 * Writes the line of `json` (its `encodeLine`) as UTF-8 into `out` at `at`,
 * the checksum taken over the bytes where they lie; returns where the line
 * ends. `out` must have `lineRoom(json)` bytes from `at`.
 */
export function writeLineAt(out: Buffer, at: number, json: string): number {
  const length = out.write(json, at + 9, 'utf8');
  out.write(crc32(out.subarray(at + 9, at + 9 + length)).toString(16).padStart(8, '0'), at, 'latin1');
  out[at + 8] = 0x20;
  out[at + 9 + length] = 0x0a;
  return at + length + 10;
}

/**
 * The lines of several values, one after another in one buffer: the log's
 * group commit (hot path). Each JSON goes straight into the batch's buffer as
 * UTF-8 and is checksummed there: no buffer per line, no copy into place and
 * no concatenation, which cost as much again as the JSON itself (issue 20:
 * ~9.5 µs a record of the whole-engine bench before, ~7 after).
 */
export function encodeLinesBytes(values: readonly unknown[]): Buffer {
  const jsons: string[] = [];
  let room = 0;
  for (const value of values) {
    const json = JSON.stringify(value);
    jsons.push(json);
    room += lineRoom(json);
  }
  const out = Buffer.allocUnsafe(room);
  let at = 0;
  for (const json of jsons) at = writeLineAt(out, at, json);
  return out.subarray(0, at);
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
