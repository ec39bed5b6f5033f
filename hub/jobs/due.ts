import type { Job, State } from '#protocol';

/** Where a job waits: its lane's key and whether that lane keeps strict order; null when no runner takes it. */
export type LaneOf = (job: Job) => { key: string; ordered: boolean } | null;

/** The job a lane would carry out next, and when it falls due (ms since the epoch). */
export type LaneHead = { job: Job; dueAt: number };

/** Oldest retry time first, then oldest made, then id (the order of the unordered lanes). */
function before(a: Job, b: Job): boolean {
  return a.nextAt < b.nextAt || (a.nextAt === b.nextAt && (a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)));
}

/**
 * Per lane, the pending job to carry out next. An ordered lane's head is its
 * oldest pending job by creation, due or not: nothing behind it may overtake
 * (the jobs record keeps creation order: a job is added once, when it is
 * created, and later changes keep its place). Any other lane's head is the
 * job with the earliest retry time.
 */
export function laneHeads(state: State, laneOf: LaneOf): Map<string, LaneHead> {
  const heads = new Map<string, LaneHead>();
  for (const job of Object.values(state.jobs)) {
    if (job.status !== 'pending') continue;
    const lane = laneOf(job);
    if (!lane) continue;
    const head = heads.get(lane.key);
    if (head && (lane.ordered || !before(job, head.job))) continue;
    heads.set(lane.key, { job, dueAt: Date.parse(job.nextAt) });
  }
  return heads;
}

/** Jobs the hub was carrying out when it stopped (found at start-up). */
export function runningJobIds(state: State): string[] {
  return Object.values(state.jobs)
    .filter((job) => job.status === 'running')
    .map((job) => job.id);
}

/** Whether any finished job was last changed before `before` (worth a prune record). */
export function hasPrunable(state: State, before: string): boolean {
  return Object.values(state.jobs).some((job) => (job.status === 'done' || job.status === 'cancelled') && job.updatedAt < before);
}
