import { crc32, inflateRawSync } from 'node:zlib';
import { writeZip as writeArchive } from '#hub/goods-io/zip.ts';

/** One file in a zip archive. */
export type ZipEntry = { name: string; data: Uint8Array };

/** Thrown for an archive this reader will not open; `ZIP_CORRUPT` covers every malformed case. */
export class ZipError extends Error {
  readonly code: 'ZIP_CORRUPT' | 'ZIP_TOO_LARGE' | 'ZIP_UNSUPPORTED';
  constructor(code: ZipError['code'], reason: string) {
    super(`${code}: ${reason}`);
    this.name = 'ZipError';
    this.code = code;
  }
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** A CDR is a few kB; anything past this when inflated is refused (a zip bomb, not an answer). */
const MAX_INFLATED = 20 * 1024 * 1024;

/**
 * Writes a zip archive (deflate, CRC-32, UTF-8 names): what SUNAT's sendBill and sendSummary
 * take, with the writer the menu export already uses (hub/goods-io/zip.ts). `modified` is
 * stamped on every entry; the default (1980-01-01) keeps archives byte-for-byte reproducible.
 */
export function writeZip(entries: readonly ZipEntry[], modified: Date = new Date(1980, 0, 1)): Buffer {
  return writeArchive(
    entries.map((e) => ({ name: e.name, data: Buffer.from(e.data) })),
    modified,
  );
}

/** Finds the end-of-central-directory record (it may be followed by a comment of up to 64 kB). */
function findEnd(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END) return at;
  }
  throw new ZipError('ZIP_CORRUPT', 'no end of central directory');
}

/** Reads one entry's data through its local header, checking size and CRC-32. */
function readEntry(zip: Buffer, central: number): ZipEntry {
  const method = zip.readUInt16LE(central + 10);
  const crc = zip.readUInt32LE(central + 16);
  const packedSize = zip.readUInt32LE(central + 20);
  const size = zip.readUInt32LE(central + 24);
  const nameLength = zip.readUInt16LE(central + 28);
  const localAt = zip.readUInt32LE(central + 42);
  const name = zip.subarray(central + 46, central + 46 + nameLength).toString('utf8');
  if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL) throw new ZipError('ZIP_CORRUPT', `bad local header for ${name}`);
  const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
  if (dataAt + packedSize > zip.length) throw new ZipError('ZIP_CORRUPT', `truncated data for ${name}`);
  if (size > MAX_INFLATED) throw new ZipError('ZIP_TOO_LARGE', `${name} is ${size} bytes`);
  const packed = zip.subarray(dataAt, dataAt + packedSize);
  let data: Buffer;
  if (method === 0) data = Buffer.from(packed);
  else if (method === 8) {
    try {
      data = inflateRawSync(packed, { maxOutputLength: MAX_INFLATED });
    } catch {
      throw new ZipError('ZIP_CORRUPT', `cannot inflate ${name}`);
    }
  } else throw new ZipError('ZIP_UNSUPPORTED', `compression method ${method}`);
  if (data.length !== size || crc32(data) !== crc) throw new ZipError('ZIP_CORRUPT', `CRC or size mismatch for ${name}`);
  return { name, data };
}

/** Reads every file of a zip archive (stored or deflated), as SUNAT's CDR zips are. Folders are skipped. */
export function readZip(bytes: Uint8Array): ZipEntry[] {
  const zip = Buffer.from(bytes);
  if (zip.length < 22) throw new ZipError('ZIP_CORRUPT', 'too short');
  const end = findEnd(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipError('ZIP_CORRUPT', 'bad central directory');
    const entry = readEntry(zip, at);
    if (!entry.name.endsWith('/')) entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
