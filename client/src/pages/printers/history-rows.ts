import type { JobReason, JobStatus, PrintHistoryItem, PrintPurpose } from '#protocol';

/** What became of a printout, in the words the history uses. */
export type PrintOutcome = 'printed' | 'waiting' | 'printing' | 'failed' | 'maybePrinted' | 'cancelled';

const OUTCOMES: Record<JobStatus, PrintOutcome> = {
  done: 'printed',
  pending: 'waiting',
  running: 'printing',
  failed: 'failed',
  maybeDone: 'maybePrinted',
  cancelled: 'cancelled',
};

/** One row of a printer's history. */
export type HistoryRow = {
  jobId: string;
  at: string;
  purpose: PrintPurpose;
  /** The table of a kitchen ticket (as printed on it), else null. */
  table: string | null;
  billNo: number | null;
  reprint: boolean;
  outcome: PrintOutcome;
  reason: JobReason | null;
  /** A reprint can be asked: the hub still holds the job's paper in its job table (the page says so). */
  reprintable: boolean;
  /** Failed or maybe printed: a person decides on the stuck-jobs page (retry or cancel). */
  stuck: boolean;
};

/**
 * The history as shown: the hub's pages for this printer (jobs are not in
 * the replica: the dialog asks again when the printer's lane on the job
 * board moves, so a ticket printed or made since shows its status), one row
 * per job (a later page's copy of a job wins: it was read later), newest first.
 */
export function historyRows(printerId: string, fetched: readonly PrintHistoryItem[]): HistoryRow[] {
  const byId = new Map<string, PrintHistoryItem>();
  for (const item of fetched) if (item.payload.printerId === printerId) byId.set(item.id, item);
  return [...byId.values()]
    .map(
      (item): HistoryRow => ({
        jobId: item.id,
        at: item.createdAt,
        purpose: item.payload.purpose,
        table: item.payload.ticket?.table ?? null,
        billNo: item.payload.billNo ?? null,
        reprint: item.payload.reprintOf !== undefined,
        outcome: OUTCOMES[item.status],
        reason: item.status === 'failed' || item.status === 'maybeDone' ? item.reason : null,
        reprintable: item.reprintable,
        stuck: item.status === 'failed' || item.status === 'maybeDone',
      }),
    )
    .sort((a, b) => b.at.localeCompare(a.at) || b.jobId.localeCompare(a.jobId));
}

/** Items fetched so far with a fresh page folded in: one per job, the fresh copy winning (it was read later). */
export function mergeHistory(kept: readonly PrintHistoryItem[], fresh: readonly PrintHistoryItem[]): PrintHistoryItem[] {
  const byId = new Map<string, PrintHistoryItem>();
  for (const item of kept) byId.set(item.id, item);
  for (const item of fresh) byId.set(item.id, item);
  return [...byId.values()];
}
