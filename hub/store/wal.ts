import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir } from './durable-fs.ts';
import { encodeLinesBytes, scanLines } from './line-codec.ts';
import { dataEndOf, SPARE_NAME, WalSegment, type Spare } from './wal-segment.ts';

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
  private segment: WalSegment | null = null;
  /** Old segments whose room is being cut off after a rotation: `close` waits for them. */
  private readonly retiring = new Set<Promise<void>>();
  /** Set after a failed write that could not be cut back: appends wait for a successful repair. */
  private needsRepair = false;
  /** How long writes take here: decides whether the next one waits in place or in the thread pool. */
  private readonly writeTime = new WriteTime();
  /** The next segment, made ahead beside the loop once the log is in use (WalSegment.prepare); null until ready. */
  private spare: Spare | null = null;
  /** Making the next spare (after the last rename's directory fsync); `close` waits for it. */
  private preparing: Promise<void> | null = null;
  private closing = false;

  readonly dir: string;
  /** Appends made since open: one trip to the disk each (group commit puts many records in one). */
  appends = 0;
  /** Bytes of records appended since open (the snapshotter weighs a snapshot's size against the log's growth). */
  bytesAppended = 0;

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
    // A spare holding records lost its rename in a crash: named by its first record before anything is read.
    await nameOrphanSpare(dir, log);
    const names = await wal.segmentNames();
    const records: R[] = [];
    let truncatedBytes = 0;
    let expected = afterSeq + 1;
    let lastDataEnd = 0;
    for (const [i, name] of names.entries()) {
      const file = path.join(dir, name);
      const bytes = await fs.readFile(file);
      // Zeros after the data are room a running hub wrote ahead (see WalSegment), not damage.
      const end = dataEndOf(bytes);
      const lines = scanLines(end === bytes.length ? bytes : bytes.subarray(0, end));
      lastDataEnd = end;
      const bad = lines.findIndex((l) => !isRecord(l.value));
      if (bad !== -1) {
        const isLastSegment = i === names.length - 1;
        const wholeAfter = holdsWholeRecord(bytes.subarray(lines[bad]!.start, end));
        if (!isLastSegment || wholeAfter) {
          throw new WalCorruptError(`log segment ${name} is damaged at byte ${lines[bad]!.start}, with whole records after it`);
        }
        truncatedBytes = end - lines[bad]!.start;
        log(`store: cutting a torn tail of ${truncatedBytes} bytes off ${name}`);
        await fs.truncate(file, lines[bad]!.start);
        await fsyncFile(file);
        lastDataEnd = lines[bad]!.start;
      }
      for (const line of bad === -1 ? lines : lines.slice(0, bad)) {
        const rec = line.value as R;
        if (rec.seq <= afterSeq) continue;
        if (rec.seq !== expected) throw new WalCorruptError(`log segment ${name}: expected seq ${expected}, found ${rec.seq}`);
        records.push(rec);
        expected++;
      }
    }
    const last = names.at(-1);
    wal.segment = last
      ? await WalSegment.open(dir, last, Number(SEGMENT_RE.exec(last)![1]), lastDataEnd, false)
      : await WalSegment.open(dir, segmentName(expected), expected, 0, true);
    return { wal, records, truncatedBytes, segments: names.length };
  }

  /** Appends records (already in seq order) and returns once they are durable. */
  async append(records: readonly R[]): Promise<void> {
    if (this.needsRepair) await this.repair();
    const segment = this.segment;
    if (!segment) throw new Error('log is closed');
    const data = encodeLinesBytes(records);
    const started = performance.now();
    let inPlace = false;
    try {
      // The segment is opened with O_DSYNC: each write returns only once its
      // data is on the disk, which saves a second trip for an fdatasync.
      inPlace = await segment.write(data, this.writeTime.inPlace());
      this.appends++;
      this.bytesAppended += data.length;
      // A log in use (not one opened to be read) gets its next segment made ahead.
      if (this.appends === PREPARE_AFTER_APPENDS) this.prepareSpare();
    } catch (err) {
      // Never leave half a record where the next append would follow it.
      this.needsRepair = true;
      await this.repair().catch(() => undefined);
      throw err;
    } finally {
      // Only a write made in place times the disk alone (one through the pool adds the hand-offs and the loop's turn).
      if (inPlace) this.writeTime.note(performance.now() - started);
    }
  }

  /** Starts a new segment whose first record will be `nextSeq`; if it cannot be made, the current one stays. */
  async rotate(nextSeq: number): Promise<void> {
    const old = this.segment;
    if (!old) throw new Error('log is closed');
    if (this.needsRepair) await this.repair();
    this.segment = this.adoptSpare(nextSeq) ?? (await WalSegment.open(this.dir, segmentName(nextSeq), nextSeq, 0, true));
    // Cutting the old segment's room off is no business of the write loop's.
    const retired: Promise<void> = old
      .close()
      .catch(() => undefined)
      .finally(() => this.retiring.delete(retired));
    this.retiring.add(retired);
  }

  /** Removes every segment whose records all come before `firstSeq` (a snapshot covers them). */
  async dropSegmentsBefore(firstSeq: number): Promise<number> {
    const keep = segmentName(Math.min(firstSeq, this.segment?.firstSeq ?? firstSeq));
    const old = (await this.segmentNames()).filter((n) => n < keep);
    for (const name of old) await fs.unlink(path.join(this.dir, name));
    if (old.length) await fsyncDir(this.dir);
    return old.length;
  }

  async close(): Promise<void> {
    this.closing = true;
    const segment = this.segment;
    this.segment = null;
    await segment?.close();
    await Promise.all([...this.retiring]);
    await this.preparing;
    // A log at rest holds segments only: the spare goes (the next start in use makes another).
    const spare = this.spare;
    this.spare = null;
    if (spare) {
      await spare.handle.close().catch(() => undefined);
      await fs.unlink(spare.file).catch(() => undefined);
    }
  }

  /** Resolves once the next segment being made ahead is made (or failed): whether one is ready (tests). */
  async spareReady(): Promise<boolean> {
    await this.preparing;
    return this.spare !== null;
  }

  /**
   * The spare made ahead becomes the segment of `nextSeq` (a rename: nothing to create, no name to
   * wait for, room already written), then the next spare is made once that rename is on disk.
   * Undefined when none is ready (or the rename failed): the caller opens a new file.
   */
  private adoptSpare(nextSeq: number): WalSegment | undefined {
    const spare = this.spare;
    if (!spare) return undefined;
    this.spare = null;
    try {
      const segment = WalSegment.adopt(spare, this.dir, segmentName(nextSeq), nextSeq);
      // The next spare only after the rename is durable: a spare found holding records after a crash is then always the newest segment.
      this.prepareSpare(true);
      return segment;
    } catch {
      void spare.handle.close().catch(() => undefined);
      return undefined;
    }
  }

  /** Makes the next segment ahead, beside the loop (after a directory fsync, when a rename must be on disk first). */
  private prepareSpare(afterRename = false): void {
    if (this.preparing || this.spare || this.closing) return;
    const making = (async () => {
      if (afterRename) await fsyncDir(this.dir);
      const spare = await WalSegment.prepare(this.dir);
      if (!spare) return;
      if (this.closing) {
        await spare.handle.close().catch(() => undefined);
        await fs.unlink(spare.file).catch(() => undefined);
        return;
      }
      this.spare = spare;
    })()
      .catch(() => undefined)
      .finally(() => {
        if (this.preparing === making) this.preparing = null;
      });
    this.preparing = making;
  }

  private async repair(): Promise<void> {
    if (!this.segment) return;
    await this.segment.cutBack();
    this.needsRepair = false;
  }

  private async segmentNames(): Promise<string[]> {
    return (await fs.readdir(this.dir)).filter((n) => SEGMENT_RE.test(n)).sort();
  }
}

/** Appends after which a log counts as in use and gets its next segment made ahead (a log opened only to be read gets none). */
const PREPARE_AFTER_APPENDS = 8;

/**
 * A spare segment that holds records was adopted, written to, and its rename lost in a crash (the
 * directory's fsync of the rename had not finished): it is the newest segment, named here by its
 * first record. One without a whole record never held an acknowledged one and goes. Returns the
 * name it got, if any.
 */
async function nameOrphanSpare(dir: string, log: (msg: string) => void): Promise<string | null> {
  const file = path.join(dir, SPARE_NAME);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return null;
  }
  const end = dataEndOf(bytes);
  const first = end > 0 ? scanLines(bytes.subarray(0, end))[0] : undefined;
  if (!first || !isRecord(first.value)) {
    await fs.unlink(file);
    return null;
  }
  const name = segmentName((first.value as Sequenced).seq);
  if (await fs.stat(path.join(dir, name)).then(() => true, () => false)) throw new WalCorruptError(`log: ${SPARE_NAME} holds records and ${name} exists too`);
  await fs.rename(file, path.join(dir, name));
  await fsyncDir(dir);
  log(`store: the log segment made ahead held records but had lost its name in a crash: named ${name}`);
  return name;
}

/**
 * How long the disk takes for a write, judged from recent writes made in
 * place. A write to a fast disk (an SSD's fdatasync takes about 0.1 ms) costs
 * less than the two thread hand-offs of an asynchronous write, so it is made
 * in place, holding the event loop that long; on a slow disk (an SD card takes
 * milliseconds) the loop must stay free and the write goes to the thread
 * pool. Commands that arrive meanwhile wait for the next batch either way:
 * group commit is unchanged.
 *
 * The judgement is the median of the last few writes made in place, not a
 * moving average of all of them (issue 20, the lone device's profile): on a
 * shared disk one write in ten takes a few milliseconds, and an average sent
 * the log to the thread pool after each such spike; there every write took
 * 0.8 ms instead of 0.13 (the hand-offs, on a busy CPU) and kept the average
 * up by itself, so 40 % of a lone device's writes went the slow way. Writes
 * through the pool are not timed (they time the hand-offs, not the disk);
 * while in the pool, one write in `PROBE_EVERY` is made in place to learn
 * whether the disk got faster.
 */
export class WriteTime {
  /** A median at or above this sends writes to the thread pool. */
  static readonly IN_PLACE_BELOW_MS = 1;
  /** Writes in place remembered (odd: the median is one of them). */
  static readonly SAMPLES = 9;
  /** In the pool, every this-many-th write is made in place anyway, to time the disk again. */
  static readonly PROBE_EVERY = 16;
  private readonly recent: number[] = [];
  private next = 0;
  private pooled = 0;

  inPlace(): boolean {
    if (this.medianMs() < WriteTime.IN_PLACE_BELOW_MS) return true;
    this.pooled = (this.pooled + 1) % WriteTime.PROBE_EVERY;
    return this.pooled === 0;
  }

  /** A write made in place took `ms`. */
  note(ms: number): void {
    if (this.recent.length < WriteTime.SAMPLES) this.recent.push(ms);
    else this.recent[this.next] = ms;
    this.next = (this.next + 1) % WriteTime.SAMPLES;
  }

  /** The median of the remembered writes (0 before the first: start in place, as a fast disk would). */
  medianMs(): number {
    if (this.recent.length === 0) return 0;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!;
  }
}

/**
 * True when a whole record stands somewhere in `tail` (a segment's bytes from
 * its first bad line on), also after zeros that are not room: a hole followed
 * by data. Records hold neither a newline nor a zero byte, so reading zeros as
 * line ends finds each one whole.
 */
function holdsWholeRecord(tail: Buffer): boolean {
  const separated = Buffer.from(tail);
  for (let i = separated.indexOf(0); i !== -1; i = separated.indexOf(0, i + 1)) separated[i] = 0x0a;
  return scanLines(separated).some((l) => isRecord(l.value));
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
