import type { JobTableView } from '#hub/engine/job-table.ts';
import type { Job } from '#protocol';

/**
 * What the job service reads of the hub's job table (hub/engine/job-table.ts):
 * its lanes and their heads, kept by the table as jobs change, so finding a
 * lane's next job never scans the jobs (issue 20: 20,000 tickets may wait for
 * a printer that is off). Each call costs O(1) or O(log n); `laneKeys` is
 * O(lanes) (one per printer, one per other kind).
 */
export type LaneSource = {
  /** Every lane the table knows (with jobs in any status). */
  laneKeys(): Iterable<string>;
  /**
   * The pending job the lane would carry out next: an ordered lane's oldest
   * pending by creation (due or not: nothing overtakes it), any other lane's
   * earliest `nextAt` (then creation). Undefined when nothing waits.
   */
  laneHead(key: string): Job | undefined;
  /** Ids of finished jobs last changed before `before`, oldest first, at most `limit` (the finished-order queue). */
  prunableBefore(before: string, limit: number): string[];
};

/** When a job falls due, in ms since the epoch. */
export function dueAt(job: Job): number {
  return Date.parse(job.nextAt);
}

/**
 * Jobs the hub was carrying out when it stopped (found at start-up): the table's index of running
 * jobs, page by page. The service runs one job per lane, so it holds at most one per lane; read
 * from the index rather than per lane, a second one (never expected) would not stay running forever.
 */
export function runningJobIds(jobs: Pick<JobTableView, 'list'>): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = jobs.list({ status: 'running', limit: 100, ...(cursor !== undefined ? { cursor } : {}) });
    for (const job of page.jobs) ids.push(job.id);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
  return ids;
}

/** Whether any finished job was last changed before `before` (worth a prune record): the head of the finished queue. */
export function hasPrunable(jobs: LaneSource, before: string): boolean {
  return jobs.prunableBefore(before, 1).length > 0;
}
