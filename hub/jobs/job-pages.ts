import type { Job, JobKind, JobListStatus } from '#protocol';

/** One page of the job table's index for a query (hub/engine/job-table.ts `list`): newest first. */
export type JobIndexQuery = { status: JobListStatus; printerId?: string; kind?: JobKind; cursor?: string; limit: number };
/** What the hub's readers page through: the table's indexes, never all jobs. */
export type JobPages = { list(query: JobIndexQuery): { jobs: readonly Job[]; next: string | null } };

/** Every status group of the table (stuck, waiting, running, finished). */
export const ALL_GROUPS: readonly JobListStatus[] = ['waiting', 'running', 'stuck', 'finished'];
/** The groups still to be done (not done, not cancelled). */
export const UNFINISHED_GROUPS: readonly JobListStatus[] = ['waiting', 'running', 'stuck'];

const PAGE = 100;

/**
 * Every job of one kind in the given status groups, read page by page from
 * the table's index for that kind: costs the jobs of that kind, however many
 * of other kinds wait (a printer that is off). For the few kinds whose jobs
 * stay few (exports) or that must all be visited once at start (e-invoices to file).
 */
export function* jobsOfKind<K extends JobKind>(jobs: JobPages, kind: K, groups: readonly JobListStatus[] = ALL_GROUPS): Generator<Extract<Job, { kind: K }>> {
  for (const status of groups) {
    let cursor: string | undefined;
    do {
      const page = jobs.list({ status, kind, limit: PAGE, ...(cursor !== undefined ? { cursor } : {}) });
      for (const job of page.jobs) if (job.kind === kind) yield job as Extract<Job, { kind: K }>;
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }
}
