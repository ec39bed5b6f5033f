import { appendFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DomainEvent, Job, PrintHistoryItem, State } from '#protocol';
import { getOwn } from '#domain';

export type { PrintHistoryItem } from '#protocol';

/** A printer's history file is set aside (one older file kept) past this size: a read stays small. */
export const HISTORY_FILE_BYTES = 256 * 1024;

type PrintJobRecord = Extract<Job, { kind: 'print' }>;

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

  constructor(dataDir: string) {
    this.dir = historyDir(dataDir);
  }

  private file(printerId: string): string {
    return path.join(this.dir, `${printerId}.jsonl`);
  }

  /** Writes the settled print jobs of one change (called from the engine's change stream, after the state has them). */
  record(events: readonly DomainEvent[], state: State): void {
    const jobs = settledJobIds(events).flatMap((id) => {
      const job = getOwn(state.jobs, id);
      return job?.kind === 'print' ? [job] : [];
    });
    if (jobs.length > 0) this.enqueue(jobs);
  }

  /** At start: settled print jobs still in the state that their printer's file lacks. */
  async backfill(state: State): Promise<void> {
    const settled = Object.values(state.jobs).filter((j): j is PrintJobRecord => j.kind === 'print' && j.status !== 'pending' && j.status !== 'running');
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

  /** Resolves when every line asked for so far is written. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private enqueue(jobs: readonly PrintJobRecord[]): void {
    this.writing = this.writing.then(() => this.append(jobs)).catch(() => undefined);
  }

  private async append(jobs: readonly PrintJobRecord[]): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const byPrinter = new Map<string, PrintJobRecord[]>();
    for (const job of jobs) byPrinter.set(job.payload.printerId, [...(byPrinter.get(job.payload.printerId) ?? []), job]);
    for (const [printerId, list] of byPrinter) {
      const file = this.file(printerId);
      const size = await stat(file).then((s) => s.size, () => 0);
      if (size > HISTORY_FILE_BYTES) await rename(file, `${file}.1`);
      await appendFile(file, list.map((j) => `${JSON.stringify(historyItem(j, false))}\n`).join(''), { mode: 0o600 });
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
   * A page of the printer's history, newest first by creation: the live
   * state's print jobs (pending, printing, stuck, recently done: reprintable)
   * over the files' lines. `before`: the `createdAt` of the last item of the
   * previous page; a page never ends inside a group of jobs made at the same
   * moment, so none is skipped between pages.
   */
  async page(state: State, printerId: string, before: string | undefined, limit: number): Promise<{ jobs: PrintHistoryItem[]; more: boolean }> {
    const byId = new Map<string, PrintHistoryItem>();
    for (const item of await this.lines(printerId)) byId.set(item.id, { ...item, reprintable: false });
    for (const job of Object.values(state.jobs)) if (job.kind === 'print' && job.payload.printerId === printerId) byId.set(job.id, historyItem(job, true));
    const all = [...byId.values()].filter((i) => before === undefined || i.createdAt < before).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    let end = Math.min(limit, all.length);
    while (end > 0 && end < all.length && all[end]!.createdAt === all[end - 1]!.createdAt) end++;
    return { jobs: all.slice(0, end), more: end < all.length };
  }
}
