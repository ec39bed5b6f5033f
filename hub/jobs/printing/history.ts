import { appendFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DomainEvent, Job, JobKind, JobListStatus, PrintHistoryItem } from '#protocol';

export type { PrintHistoryItem } from '#protocol';

/** A printer's history file is set aside (one older file kept) past this size: a read stays small. */
export const HISTORY_FILE_BYTES = 256 * 1024;

type PrintJobRecord = Extract<Job, { kind: 'print' }>;

/**
 * What the history reads of the hub's job table (hub/engine/job-table.ts): a
 * job by id, and pages of its index per status group (newest first, filtered
 * by printer and kind by the index itself). Never a scan of all jobs.
 */
export type HistoryJobs = {
  get(id: string): Job | undefined;
  list(query: { status: JobListStatus; printerId?: string; kind?: JobKind; cursor?: string; limit: number }): { jobs: readonly Job[]; next: string | null };
};

/** How long a settled ticket's line waits for others before the history file is written. */
export const HISTORY_GATHER_MS = 200;

/** The table's status groups a printer's history shows: every job not yet pruned. */
const LIVE_GROUPS: readonly JobListStatus[] = ['waiting', 'running', 'stuck', 'finished'];
/** The groups whose jobs are settled (their line is in the file, or written at start). */
const SETTLED_GROUPS: readonly JobListStatus[] = ['stuck', 'finished'];
/** Rows asked of the table per index page. */
const INDEX_PAGE = 100;

const isPrint = (job: Job): job is PrintJobRecord => job.kind === 'print';

/** Newest first by creation, then id (descending), as the history pages go. */
function newestFirst(a: PrintHistoryItem, b: PrintHistoryItem): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Where each printer's history lives: `DATA/print-history/<printer id>.jsonl`, and `.jsonl.1` before it. */
export function historyDir(dataDir: string): string {
  return path.join(dataDir, 'print-history');
}

/**
 * A print job as a history line (its document left out: the history says what and when, a
 * reprint reads the live job; a boleta's fiscal document too, as hub/presenters/jobs.ts keeps it on the hub).
 */
export function historyItem(job: PrintJobRecord, reprintable: boolean): PrintHistoryItem {
  const { document: _document, fiscal: _fiscal, ...payload } = job.payload;
  return { id: job.id, status: job.status, reason: job.reason, createdAt: job.createdAt, updatedAt: job.updatedAt, payload, reprintable };
}

/** The ids of the print jobs whose fate these events settle (done, given up, maybe done, cancelled). */
function settledJobIds(events: readonly DomainEvent[]): string[] {
  const ids: string[] = [];
  for (const e of events) {
    if (e.type === 'job.succeeded' || e.type === 'job.cancelled') ids.push(e.jobId);
    else if (e.type === 'job.failed' && e.retryAt === null) ids.push(e.jobId);
    else if (e.type === 'job.interrupted' && e.status === 'maybeDone') ids.push(e.jobId);
  }
  return ids;
}

/**
 * Keeps each printer's print history after its jobs leave the live state
 * (done jobs are pruned after 10 minutes). A line is appended when a print
 * job's fate is settled; at start, settled jobs still in the state are
 * written again if missing (a stop between the log and this file). Files are
 * per printer and bounded, so a page reads at most two small files.
 */
export class PrintHistory {
  private readonly dir: string;
  private writing: Promise<void> = Promise.resolve();
  /** Settled jobs not yet written: the next write takes them all at once. */
  private pending: PrintJobRecord[] = [];
  /** The moment lines wait for company before they are written (null: none waiting). */
  private gather: NodeJS.Timeout | null = null;
  /** Whether the folder was made (once per hub, not once per ticket). */
  private dirMade = false;
  /** Each file's size as this hub wrote it (read from the disk once per printer): no stat per ticket. */
  private readonly sizes = new Map<string, number>();

  constructor(dataDir: string) {
    this.dir = historyDir(dataDir);
  }

  private file(printerId: string): string {
    return path.join(this.dir, `${printerId}.jsonl`);
  }

  /** Writes the settled print jobs of one change (called from the engine's change stream, after the table has them): keyed reads only. */
  record(events: readonly DomainEvent[], jobs: Pick<HistoryJobs, 'get'>): void {
    const settled = settledJobIds(events).flatMap((id) => {
      const job = jobs.get(id);
      return job?.kind === 'print' ? [job] : [];
    });
    if (settled.length > 0) this.enqueue(settled);
  }

  /** At start: settled print jobs still in the table (its stuck and finished print pages) that their printer's file lacks. */
  async backfill(jobs: HistoryJobs): Promise<void> {
    const settled: PrintJobRecord[] = [];
    for (const status of SETTLED_GROUPS) {
      for (let cursor: string | undefined, first = true; first || cursor !== undefined; first = false) {
        const page = jobs.list({ status, kind: 'print', limit: INDEX_PAGE, ...(cursor !== undefined ? { cursor } : {}) });
        settled.push(...page.jobs.filter(isPrint));
        cursor = page.next ?? undefined;
      }
    }
    // The files go oldest first: in the order the jobs were made.
    settled.sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const missing: PrintJobRecord[] = [];
    const known = new Map<string, Set<string>>();
    for (const job of settled) {
      const printerId = job.payload.printerId;
      if (!known.has(printerId)) known.set(printerId, new Set((await this.lines(printerId)).map((i) => `${i.id} ${i.status}`)));
      if (!known.get(printerId)?.has(`${job.id} ${job.status}`)) missing.push(job);
    }
    if (missing.length > 0) this.enqueue(missing);
    await this.flushed();
  }

  /** Resolves when every line asked for so far is written (those waiting for company go now). */
  flushed(): Promise<void> {
    if (this.gather) {
      clearTimeout(this.gather);
      this.gather = null;
      this.writePending();
    }
    return this.writing;
  }

  /**
   * Lines wait a moment for company (HISTORY_GATHER_MS; a busy service settles a ticket every few
   * milliseconds, and each write is three trips to the thread pool), then go together: one
   * append per printer. Order is kept: a line is never written before one settled earlier. The
   * history is not the record of a ticket's fate (the log is): a stop within the moment loses
   * nothing that `backfill` does not write again at the next start.
   */
  private enqueue(jobs: readonly PrintJobRecord[]): void {
    const scheduled = this.pending.length > 0;
    this.pending.push(...jobs);
    if (scheduled) return;
    this.gather = setTimeout(() => {
      this.gather = null;
      this.writePending();
    }, HISTORY_GATHER_MS);
    this.gather.unref();
  }

  private writePending(): void {
    this.writing = this.writing
      .then(() => {
        const batch = this.pending;
        this.pending = [];
        return batch.length > 0 ? this.append(batch) : undefined;
      })
      .catch(() => undefined);
  }

  private async append(jobs: readonly PrintJobRecord[]): Promise<void> {
    if (!this.dirMade) {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      this.dirMade = true;
    }
    const byPrinter = new Map<string, PrintJobRecord[]>();
    for (const job of jobs) {
      const list = byPrinter.get(job.payload.printerId);
      if (list) list.push(job);
      else byPrinter.set(job.payload.printerId, [job]);
    }
    for (const [printerId, list] of byPrinter) {
      const file = this.file(printerId);
      let size = this.sizes.get(file) ?? (await stat(file).then((s) => s.size, () => 0));
      let text = '';
      let bytes = 0;
      const write = async () => {
        // Unknown after a failed append (part of it may stand): read from the disk again next time.
        this.sizes.delete(file);
        await appendFile(file, text, { mode: 0o600 });
        size += bytes;
        this.sizes.set(file, size);
        text = '';
        bytes = 0;
      };
      for (const job of list) {
        // The bound holds within a batch too: the file is set aside once it is past it.
        if (size + bytes > HISTORY_FILE_BYTES) {
          if (bytes > 0) await write();
          await rename(file, `${file}.1`);
          size = 0;
          this.sizes.set(file, 0);
        }
        const line = `${JSON.stringify(historyItem(job, false))}\n`;
        text += line;
        bytes += Buffer.byteLength(line);
      }
      if (bytes > 0) await write();
    }
  }

  /** Every line of a printer's two files, oldest first (a torn last line is skipped). */
  async lines(printerId: string): Promise<PrintHistoryItem[]> {
    const out: PrintHistoryItem[] = [];
    for (const file of [`${this.file(printerId)}.1`, this.file(printerId)]) {
      const text = await readFile(file, 'utf8').catch(() => '');
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          out.push(JSON.parse(line) as PrintHistoryItem);
        } catch {
          // A line cut by a power loss: the job is still in the live state or was written again.
        }
      }
    }
    return out;
  }

  /**
   * A page of the printer's history, newest first by creation: the job
   * table's print jobs of this printer (pending, printing, stuck, recently
   * done: reprintable) over the files' lines. `before`: the `createdAt` of the
   * last item of the previous page; a page never ends inside a group of jobs
   * made at the same moment, so none is skipped between pages.
   *
   * The table is read through its per-printer index pages, newest first, and
   * only as far as this page needs (`liveOf`): 20,000 tickets waiting for a
   * printer that is off cost the first page what 10 do. A file line whose job
   * is still in the table shows the table's (keyed read).
   */
  async page(jobs: HistoryJobs, printerId: string, before: string | undefined, limit: number): Promise<{ jobs: PrintHistoryItem[]; more: boolean }> {
    const byId = new Map<string, PrintHistoryItem>();
    for (const item of await this.lines(printerId)) {
      const live = jobs.get(item.id);
      byId.set(item.id, live?.kind === 'print' ? historyItem(live, true) : { ...item, reprintable: false });
    }
    let cut = false;
    for (const status of LIVE_GROUPS) {
      const live = this.liveOf(jobs, status, printerId, before, limit);
      for (const job of live.jobs) byId.set(job.id, historyItem(job, true));
      cut ||= live.cut;
    }
    const all = [...byId.values()].filter((i) => before === undefined || i.createdAt < before).sort(newestFirst);
    let end = Math.min(limit, all.length);
    while (end > 0 && end < all.length && all[end]!.createdAt === all[end - 1]!.createdAt) end++;
    return { jobs: all.slice(0, end), more: end < all.length || cut };
  }

  /**
   * The newest print jobs (by creation) of a printer in one status group made before `before`:
   * at least `limit` of them if there are, reading the group's index pages only until no later
   * page can hold a newer one. The index goes newest first by when a job entered the group (its
   * `updatedAt`), and a job is made before it enters a group, so once a page ends with a job
   * that entered before the `limit`-th newest creation taken, nothing after it is newer.
   * `cut`: the index held more.
   */
  private liveOf(jobs: HistoryJobs, status: JobListStatus, printerId: string, before: string | undefined, limit: number): { jobs: PrintJobRecord[]; cut: boolean } {
    const out: PrintJobRecord[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = jobs.list({ status, printerId, kind: 'print', limit: INDEX_PAGE, ...(cursor !== undefined ? { cursor } : {}) });
      for (const job of page.jobs) if (isPrint(job) && job.payload.printerId === printerId && (before === undefined || job.createdAt < before)) out.push(job);
      if (page.next === null) return { jobs: out, cut: false };
      const last = page.jobs.at(-1);
      if (out.length >= limit && last) {
        const nth = out.map((j) => j.createdAt).sort().reverse()[limit - 1]!;
        if (last.updatedAt < nth) return { jobs: out, cut: true };
      }
      cursor = page.next;
    }
  }
}
