import { isUtf8 } from 'node:buffer';
import { UNSURE_CHAR } from '#hub/domain/goods/lossy-text.ts';
import { decodeLegacy, legacyScores, legacyVerdict, type LegacyEncoding } from './legacy-encoding.ts';
import { MenuFileError } from './menu-file-error.ts';

/**
 * The text of a CSV file, decoded in pieces so that reading 10 MB never holds
 * the hub's one thread for long: `csvText` is a generator whose every
 * `yield` is a point where the caller may give way to other work (each
 * piece is at most 64 KB of bytes). Linear in the file: the native checks
 * (`isUtf8`, `indexOf`) run once per block, the JavaScript ones once per
 * line, and telling the legacy encodings apart reads at most 512 KB of them.
 *
 * Which encoding: UTF-16 by its BOM (or its NUL bytes); otherwise line by
 * line: a line that is valid UTF-8 is UTF-8, so one line typed in another
 * editor does not turn the whole file into mojibake. The other lines are
 * Windows-1252 or Mac Roman, whichever reads as Spanish; when that cannot be
 * told, their non-ASCII characters become UNSURE_CHAR (and the import
 * refuses those cells) rather than a guess.
 */

/** Bytes decoded between two chances to give way. */
const BLOCK = 64 * 1024;
/** Legacy bytes scored to tell Windows-1252 from Mac Roman: a few thousand dishes' names, far more than a verdict needs; the rest follow it. */
const MAX_SCORED_BYTES = 512 * 1024;
/** Bytes scored of any one line (a menu line is well under 2 KB). */
const MAX_SCORED_PER_LINE = 8 * 1024;

const LF = 0x0a;

/**
 * UTF-16 without a BOM: a text CSV never holds a NUL byte, but UTF-16 has one
 * in the high byte of every ASCII character (odd bytes in LE, even in BE).
 * Looks at the first 8 KB only.
 */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(bytes.length >> 1, 4096);
  if (pairs < 2) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (odd >= pairs / 4 && even <= odd / 8) return 'utf-16le';
  if (even >= pairs / 4 && odd <= even / 8) return 'utf-16be';
  return null;
}

/** The blocks of the bytes, each about BLOCK long and ending after a line feed (a line longer than BLOCK is one block). */
function* blocks(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; ) {
    let end = start + BLOCK >= bytes.length ? bytes.length : bytes.lastIndexOf(LF, start + BLOCK - 1) + 1;
    if (end <= start) {
      const lf = bytes.indexOf(LF, start + BLOCK);
      end = lf === -1 ? bytes.length : lf + 1;
    }
    yield bytes.subarray(start, end);
    start = end;
  }
}

/** The lines of a block, each with its line feed. */
function* lines(block: Buffer): Generator<Buffer> {
  for (let start = 0; start < block.length; ) {
    const lf = block.indexOf(LF, start);
    const end = lf === -1 ? block.length : lf + 1;
    yield block.subarray(start, end);
    start = end;
  }
}

/** Bytes in one or more pieces of at most BLOCK (a single-byte encoding may be cut anywhere). */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += BLOCK) yield bytes.subarray(i, i + BLOCK);
}

/** Decodes with a streaming decoder in pieces, so a multi-byte character cut between two pieces is kept whole. */
function* streamed(bytes: Buffer, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): Generator<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  for (const piece of pieces(bytes)) yield decoder.decode(piece, { stream: true });
  yield decoder.decode();
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Valid UTF-8 as text: a short run in one call of a shared decoder, a long one streamed. */
function* utf8Text(bytes: Buffer): Generator<string> {
  if (bytes.length <= BLOCK) yield utf8.decode(bytes);
  else yield* streamed(bytes, 'utf-8');
}

/** A line that is not UTF-8, in the file's legacy encoding, or with its non-ASCII characters marked unsure. */
function* legacyLine(line: Buffer, encoding: LegacyEncoding | null): Generator<string> {
  for (const piece of pieces(line)) {
    yield encoding ? decodeLegacy(piece, encoding) : decodeLegacy(piece, 'windows-1252').replace(/[^\x00-\x7f]/g, UNSURE_CHAR);
  }
}

/**
 * Which legacy encoding the file's non-UTF-8 lines are in (null: cannot be
 * told). A generator like the rest: it yields '' after each block and each scored line.
 */
function* legacyEncodingOf(body: Buffer): Generator<string, LegacyEncoding | null | 'none'> {
  let win = 0;
  let mac = 0;
  let scored = 0;
  let any = false;
  for (const block of blocks(body)) {
    yield '';
    if (isUtf8(block)) continue;
    for (const line of lines(block)) {
      if (isUtf8(line)) continue;
      any = true;
      if (scored >= MAX_SCORED_BYTES) break;
      const piece = line.subarray(0, Math.min(MAX_SCORED_PER_LINE, MAX_SCORED_BYTES - scored));
      const s = legacyScores(piece);
      win += s.win;
      mac += s.mac;
      scored += piece.length;
      yield '';
    }
    if (any && scored >= MAX_SCORED_BYTES) break;
  }
  return any ? legacyVerdict(win, mac) : 'none';
}

/**
 * The text of a CSV file, piece by piece ('' where a step only did work).
 * A file with NUL bytes that is not UTF-16 is no text file (an image, a
 * document, a disk's zeros): refused as 'unreadable'.
 */
export function* csvText(input: Uint8Array): Generator<string> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return yield* streamed(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return yield* streamed(bytes.subarray(2), 'utf-16be');
  const wide = utf16WithoutBom(bytes);
  if (wide) return yield* streamed(bytes, wide);
  if (bytes.indexOf(0) !== -1) throw new MenuFileError('unreadable', 'NUL bytes in a text file');
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (isUtf8(body)) return yield* streamed(body, 'utf-8');
  const encoding = yield* legacyEncodingOf(body);
  for (const block of blocks(body)) {
    if (isUtf8(block)) {
      yield* utf8Text(block);
      continue;
    }
    for (const line of lines(block)) {
      if (isUtf8(line)) yield* utf8Text(line);
      else yield* legacyLine(line, encoding === 'none' ? null : encoding);
    }
  }
}

/** The whole text of a CSV file at once (for tests and small files; the hub reads uploads through `csvText`). */
export function decodeCsv(bytes: Uint8Array): string {
  return [...csvText(bytes)].join('');
}
