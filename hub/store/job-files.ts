import { constants as fsFlags, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Job } from '#protocol';
import { fsyncDir, makePrivateDir, PRIVATE_FILE_MODE } from './durable-fs.ts';
import { encodeInSlices, slicer } from './encode-slices.ts';
import { JobDocuments, isLeftOnDisk, StringPool, type LineAt } from './job-documents.ts';
import { decodeLineBytes } from './line-bytes.ts';

/**
 * The hub's job table on disk (issue 20; the table: hub/engine/job-table.ts),
 * beside the snapshot, which no longer holds jobs: `DIR/jobs/table-<base>.jsonl`,
 * an append-only file of job versions. Each snapshot appends the versions of
 * the jobs changed since the one before (the committed view at its seq) and
 * then a marker line `{ seq, next }`, and fdatasyncs, BEFORE its snapshot is
 * renamed into place: so the versions up to the marker of the snapshot's seq
 * are exactly the table at that seq. Recovery reads them (the last version of
 * an id wins, a `gone` one drops it), stops at that marker, cuts off what
 * follows (a snapshot that never finished), then the log's job events after
 * the snapshot's seq are replayed.
 *
 * When the file holds more than twice the live jobs + 1,000 lines, a snapshot
 * writes the live set whole to a new file named by its seq (temp, fsync,
 * rename) and appends there from then on; the old file is deleted once that
 * snapshot is on disk (a crash before leaves the old one, which recovery
 * chooses: it picks the newest file whose base is covered by the snapshot).
 * Amortised, a snapshot costs the jobs that changed.
 */

/** One line of the file: a job and its creation number, a job pruned, or a snapshot's marker. */
export type JobVersion = { n: number; job: Job } | { gone: string };
type Marker = { seq: number; next: number };

/** Lines the file may hold beyond twice the live jobs before a snapshot rewrites it. */
export const COMPACT_SLACK = 1_000;

const NAME = /^table-(\d+)\.jsonl$/;

export function jobFilesDir(dataDir: string): string {
  return path.join(dataDir, 'jobs');
}

/** What recovery reads: the table at the snapshot's seq, and whether the files knew that seq. */
export type LoadedJobs = { versions: JobVersion[]; next: number; markerSeq: number | null };

/** What a snapshot hands over (hub/engine/job-table.ts `JobCapture`). */
export type JobWrite = { seq: number; next: number; changed: readonly JobVersion[]; whole: readonly JobVersion[] | null };

const isMarker = (v: unknown): v is Marker => typeof v === 'object' && v !== null && typeof (v as Marker).seq === 'number' && typeof (v as Marker).next === 'number';
function isVersion(v: unknown): v is JobVersion {
  if (typeof v !== 'object' || v === null) return false;
  if ('gone' in v) return typeof v.gone === 'string';
  const x = v as { n?: unknown; job?: { id?: unknown } };
  return typeof x.n === 'number' && typeof x.job === 'object' && x.job !== null && typeof x.job.id === 'string';
}

/** Writes the chunks one after another from offset `at`, the event loop running between slices; the offset after them. */
async function writeChunksAt(handle: FileHandle, chunks: readonly Buffer[], at: number): Promise<number> {
  const slice = slicer();
  for (const chunk of chunks) {
    await handle.write(chunk, 0, chunk.length, at);
    at += chunk.length;
    await slice();
  }
  return at;
}

/** Bytes read at a time: the file (20-29 MB for 20,000 tickets) is never held whole, nor its lines all at once. */
const READ_CHUNK = 1 << 20;

/**
 * The lines of a file, decoded a chunk at a time as it is read (a line
 * that does not decode, or a last piece with no newline, comes as null),
 * each with the offset where it ends. A missing file has none.
 */
async function* readLines(file: string, keep: (value: unknown) => unknown = (v) => v): AsyncGenerator<{ value: unknown; start: number; end: number }[]> {
  const handle = await fs.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return;
  try {
    const buf = Buffer.allocUnsafe(READ_CHUNK);
    let carry: Buffer = Buffer.alloc(0);
    let offset = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      const chunk = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, bytesRead)]) : buf.subarray(0, bytesRead);
      let start = 0;
      const lines: { value: unknown; start: number; end: number }[] = [];
      for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        lines.push({ value: keep(decodeLineBytes(chunk, start, nl)), start: offset + start, end: offset + nl + 1 });
        start = nl + 1;
      }
      yield lines;
      offset += start;
      // A line cut by the chunk's end waits for the next (copied: `buf` is read into again).
      carry = Buffer.from(chunk.subarray(start));
    }
    if (carry.length > 0) yield [{ value: null, start: offset, end: offset + carry.length }];
  } finally {
    await handle.close();
  }
}

export class JobFiles {
  private readonly dir: string;
  /** The file appended to, its base seq, its length of whole groups, its line count. */
  private base: number;
  private size: number;
  private lines: number;
  /** Files a compaction superseded, deleted once a snapshot at or past `base` is on disk. */
  private superseded: string[] = [];
  private readonly log: (message: string) => void;
  /** Lines beyond twice the live jobs before a rewrite (COMPACT_SLACK; smaller in tests). */
  slack = COMPACT_SLACK;
  /** The print documents of jobs read back at open, left in their lines (job-documents.ts). */
  readonly documents: JobDocuments;

  private constructor(dir: string, base: number, size: number, lines: number, log: (message: string) => void, documents: JobDocuments) {
    this.documents = documents;
    this.dir = dir;
    this.base = base;
    this.size = size;
    this.lines = lines;
    this.log = log;
  }

  private static fileName(base: number): string {
    return `table-${base}.jsonl`;
  }

  /**
   * Reads the table as the snapshot at `snapSeq` left it: the newest file
   * whose base that snapshot covers, up to its marker of `snapSeq` (or the last
   * marker before it); what follows is cut off, newer files deleted, older
   * ones too (a later base covers them).
   */
  static async open(dataDir: string, snapSeq: number, log: (message: string) => void): Promise<{ files: JobFiles; loaded: LoadedJobs }> {
    const dir = jobFilesDir(dataDir);
    await makePrivateDir(dir);
    const names = await fs.readdir(dir);
    const bases: number[] = [];
    for (const name of names) {
      if (name.includes('.tmp-')) await fs.unlink(path.join(dir, name)).catch(() => undefined);
      const m = NAME.exec(name);
      if (m) bases.push(Number(m[1]));
    }
    bases.sort((a, b) => a - b);
    const chosen = bases.filter((b) => b <= snapSeq).at(-1) ?? 0;
    for (const b of bases) if (b !== chosen) await fs.unlink(path.join(dir, JobFiles.fileName(b))).catch(() => undefined);
    const file = path.join(dir, JobFiles.fileName(chosen));
    // Each version with the line it was read from: a print job's document stays there (job-documents.ts).
    const byId = new Map<string, { version: JobVersion; line: LineAt }>();
    let group: { version: JobVersion; line: LineAt }[] = [];
    let next = 0;
    let markerSeq: number | null = null;
    let good = 0;
    let lines = 0;
    const damagedAt: number[] = [];
    let groupLines = 0;
    const fileSize = (await fs.stat(file).catch(() => null))?.size ?? 0;
    // Groups after the snapshot's marker (a later snapshot that never finished) are not read.
    // A print job's paper is dropped as each line is decoded, while it is young: 20,000 tickets never sit parsed in the heap.
    // Equal times and ids of the stubs share one string (job-documents.ts StringPool), for this load only.
    const pool = new StringPool();
    const stubbed = (v: unknown) => (isVersion(v) && !('gone' in v) ? { n: v.n, job: JobDocuments.stub(v.job, pool.share) } : v);
    reading: for await (const chunk of readLines(file, stubbed)) for (const line of chunk) {
      const v = line.value;
      groupLines++;
      if (isMarker(v)) {
        if (v.seq > snapSeq) break reading;
        for (const g of group) byId.set('gone' in g.version ? g.version.gone : g.version.job.id, g);
        group = [];
        next = v.next;
        markerSeq = v.seq;
        good = line.end;
        lines += groupLines;
        groupLines = 0;
      } else if (isVersion(v)) group.push({ version: v, line: { file, start: line.start, end: line.end - 1 } });
      else damagedAt.push(line.end);
    }
    // Only those inside what is kept count: a torn tail is simply cut off.
    const damaged = damagedAt.filter((end) => end <= good).length;
    if (damaged > 0) log(`store: ${damaged} damaged line(s) in jobs/${JobFiles.fileName(chosen)} skipped (those job versions are lost)`);
    if (good < fileSize) {
      // A snapshot that never finished (or a torn write): what it appended is not part of the table.
      const handle = await fs.open(file, 'r+');
      try {
        await handle.truncate(good);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    const documents = new JobDocuments();
    const versions: { n: number; job: Job }[] = [];
    for (const { version, line } of byId.values()) {
      if ('gone' in version) continue;
      versions.push(version);
      if (isLeftOnDisk(version.job)) documents.place(version.job.id, line);
    }
    versions.sort((a, b) => a.n - b.n);
    return { files: new JobFiles(dir, chosen, good, lines, log, documents), loaded: { versions, next, markerSeq } };
  }

  /** Whether the next snapshot should write the live set whole (the file holds more than twice it + COMPACT_SLACK lines). */
  wantsWhole(live: number): boolean {
    return this.lines > 2 * live + this.slack;
  }

  /** Lines in the current file (tests, the bench). */
  get lineCount(): number {
    return this.lines;
  }

  /**
   * Writes a snapshot's part, durably, before that snapshot is renamed: the
   * live set whole to a new file (compaction), or the changed versions and
   * the marker appended to the current one. Encoded in slices beside the
   * write loop. A failure leaves the file as it was (bytes past the last
   * whole group are overwritten by the next write).
   */
  async write(w: JobWrite): Promise<void> {
    const marker: Marker = { seq: w.seq, next: w.next };
    if (w.whole) return this.writeWhole(w.seq, w.whole, marker);
    const chunks = await encodeInSlices([...w.changed, marker], { prepare: this.withDocument });
    const file = path.join(this.dir, JobFiles.fileName(this.base));
    // Written at an offset, never O_APPEND (which would ignore it): the offset is the end of the last whole group.
    const handle = await fs.open(file, fsFlags.O_RDWR | fsFlags.O_CREAT, PRIVATE_FILE_MODE);
    try {
      // Whatever a failed write left past the last whole group goes first.
      const { size } = await handle.stat();
      if (size !== this.size) await handle.truncate(this.size);
      const at = await writeChunksAt(handle, chunks, this.size);
      await handle.datasync();
      // The file's first group: its name must be on disk too.
      if (this.size === 0) await fsyncDir(this.dir);
      this.size = at;
      this.lines += w.changed.length + 1;
    } finally {
      await handle.close();
    }
  }

  /**
   * A version as the file must hold it: a print job whose document was left in its line gets it
   * back from there (one line read, inside the encoding's slices). One that cannot be read (the
   * file damaged under it) is written as it is in memory, which is said.
   */
  private readonly withDocument = (entry: unknown): unknown => {
    const v = entry as JobVersion;
    if ('gone' in v || !('job' in v) || !isLeftOnDisk(v.job)) return entry;
    const whole = this.documents.whole(v.job);
    if (!whole) this.log(`store: the document of job ${JSON.stringify(v.job.id)} could not be read back from its file; written without it`);
    return whole ? { n: v.n, job: whole } : entry;
  };

  private async writeWhole(seq: number, whole: readonly JobVersion[], marker: Marker): Promise<void> {
    const name = JobFiles.fileName(seq);
    const file = path.join(this.dir, name);
    // Where each job left on disk will lie in the new file: its document follows it there once the file is in place.
    const moved: { id: string; start: number; end: number }[] = [];
    const chunks = await encodeInSlices([...whole, marker], {
      prepare: this.withDocument,
      line: (i, start, end) => {
        const v = whole[i];
        if (v && 'job' in v && isLeftOnDisk(v.job)) moved.push({ id: v.job.id, start, end });
      },
    });
    const tmp = `${file}.tmp-${process.pid}`;
    let size: number;
    try {
      const handle = await fs.open(tmp, 'w', PRIVATE_FILE_MODE);
      try {
        size = await writeChunksAt(handle, chunks, 0);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, file);
    } catch (err) {
      // A full disk: the half-written copy goes (the current file is untouched and still appended to).
      await fs.unlink(tmp).catch(() => undefined);
      throw err;
    }
    await fsyncDir(this.dir);
    this.documents.rewritten(file, moved);
    if (seq !== this.base) this.superseded.push(JobFiles.fileName(this.base));
    this.log(`store: job table rewritten whole (${whole.length} jobs; the file held ${this.lines} lines)`);
    this.base = seq;
    this.size = size;
    this.lines = whole.length + 1;
  }

  /** The snapshot at `seq` is on disk: files a compaction at or before it superseded go. */
  async settle(seq: number): Promise<void> {
    if (this.superseded.length === 0 || this.base > seq) return;
    const gone = this.superseded;
    this.superseded = [];
    for (const name of gone) await fs.unlink(path.join(this.dir, name)).catch(() => undefined);
    await fsyncDir(this.dir);
  }
}
