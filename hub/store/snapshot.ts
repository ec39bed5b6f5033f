import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandResult, State } from '#protocol';
import { STORE_FORMAT_VERSION } from '#protocol';
import { fsyncDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { stringifyInSlices, type JsonSink } from './json-slices.ts';
import { decodeLineBytes } from './line-bytes.ts';
import { crc32 } from 'node:zlib';

/** A command id the hub has answered, kept so that a resend gets the same answer. */
export type ProcessedEntry = { id: string; seq: number; at: string; result: CommandResult };

export type SnapshotFile = {
  /** Store format of `state` (STORE_FORMAT_VERSION when written; see hub/domain/migrations). */
  format: number;
  storeId: string;
  /** Every record up to this seq is folded into `state`. */
  seq: number;
  /** Bills up to this seq are safely in the day archive. */
  archivedThroughSeq: number;
  writtenAt: string;
  state: State;
  /**
   * Command ids, in snapshots written before issue 20 only: since then they
   * are in files of their own beside it (processed-files.ts), each snapshot
   * writing only the ids added since the one before.
   */
  processed?: ProcessedEntry[];
};

export class SnapshotCorruptError extends Error {
  override name = 'SnapshotCorruptError';
}

const FILE = 'snapshot.json';

/** Reads the snapshot, null when there is none yet; a damaged one stops the hub. */
export async function readSnapshot(dir: string): Promise<SnapshotFile | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(path.join(dir, FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Checked and parsed from the bytes: no string copy, trimmed copy and re-encoded copy of a large file.
  const value = decodeLineBytes(bytes, 0, bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length) as SnapshotFile | null;
  if (!value || typeof value.seq !== 'number') throw new SnapshotCorruptError(`${FILE} in ${dir} fails its checksum`);
  // Every snapshot ever written names its format; one that does not is read as the first (1).
  const format = typeof value.format === 'number' ? value.format : 1;
  if (format > STORE_FORMAT_VERSION) {
    throw new SnapshotCorruptError(`${FILE} was written by a newer hub (store format ${format}, this one knows up to ${STORE_FORMAT_VERSION}): update this hub`);
  }
  return { ...value, format };
}

/**
 * Removes temp files of snapshots whose writer died before the rename (a
 * crash mid-snapshot leaves one, as large as the state). Only call it while
 * no snapshot is being written, as at start-up.
 */
export async function removeSnapshotTemps(dir: string): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => n.startsWith(`${FILE}.tmp-`));
  for (const n of stale) await fs.unlink(path.join(dir, n));
  return stale.length;
}

/** Bytes written per file write while a snapshot is serialised (the text between pauses gathers up to this). */
const WRITE_CHUNK = 256 * 1024;

/**
 * Writes the snapshot atomically: a crash leaves the old one or the new one,
 * never half (temp file, fsync, rename, fsync the directory). The JSON is
 * produced in slices of about `sliceMs` (see json-slices.ts) and written as it
 * comes, so a big state neither holds the event loop nor sits in memory twice;
 * the checksum that heads the line is computed along the way and written into
 * its place last. The bytes are exactly `encodeLine` of the file's value.
 * Returns the size in bytes.
 */
/**
 * A large snapshot is pushed to the disk a piece at a time as it is written
 * (an fdatasync per this many bytes), not all at the end: one 23 MB flush at
 * the end kept the disk busy for the log's fdatasyncs behind it (the acks).
 */
const SYNC_EVERY_BYTES = 1024 * 1024;

export async function writeSnapshot(dir: string, snapshot: Omit<SnapshotFile, 'format'>, sliceMs = 2): Promise<number> {
  const file = path.join(dir, FILE);
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await fs.open(tmp, 'w', PRIVATE_FILE_MODE);
  let size: number;
  try {
    // Room for "<crc32 hex> " ahead of the JSON; filled in once the JSON is whole.
    await handle.write(Buffer.from('00000000 ', 'latin1'));
    let crc = 0;
    // Texts to encode, and kept containers' texts already in bytes (json-slices.ts), in file order.
    let pending: (string | Buffer)[] = [];
    let pendingLength = 0;
    let written = 9;
    let synced = 0;
    const flush = async () => {
      if (pendingLength === 0) return;
      const bytes = joinPending(pending);
      pending = [];
      pendingLength = 0;
      crc = crc32(bytes, crc);
      await writeAll(handle, bytes, written);
      written += bytes.length;
      if (written - synced >= SYNC_EVERY_BYTES) {
        await handle.datasync();
        synced = written;
      }
    };
    const sink: JsonSink = {
      push(text) {
        pending.push(text);
        pendingLength += text.length;
      },
      // An unchanged bucket's bytes are written as kept: with 70,000 members and coupons most of the file.
      pushBytes(bytes) {
        pending.push(bytes);
        pendingLength += bytes.length;
      },
      // Between slices: write what gathered once it is worth a system call.
      flush: () => (pendingLength >= WRITE_CHUNK ? flush() : Promise.resolve()),
    };
    await stringifyInSlices({ format: STORE_FORMAT_VERSION, ...snapshot }, sink, sliceMs);
    await flush();
    await writeAll(handle, Buffer.from('\n', 'latin1'), written);
    size = written + 1;
    await writeAll(handle, Buffer.from(crc.toString(16).padStart(8, '0'), 'latin1'), 0);
    await handle.sync();
  } catch (err) {
    // Half a snapshot is of no use, and on a full disk it holds the space the log needs.
    await handle.close().catch(() => undefined);
    await fs.unlink(tmp).catch(() => undefined);
    throw err;
  }
  await handle.close();
  await fs.rename(tmp, file);
  await fsyncDir(dir);
  return size;
}

/** The bytes of `parts` in order: each run of texts encoded once, kept bytes copied as they are. */
function joinPending(parts: readonly (string | Buffer)[]): Buffer {
  const out: Buffer[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      run.push(part);
      continue;
    }
    if (run.length > 0) out.push(Buffer.from(run.join(''), 'utf8'));
    run = [];
    out.push(part);
  }
  if (run.length > 0) out.push(Buffer.from(run.join(''), 'utf8'));
  return out.length === 1 ? out[0]! : Buffer.concat(out);
}

/** Writes all of `bytes` at `position` (a write may take fewer bytes than asked). */
async function writeAll(handle: fs.FileHandle, bytes: Buffer, position: number): Promise<void> {
  let off = 0;
  while (off < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, off, bytes.length - off, position + off);
    off += bytesWritten;
  }
}
