import { crc32, createInflateRaw, deflateRawSync } from 'node:zlib';

/**
 * The small part of ZIP that XLSX needs: write deflated entries, and read
 * the entries of a file made by Excel, LibreOffice or Google Sheets (through
 * the central directory, so entries with data descriptors read fine). No
 * ZIP64, no encryption: a menu is far below 4 GB.
 *
 * Reading is lazy and bounded, because an upload may be hostile: listing
 * reads only the central directory; an entry is unpacked only when asked,
 * off the main thread (node:zlib's async inflate runs on the thread pool),
 * and never past the cap the caller gives, whatever size the entry claims.
 */

export type ZipEntry = { name: string; data: Buffer };

/** A zip that is damaged, too big, or uses a feature this reader does not. */
export class ZipError extends Error {
  override name = 'ZipError';
  /**
   * notZip: no zip directory at all; tooBig: past a cap; damaged: cannot be
   * read to the end; unsupported: encryption, ZIP64, an unknown method.
   */
  readonly kind: 'notZip' | 'tooBig' | 'damaged' | 'unsupported';

  constructor(kind: ZipError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

function dosTime(d: Date): { time: number; date: number } {
  // A zip date cannot be before 1980 (its year field counts from there).
  if (d.getFullYear() < 1980) d = new Date(1980, 0, 1);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** An entry already deflated (raw deflate), with the checksum and size of what it unpacks to. */
export type PackedEntry = { name: string; packed: Buffer; crc: number; size: number };

/** A zip archive of the entries, each deflated. */
export function writeZip(entries: readonly ZipEntry[], when = new Date()): Buffer {
  return writePackedZip(
    entries.map((e) => ({ name: e.name, packed: deflateRawSync(e.data, { level: 6 }), crc: crc32(e.data), size: e.data.length })),
    when,
  );
}

/** A zip archive of entries deflated beforehand (so a big entry can be packed as a stream). */
export function writePackedZip(entries: readonly PackedEntry[], when = new Date()): Buffer {
  const { time, date } = dosTime(when);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const { packed, crc } = e;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0x0800, 6); // names are UTF-8
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(e.size, 22);
    head.writeUInt16LE(name.length, 26);
    head.writeUInt16LE(0, 28);
    locals.push(head, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += head.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** One entry of a zip's central directory, not yet unpacked. */
export type ZipListing = { name: string; method: number; flags: number; crc: number; packedSize: number; size: number; dataStart: number };

/** Most entries a zip may list (an .xlsx has about 10 to 40). */
const MAX_ENTRIES = 4096;

/**
 * The entries of a zip by name, from its central directory; nothing is
 * unpacked. Throws ZipError for a file that is not a zip or is damaged.
 */
export function listZip(buf: Buffer): Map<string, ZipListing> {
  // The end record is in the last 22 bytes plus at most a 64 KB comment.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < from || eocd + 22 > buf.length) throw new ZipError('notZip', 'no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  if (count === 0xffff || buf.readUInt32LE(eocd + 16) === 0xffffffff) throw new ZipError('unsupported', 'ZIP64');
  if (count > MAX_ENTRIES) throw new ZipError('tooBig', `${count} entries`);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, ZipListing>();
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError('damaged', 'damaged central directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const packedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLen > buf.length) throw new ZipError('damaged', 'damaged central directory');
    const name = buf.toString(flags & 0x0800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ZipError('damaged', `damaged entry ${name}`);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + packedSize > buf.length) throw new ZipError('damaged', `truncated entry ${name}`);
    // Two entries of one name would let a file show one thing to a tool and another to the hub.
    if (out.has(name)) throw new ZipError('damaged', `entry ${name} twice`);
    out.set(name, { name, method, flags, crc, packedSize, size, dataStart });
  }
  return out;
}

/**
 * Inflates `packed` into a buffer of exactly `size` bytes, checking the CRC
 * as it goes. The work runs on the thread pool and arrives in 1 MB pieces,
 * each copied and checksummed in its own turn of the event loop, so even a
 * 24 MB part never holds the hub's thread for long; output past `size`
 * stops the inflation at once (a "zip bomb" that claims 1 KB costs 1 KB).
 */
function inflateExactly(packed: Buffer, name: string, size: number, crc: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out = Buffer.allocUnsafe(size);
    let filled = 0;
    let sum = 0;
    let failed = false;
    const inflate = createInflateRaw({ chunkSize: 1024 * 1024 });
    const fail = (err: ZipError) => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (filled + chunk.length > size) return fail(new ZipError('damaged', `${name} unpacks past the ${size} bytes it declares`));
      chunk.copy(out, filled);
      filled += chunk.length;
      sum = crc32(chunk, sum);
    });
    inflate.on('error', (err) => fail(new ZipError('damaged', `cannot unpack ${name}: ${err.message}`)));
    inflate.on('end', () => {
      if (filled !== size || sum !== crc) fail(new ZipError('damaged', `${name} does not match its size or checksum`));
      else resolve(out);
    });
    inflate.end(packed);
  });
}

/**
 * One entry's bytes, unpacked off the main thread. An entry that declares
 * more than `cap` bytes is refused unopened (tooBig); one that unpacks to
 * more than it declares is stopped there (damaged), so no entry ever costs
 * more than `cap`. Size and checksum must match (damaged otherwise).
 */
export async function unpackEntry(buf: Buffer, entry: ZipListing, cap: number): Promise<Buffer> {
  if (entry.flags & 0x1) throw new ZipError('unsupported', `encrypted entry ${entry.name}`);
  if (entry.size > cap) throw new ZipError('tooBig', `${entry.name} unpacks to ${entry.size} bytes`);
  const packed = buf.subarray(entry.dataStart, entry.dataStart + entry.packedSize);
  if (entry.method === 8) return inflateExactly(packed, entry.name, entry.size, entry.crc);
  if (entry.method !== 0) throw new ZipError('unsupported', `compression method ${entry.method}`);
  if (packed.length !== entry.size || crc32(packed) !== entry.crc) throw new ZipError('damaged', `${entry.name} does not match its size or checksum`);
  return Buffer.from(packed);
}

/**
 * Every entry of a zip unpacked, by name, within `maxBytes` in total (for
 * tests and small tools; the workbook reader unpacks only what it needs).
 */
export async function readZip(buf: Buffer, maxBytes: number): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let left = maxBytes;
  for (const entry of listZip(buf).values()) {
    const data = await unpackEntry(buf, entry, left);
    left -= data.length;
    out.set(entry.name, data);
  }
  return out;
}
