import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { BackupError } from './errors.ts';
import { keyCheck, keyMatches, NONCE_PREFIX_BYTES, openChunk, sealChunk, type ChunkContext, type KdfParams } from './crypto.ts';

/**
 * The file around the encrypted chunks (README.md "The file"):
 *
 *   MAGIC | u32 header length | header JSON (plain, authenticated)
 *   { u8 last | u32 length | sealed chunk } ...   (the last one has last = 1)
 *   END | sha256 of every byte before END
 *
 * The trailer lets the hub tell a whole file from a cut one without the
 * passphrase (the list checks it); the chunks' tags tell it again, with the
 * key, before a restore trusts a byte.
 */
export const MAGIC = Buffer.from('POSHUB-BACKUP-1\n', 'latin1');
export const END = Buffer.from('POSHUB-END', 'latin1');
export const TRAILER_BYTES = END.length + 32;
/** Plain bytes per chunk. */
export const CHUNK_BYTES = 1 << 20;
/** Refused above this (a hostile header or chunk length must not make the hub allocate gigabytes). */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_SEALED_BYTES = CHUNK_BYTES + 1024;

/** What anyone can read of a backup without the passphrase: when, why, from which store and seq. */
export type BackupHeader = {
  format: 1;
  createdAt: string;
  reason: string;
  hubVersion: string;
  storeId: string;
  seq: number;
  kdf: KdfParams;
  keyCheck: string;
  noncePrefix: string;
};

/** Writes the container to an open file: `write` plaintext, then `finish`. Every byte goes through `hash` for the trailer. */
export class ContainerWriter {
  private readonly handle: FileHandle;
  private readonly ctx: ChunkContext;
  private readonly hash: Hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;

  private constructor(handle: FileHandle, ctx: ChunkContext) {
    this.handle = handle;
    this.ctx = ctx;
  }

  static async begin(handle: FileHandle, key: Buffer, header: Omit<BackupHeader, 'format' | 'keyCheck' | 'noncePrefix'>): Promise<ContainerWriter> {
    const full: BackupHeader = { format: 1, ...header, keyCheck: keyCheck(key), noncePrefix: randomBytes(NONCE_PREFIX_BYTES).toString('base64') };
    const json = Buffer.from(JSON.stringify(full), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const writer = new ContainerWriter(handle, { key, noncePrefix: Buffer.from(full.noncePrefix, 'base64'), headerHash: createHash('sha256').update(json).digest() });
    await writer.raw(Buffer.concat([MAGIC, length, json]));
    return writer;
  }

  private async raw(bytes: Buffer): Promise<void> {
    this.hash.update(bytes);
    await this.handle.write(bytes);
  }

  async write(plain: Buffer): Promise<void> {
    let rest = plain;
    while (rest.length > 0) {
      const take = Math.min(rest.length, CHUNK_BYTES - this.pendingBytes);
      this.pending.push(rest.subarray(0, take));
      this.pendingBytes += take;
      rest = rest.subarray(take);
      if (this.pendingBytes === CHUNK_BYTES) await this.flush(false);
    }
  }

  private async flush(last: boolean): Promise<void> {
    const sealed = sealChunk(this.ctx, this.index++, last, Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
    const frame = Buffer.alloc(5);
    frame[0] = last ? 1 : 0;
    frame.writeUInt32BE(sealed.length, 1);
    await this.raw(Buffer.concat([frame, sealed]));
  }

  /** The last chunk (possibly empty) and the trailer. The caller fsyncs. */
  async finish(): Promise<void> {
    await this.flush(true);
    const digest = this.hash.digest();
    await this.handle.write(Buffer.concat([END, digest]));
  }
}

/** Reads exactly `length` bytes at `position`, or fewer at the file's end. */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await handle.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}

/** The header as written (its bytes, for the chunks' authenticated data), or a code when the file does not start as a backup. */
export async function readHeader(handle: FileHandle): Promise<{ header: BackupHeader; bytes: Buffer; end: number }> {
  const start = await readAt(handle, 0, MAGIC.length + 4);
  if (start.length < MAGIC.length) throw new BackupError(start.length === 0 || MAGIC.subarray(0, start.length).equals(start) ? 'BACKUP_TRUNCATED' : 'BACKUP_NOT_A_BACKUP');
  if (!start.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupError('BACKUP_NOT_A_BACKUP');
  if (start.length < MAGIC.length + 4) throw new BackupError('BACKUP_TRUNCATED');
  const length = start.readUInt32BE(MAGIC.length);
  if (length > MAX_HEADER_BYTES) throw new BackupError('BACKUP_CORRUPTED', 'header length');
  const bytes = await readAt(handle, MAGIC.length + 4, length);
  if (bytes.length < length) throw new BackupError('BACKUP_TRUNCATED');
  let header: BackupHeader;
  try {
    header = JSON.parse(bytes.toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupError('BACKUP_CORRUPTED', 'header');
  }
  if (!isHeader(header)) throw new BackupError('BACKUP_CORRUPTED', 'header');
  return { header, bytes, end: MAGIC.length + 4 + length };
}

function isHeader(h: unknown): h is BackupHeader {
  if (typeof h !== 'object' || h === null || Array.isArray(h)) return false;
  const o = h as Record<string, unknown>;
  const kdf = o.kdf as Record<string, unknown> | null;
  return (
    o.format === 1 &&
    typeof o.createdAt === 'string' &&
    typeof o.reason === 'string' &&
    typeof o.hubVersion === 'string' &&
    typeof o.storeId === 'string' &&
    typeof o.seq === 'number' &&
    typeof o.keyCheck === 'string' &&
    typeof o.noncePrefix === 'string' &&
    Buffer.from(o.noncePrefix, 'base64').length === NONCE_PREFIX_BYTES &&
    typeof kdf === 'object' &&
    kdf !== null &&
    typeof kdf.salt === 'string' &&
    typeof kdf.N === 'number' &&
    typeof kdf.r === 'number' &&
    typeof kdf.p === 'number'
  );
}

/**
 * Whether the file is whole: it ends with the trailer and the trailer's
 * sha256 is that of every byte before it. Needs no passphrase (the list
 * runs it); a cut or damaged file says which.
 */
export async function checkWhole(handle: FileHandle, onBytes?: (n: number) => void): Promise<{ ok: true } | { ok: false; code: 'BACKUP_TRUNCATED' | 'BACKUP_CORRUPTED' | 'BACKUP_NOT_A_BACKUP' }> {
  try {
    await readHeader(handle);
  } catch (err) {
    if (err instanceof BackupError && (err.code === 'BACKUP_TRUNCATED' || err.code === 'BACKUP_CORRUPTED' || err.code === 'BACKUP_NOT_A_BACKUP')) return { ok: false, code: err.code };
    throw err;
  }
  const { size } = await handle.stat();
  if (size < MAGIC.length + TRAILER_BYTES) return { ok: false, code: 'BACKUP_TRUNCATED' };
  const trailer = await readAt(handle, size - TRAILER_BYTES, TRAILER_BYTES);
  // No END where it belongs: the writer never got there (or the copy was cut).
  if (!trailer.subarray(0, END.length).equals(END)) return { ok: false, code: 'BACKUP_TRUNCATED' };
  const hash = createHash('sha256');
  const body = size - TRAILER_BYTES;
  const buf = Buffer.alloc(CHUNK_BYTES);
  for (let pos = 0; pos < body; ) {
    const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, body - pos), pos);
    if (bytesRead === 0) return { ok: false, code: 'BACKUP_TRUNCATED' };
    hash.update(buf.subarray(0, bytesRead));
    pos += bytesRead;
    onBytes?.(bytesRead);
  }
  return hash.digest().equals(trailer.subarray(END.length)) ? { ok: true } : { ok: false, code: 'BACKUP_CORRUPTED' };
}

/**
 * Every chunk's plaintext in order, each checked by its tag: a wrong key is
 * BACKUP_WRONG_PASSPHRASE before any chunk; a bad tag BACKUP_CORRUPTED; a
 * file that ends before its last chunk BACKUP_TRUNCATED; bytes after the
 * trailer BACKUP_CORRUPTED.
 */
export async function* readChunks(handle: FileHandle, key: Buffer): AsyncGenerator<Buffer> {
  const { header, bytes, end } = await readHeader(handle);
  if (!keyMatches(key, header.keyCheck)) throw new BackupError('BACKUP_WRONG_PASSPHRASE');
  const ctx: ChunkContext = { key, noncePrefix: Buffer.from(header.noncePrefix, 'base64'), headerHash: createHash('sha256').update(bytes).digest() };
  let pos = end;
  for (let index = 0; ; index++) {
    const frame = await readAt(handle, pos, 5);
    if (frame.length < 5) throw new BackupError('BACKUP_TRUNCATED');
    const last = frame[0] === 1;
    if (frame[0]! > 1) throw new BackupError('BACKUP_CORRUPTED', `chunk ${index}`);
    const length = frame.readUInt32BE(1);
    if (length > MAX_SEALED_BYTES) throw new BackupError('BACKUP_CORRUPTED', `chunk ${index} length`);
    const sealed = await readAt(handle, pos + 5, length);
    if (sealed.length < length) throw new BackupError('BACKUP_TRUNCATED');
    const plain = openChunk(ctx, index, last, sealed);
    if (!plain) throw new BackupError('BACKUP_CORRUPTED', `chunk ${index}`);
    pos += 5 + length;
    yield plain;
    if (last) break;
  }
  const trailer = await readAt(handle, pos, TRAILER_BYTES + 1);
  if (trailer.length < TRAILER_BYTES) throw new BackupError('BACKUP_TRUNCATED');
  if (trailer.length > TRAILER_BYTES || !trailer.subarray(0, END.length).equals(END)) throw new BackupError('BACKUP_CORRUPTED', 'trailer');
}
