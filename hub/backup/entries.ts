import { createHash } from 'node:crypto';
import { BackupError } from './errors.ts';

/**
 * The plaintext inside the encryption: each file as `u32 length | JSON
 * {path, size, sha256} | bytes`, then a last `{end: true, files}` listing
 * every file with its size and sha256 (the manifest). A restore writes
 * nothing it has not checked against both.
 */
export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = { end: true; files: ManifestFile[] };

/** A relative path of the data folder: plain names only, no `..`, no absolute path, no hidden or odd characters. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
export function isSafePath(path: string): boolean {
  if (typeof path !== 'string' || path.length === 0 || path.length > 1024) return false;
  return path.split('/').every((s) => SEGMENT.test(s) && s !== '..' && s !== '.');
}

const MAX_META_BYTES = 64 * 1024;

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function frame(meta: object, bytes?: Buffer): Buffer[] {
  const json = Buffer.from(JSON.stringify(meta), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return bytes ? [length, json, bytes] : [length, json];
}

/** The frames of one file; the caller keeps its manifest line. */
export function fileFrames(path: string, bytes: Buffer): { frames: Buffer[]; entry: ManifestFile } {
  if (!isSafePath(path)) throw new Error(`not a data path: ${path}`);
  const entry = { path, size: bytes.length, sha256: sha256(bytes) };
  return { frames: frame(entry, bytes), entry };
}

export function manifestFrame(files: ManifestFile[]): Buffer[] {
  return frame({ end: true, files } satisfies Manifest);
}

/**
 * Reads the frames back from plaintext pieces as they come: `push` each
 * piece, `onFile` gets each whole file once checked; `finish` says whether
 * the manifest came and agrees with every file seen.
 */
export class EntryReader {
  private buf: Buffer = Buffer.alloc(0);
  // Pieces not yet joined to buf: a large file is joined once, not once per chunk.
  private parts: Buffer[] = [];
  private partBytes = 0;
  private current: ManifestFile | null = null;
  private seen: ManifestFile[] = [];
  private manifest: Manifest | null = null;
  private readonly onFile: (entry: ManifestFile, bytes: Buffer) => Promise<void>;

  constructor(onFile: (entry: ManifestFile, bytes: Buffer) => Promise<void>) {
    this.onFile = onFile;
  }

  async push(piece: Buffer): Promise<void> {
    this.parts.push(piece);
    this.partBytes += piece.length;
    // Still short of the file under way: wait for more before copying anything.
    if (this.current && this.buf.length + this.partBytes < this.current.size) return;
    this.buf = Buffer.concat([this.buf, ...this.parts]);
    this.parts = [];
    this.partBytes = 0;
    for (;;) {
      if (this.manifest) {
        if (this.buf.length > 0) throw new BackupError('BACKUP_CORRUPTED', 'bytes after the manifest');
        return;
      }
      if (this.current) {
        if (this.buf.length < this.current.size) return;
        const bytes = this.buf.subarray(0, this.current.size);
        this.buf = this.buf.subarray(this.current.size);
        if (sha256(bytes) !== this.current.sha256) throw new BackupError('BACKUP_CORRUPTED', this.current.path);
        const entry = this.current;
        this.current = null;
        this.seen.push(entry);
        await this.onFile(entry, Buffer.from(bytes));
        continue;
      }
      if (this.buf.length < 4) return;
      const length = this.buf.readUInt32BE(0);
      if (length > MAX_META_BYTES) throw new BackupError('BACKUP_CORRUPTED', 'entry length');
      if (this.buf.length < 4 + length) return;
      const meta = parseMeta(this.buf.subarray(4, 4 + length));
      this.buf = this.buf.subarray(4 + length);
      if ('end' in meta) this.manifest = meta;
      else {
        if (this.seen.some((s) => s.path === meta.path)) throw new BackupError('BACKUP_CORRUPTED', `twice: ${meta.path}`);
        this.current = meta;
      }
    }
  }

  /** The manifest, once it came and lists exactly the files read (same order, sizes, sums). */
  finish(): Manifest {
    if (!this.manifest || this.current || this.buf.length > 0 || this.partBytes > 0) throw new BackupError('BACKUP_TRUNCATED');
    const listed = this.manifest.files;
    const same = listed.length === this.seen.length && listed.every((f, i) => f.path === this.seen[i]!.path && f.size === this.seen[i]!.size && f.sha256 === this.seen[i]!.sha256);
    if (!same) throw new BackupError('BACKUP_CORRUPTED', 'manifest');
    return this.manifest;
  }
}

function parseMeta(bytes: Buffer): ManifestFile | Manifest {
  let meta: unknown;
  try {
    meta = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('BACKUP_CORRUPTED', 'entry');
  }
  const o = meta as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new BackupError('BACKUP_CORRUPTED', 'entry');
  if (o.end === true && Array.isArray(o.files) && o.files.every(isEntry)) return { end: true, files: o.files };
  if (isEntry(o)) return { path: o.path, size: o.size, sha256: o.sha256 };
  throw new BackupError('BACKUP_CORRUPTED', 'entry');
}

function isEntry(v: unknown): v is ManifestFile {
  const o = v as Record<string, unknown> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.path === 'string' &&
    isSafePath(o.path) &&
    typeof o.size === 'number' &&
    Number.isSafeInteger(o.size) &&
    o.size >= 0 &&
    typeof o.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(o.sha256)
  );
}
