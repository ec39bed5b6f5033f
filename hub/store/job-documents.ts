import { closeSync, openSync, readSync } from 'node:fs';
import type { Job, PrintDocument, PrintJob } from '#protocol';
import { decodeLineBytes } from './line-bytes.ts';

/**
 * Print documents left in the job table's files (issue 20, RSS at start): a
 * print job read back from `jobs/table-<base>.jsonl` keeps in memory its
 * status, times and the small fields lanes and pages read (printer, purpose,
 * order), but not its paper: the document, the kitchen display's copy of the
 * ticket, a receipt's fiscal document (20,000 tickets waiting for a printer
 * that is off held ~40 MB of them). Those stay in the file line the job was
 * read from and are read back, one line, when somebody asks for the job whole
 * (the lane printing it, a page, a reprint). The job in memory holds
 * `LEFT_ON_DISK` as its document; its status and times move on as its events
 * come; a job's payload never changes after creation.
 *
 * Reads are synchronous (one `pread` of one line, ~1-3 KB, from the page
 * cache: the table's `get` is synchronous for the rules), never on a walk: a
 * lane's head, a page of 20, one reprint. The last few read are kept
 * (`CACHE`), so a lane's head asked on every pump is read once.
 */

/** Stands in for a document left in the file. Frozen and empty: never printed (the service refuses a job whose document could not be read back). */
export const LEFT_ON_DISK: PrintDocument = Object.freeze({ blocks: Object.freeze([]) as unknown as PrintDocument['blocks'], cut: false });

/** Whether the job's document is in a file rather than in memory. */
export function isLeftOnDisk(job: Job): boolean {
  return job.kind === 'print' && job.payload.document === LEFT_ON_DISK;
}

/**
 * One string for equal texts while a load decodes the job table (issue 20, RSS
 * at start-up): each line's JSON gives its own copy of every time and id, but
 * a ticket never tried was created, due and changed at one instant (three
 * equal times), the tickets of one order name it and were sent together, and
 * every ticket of a printer names it. 20,000 waiting tickets held ~75,000 time
 * strings and ~24,000 order ids, ~40-56 bytes each. Dropped with the load.
 */
export class StringPool {
  private readonly texts = new Map<string, string>();

  readonly share = (text: string): string => {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  };

  get size(): number {
    return this.texts.size;
  }
}

/** A job's whole line in one of the table's files: [start, end) without its newline. */
export type LineAt = { file: string; start: number; end: number };

/** Jobs read back whole kept at once (a few lane heads and a page). */
const CACHE = 64;

/** A line's length is below this: a place is one number, start x LINE_SPAN + length (exact below 2^53: files under 8 GB). */
const LINE_SPAN = 2 ** 20;

export class JobDocuments {
  /** The file the jobs' lines are in: the one read at start, then each whole rewrite's. */
  private file = '';
  /**
   * Each job's line in `file` as one number (LINE_SPAN): 20,000 waiting tickets
   * held a `{ file, start, end }` per job, ~45 bytes more each.
   */
  private readonly at = new Map<string, number>();
  /** A line in another file or too long to pack (never seen: the table keeps one file): as it was given. */
  private readonly elsewhere = new Map<string, LineAt>();
  /** Jobs read back whole, by id, with the job in memory they were read for (a changed job reads again). */
  private readonly cache = new Map<string, { of: Job; whole: Job }>();

  /**
   * The job as memory keeps it when its document stays in a file line (a print job), else the job itself.
   * `share` (a load's StringPool) gives one string for equal texts: see StringPool.
   */
  static stub(job: Job, share: (text: string) => string = (text) => text): Job {
    if (job.kind !== 'print') return job;
    // What lanes, indexes and pages read stays (the printer, the purpose, the order); the paper and its data go.
    const { printerId, purpose, orderId, billNo, reprintOf } = job.payload;
    const kept = {
      printerId: share(printerId),
      purpose,
      document: LEFT_ON_DISK,
      ...(orderId !== undefined ? { orderId: share(orderId) } : {}),
      ...(billNo !== undefined ? { billNo } : {}),
      ...(reprintOf !== undefined ? { reprintOf } : {}),
    };
    const stub = { ...job, payload: kept, nextAt: share(job.nextAt), createdAt: share(job.createdAt), updatedAt: share(job.updatedAt) };
    if (job.writingAt !== undefined) stub.writingAt = share(job.writingAt);
    return stub;
  }

  /** Where the document of the stubbed job `id` lies. */
  place(id: string, line: LineAt): void {
    this.cache.delete(id);
    if (this.at.size === 0 && this.elsewhere.size === 0) this.file = line.file;
    const length = line.end - line.start;
    if (line.file === this.file && length >= 0 && length < LINE_SPAN && line.start * LINE_SPAN + length <= Number.MAX_SAFE_INTEGER) {
      this.at.set(id, line.start * LINE_SPAN + length);
      this.elsewhere.delete(id);
    } else {
      this.elsewhere.set(id, line);
      this.at.delete(id);
    }
  }

  /**
   * The file was rewritten whole: the jobs left on disk now lie in `file` at these lines. Any
   * other line known before goes (a pruned job's: kept until here, so a snapshot writing its last
   * version while the prune commits can still read it).
   */
  rewritten(file: string, lines: readonly { id: string; start: number; end: number }[]): void {
    this.at.clear();
    this.elsewhere.clear();
    this.file = file;
    for (const l of lines) this.place(l.id, { file, start: l.start, end: l.end });
  }

  /** How many documents are left in files (tests, the bench). */
  get size(): number {
    return this.at.size + this.elsewhere.size;
  }

  lineOf(id: string): LineAt | undefined {
    const packed = this.at.get(id);
    if (packed === undefined) return this.elsewhere.get(id);
    const length = packed % LINE_SPAN;
    const start = (packed - length) / LINE_SPAN;
    return { file: this.file, start, end: start + length };
  }

  /**
   * The job with its document read back from its line; the job as given when
   * it holds its own document; undefined when the line cannot be read or is
   * not that job's (damaged: the caller keeps `LEFT_ON_DISK`, which is never printed).
   */
  whole(job: Job): Job | undefined {
    if (!isLeftOnDisk(job)) return job;
    const hit = this.cache.get(job.id);
    if (hit && hit.of === job) return hit.whole;
    const line = this.lineOf(job.id);
    const payload = line ? readPayload(line, job.id) : undefined;
    if (!payload || job.kind !== 'print') return undefined;
    // The payload never changes after creation (a job's events change its status and times only).
    const whole: Job = { ...job, payload };
    this.cache.delete(job.id);
    this.cache.set(job.id, { of: job, whole });
    if (this.cache.size > CACHE) this.cache.delete(this.cache.keys().next().value!);
    return whole;
  }
}

function readPayload(line: LineAt, id: string): PrintJob | undefined {
  let fd: number;
  try {
    fd = openSync(line.file, 'r');
  } catch {
    return undefined;
  }
  try {
    const bytes = Buffer.allocUnsafe(line.end - line.start);
    if (readSync(fd, bytes, 0, bytes.length, line.start) !== bytes.length) return undefined;
    const v = decodeLineBytes(bytes, 0, bytes.length) as { job?: Job } | null;
    const job = v?.job;
    return job?.id === id && job.kind === 'print' ? job.payload : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
