import type { JobReason, JobStatus, PrintHistoryItem, PrintPurpose, State } from '#protocol';

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
  /** A reprint can be asked: the job is still in the live state (the hub keeps its paper there). */
  reprintable: boolean;
  /** Failed or maybe printed: a person decides on the stuck-jobs page (retry or cancel). */
  stuck: boolean;
};

/**
 * The history as shown: the hub's pages merged with the live state's print
 * jobs for this printer (a job that changed since the page was fetched shows
 * its live status; a job created since shows at the top), newest first.
 */
export function historyRows(printerId: string, fetched: readonly PrintHistoryItem[], state: State | null): HistoryRow[] {
  const byId = new Map<string, PrintHistoryItem>();
  for (const item of fetched) if (item.payload.printerId === printerId) byId.set(item.id, item);
  for (const job of Object.values(state?.jobs ?? {})) {
    if (job.kind === 'print' && job.payload.printerId === printerId) byId.set(job.id, { ...job, reprintable: true });
  }
  const live = state?.jobs ?? {};
  return [...byId.values()]
    .map((item): HistoryRow => {
      const liveJob = Object.hasOwn(live, item.id) ? live[item.id] : undefined;
      return {
        jobId: item.id,
        at: item.createdAt,
        purpose: item.payload.purpose,
        table: item.payload.ticket?.table ?? null,
        billNo: item.payload.billNo ?? null,
        reprint: item.payload.reprintOf !== undefined,
        outcome: OUTCOMES[item.status],
        reason: item.status === 'failed' || item.status === 'maybeDone' ? item.reason : null,
        reprintable: liveJob?.kind === 'print',
        stuck: item.status === 'failed' || item.status === 'maybeDone',
      };
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.jobId.localeCompare(a.jobId));
}
