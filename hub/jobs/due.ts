import type { Job, JobKind, State } from '#protocol';

/** The pending job of `kind` to run first at `now`: due, oldest retry time first, then oldest made. */
export function nextDue(state: State, kind: JobKind, now: Date): Job | null {
  let best: Job | null = null;
  for (const job of Object.values(state.jobs)) {
    if (job.kind !== kind || job.status !== 'pending' || Date.parse(job.nextAt) > now.getTime()) continue;
    if (!best || job.nextAt < best.nextAt || (job.nextAt === best.nextAt && (job.createdAt < best.createdAt || (job.createdAt === best.createdAt && job.id < best.id)))) best = job;
  }
  return best;
}

/** When the next pending job of one of `kinds` falls due, in ms since the epoch; null when none waits. */
export function nextWake(state: State, kinds: ReadonlySet<JobKind>): number | null {
  let at: number | null = null;
  for (const job of Object.values(state.jobs)) {
    if (job.status !== 'pending' || !kinds.has(job.kind)) continue;
    const t = Date.parse(job.nextAt);
    if (at === null || t < at) at = t;
  }
  return at;
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
