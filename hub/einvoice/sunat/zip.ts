import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

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
/** UTF-8 names (general purpose bit 11). */
const UTF8_FLAG = 0x0800;
/** A CDR is a few kB; anything past this when inflated is refused (a zip bomb, not an answer). */
const MAX_INFLATED = 20 * 1024 * 1024;

/** MS-DOS time and date fields for `at` (local fields of the archive; seconds in steps of 2). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * Writes a zip archive (deflate, CRC-32, UTF-8 names): what SUNAT's sendBill and sendSummary
 * take. `modified` is stamped on every entry; the default (1980-01-01) keeps archives
 * byte-for-byte reproducible.
 */
export function writeZip(entries: readonly ZipEntry[], modified: Date = new Date(Date.UTC(1980, 0, 1))): Buffer {
  const { time, date } = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data);
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
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
