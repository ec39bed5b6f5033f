import { constants as fsc, promises as fs, writeSync } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { encodeLineBytes, scanLines } from './line-codec.ts';

/** Anything the log holds must carry its sequence number. */
export type Sequenced = { seq: number };

export class WalCorruptError extends Error {
  override name = 'WalCorruptError';
}

const SEGMENT_RE = /^(\d{16})\.log$/;
const segmentName = (firstSeq: number) => `${String(firstSeq).padStart(16, '0')}.log`;

export type Recovered<R> = { records: R[]; truncatedBytes: number; segments: number };

/**
 * The write-ahead log: append-only segment files of checksummed JSON lines.
 * `append` returns only once the data is on disk (O_DSYNC writes), so a
 * resolved append is durable.
 * It is not safe for concurrent appends: the engine serialises them (and
 * batches many records into one append: group commit).
 */
export class Wal<R extends Sequenced> {
  private handle: fs.FileHandle | null = null;
  private segmentFirstSeq = 0;
  /** Bytes of the current segment known to be whole; a failed write is cut back to this. */
  private goodLength = 0;
  /** Set after a failed write that could not be cut back: appends wait for a successful repair. */
  private needsRepair = false;
  /** How long writes take here: decides whether the next one waits in place or in the thread pool. */
  private readonly writeTime = new WriteTime();

  readonly dir: string;
  /** Appends made since open: one trip to the disk each (group commit puts many records in one). */
  appends = 0;

  private constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * Opens the log in `dir`, reading every record after `afterSeq`. A torn or
   * damaged tail of the last segment is cut off (and reported); damage with
   * whole records after it is corruption, and opening fails rather than
   * start on half-read data.
   */
  static async open<R extends Sequenced>(dir: string, afterSeq: number, log: (msg: string) => void): Promise<{ wal: Wal<R> } & Recovered<R>> {
    await makePrivateDir(dir);
    const wal = new Wal<R>(dir);
    const names = await wal.segmentNames();
    const records: R[] = [];
    let truncatedBytes = 0;
    let expected = afterSeq + 1;
    for (const [i, name] of names.entries()) {
      const file = path.join(dir, name);
      const bytes = await fs.readFile(file);
      const lines = scanLines(bytes);
      const bad = lines.findIndex((l) => !isRecord(l.value));
      if (bad !== -1) {
        const isLastSegment = i === names.length - 1;
        const wholeAfter = lines.slice(bad + 1).some((l) => isRecord(l.value));
        if (!isLastSegment || wholeAfter) {
          throw new WalCorruptError(`log segment ${name} is damaged at byte ${lines[bad]!.start}, with whole records after it`);
        }
        truncatedBytes = bytes.length - lines[bad]!.start;
        log(`store: cutting a torn tail of ${truncatedBytes} bytes off ${name}`);
        await fs.truncate(file, lines[bad]!.start);
        await fsyncFile(file);
      }
      for (const line of bad === -1 ? lines : lines.slice(0, bad)) {
        const rec = line.value as R;
        if (rec.seq <= afterSeq) continue;
        if (rec.seq !== expected) throw new WalCorruptError(`log segment ${name}: expected seq ${expected}, found ${rec.seq}`);
        records.push(rec);
        expected++;
      }
    }
    await wal.openSegment(expected, names.at(-1));
    return { wal, records, truncatedBytes, segments: names.length };
  }

  /** Appends records (already in seq order) and returns once they are durable. */
  async append(records: readonly R[]): Promise<void> {
    if (this.needsRepair) await this.repair();
    const handle = this.handle;
    if (!handle) throw new Error('log is closed');
    const data = records.length === 1 ? encodeLineBytes(records[0]) : Buffer.concat(records.map(encodeLineBytes));
    const started = performance.now();
    try {
      // The segment is opened with O_DSYNC: each write returns only once its
      // data is on the disk, which saves a second trip for an fdatasync.
      if (this.writeTime.inPlace()) writeAllSync(handle.fd, data);
      else await writeAll(handle, data);
      this.goodLength += data.length;
      this.appends++;
    } catch (err) {
      // Never leave half a record where the next append would follow it.
      this.needsRepair = true;
      await this.repair().catch(() => undefined);
      throw err;
    } finally {
      this.writeTime.note(performance.now() - started);
    }
  }

  /** Starts a new segment whose first record will be `nextSeq`; if it cannot be made, the current one stays. */
  async rotate(nextSeq: number): Promise<void> {
    const old = this.handle;
    if (!old) throw new Error('log is closed');
    if (this.needsRepair) await this.repair();
    await this.openSegment(nextSeq, undefined);
    await old.close();
  }

  /** Removes every segment whose records all come before `firstSeq` (a snapshot covers them). */
  async dropSegmentsBefore(firstSeq: number): Promise<number> {
    const keep = segmentName(Math.min(firstSeq, this.segmentFirstSeq));
    const old = (await this.segmentNames()).filter((n) => n < keep);
    for (const name of old) await fs.unlink(path.join(this.dir, name));
    if (old.length) await fsyncDir(this.dir);
    return old.length;
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
  }

  private async repair(): Promise<void> {
    if (!this.handle) return;
    await this.handle.truncate(this.goodLength);
    await this.handle.datasync();
    this.needsRepair = false;
  }

  private async openSegment(nextSeq: number, existing: string | undefined): Promise<void> {
    const name = existing ?? segmentName(nextSeq);
    const file = path.join(this.dir, name);
    const handle = await fs.open(file, fsc.O_WRONLY | fsc.O_APPEND | fsc.O_CREAT | fsc.O_DSYNC, PRIVATE_FILE_MODE);
    try {
      const size = (await handle.stat()).size;
      // The new name must be on disk before any record in it is acknowledged.
      if (!existing) await fsyncDir(this.dir);
      this.handle = handle;
      this.goodLength = size;
      this.segmentFirstSeq = Number(SEGMENT_RE.exec(name)![1]);
    } catch (err) {
      await handle.close();
      if (!existing) await fs.unlink(file).catch(() => undefined);
      throw err;
    }
  }

  private async segmentNames(): Promise<string[]> {
    return (await fs.readdir(this.dir)).filter((n) => SEGMENT_RE.test(n)).sort();
  }
}

/**
 * Recent write times (a moving average). A write to a fast disk (an SSD's
 * fdatasync takes about 0.1 ms) costs less than the two thread hand-offs of an
 * asynchronous write, so it is made in place, holding the event loop that
 * long; on a slow disk (an SD card takes milliseconds) the loop must stay free
 * and the write goes to the thread pool. Commands that arrive meanwhile wait
 * for the next batch either way: group commit is unchanged.
 */
class WriteTime {
  /** Writes slower than this on average go to the thread pool. */
  static readonly IN_PLACE_BELOW_MS = 1;
  private averageMs = 0;

  inPlace(): boolean {
    return this.averageMs < WriteTime.IN_PLACE_BELOW_MS;
  }

  note(ms: number): void {
    this.averageMs = this.averageMs === 0 ? ms : this.averageMs * 0.8 + ms * 0.2;
  }
}

function writeAllSync(fd: number, data: Buffer): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off);
}

async function writeAll(handle: fs.FileHandle, data: Buffer): Promise<void> {
  let off = 0;
  while (off < data.length) {
    const { bytesWritten } = await handle.write(data, off, data.length - off);
    off += bytesWritten;
  }
}

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Sequenced).seq === 'number';
}

async function fsyncFile(file: string): Promise<void> {
  const h = await fs.open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}
