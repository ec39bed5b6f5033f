import type { Job, State } from '#protocol';

/** The jobs a person decides about (failed, maybe done), the latest change first. */
export function stuckJobs(state: State | null): Job[] {
  return Object.values(state?.jobs ?? {})
    .filter((job) => job.status === 'failed' || job.status === 'maybeDone')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
}

/** How many jobs wait or run right now. */
export function queuedCount(state: State | null): number {
  return Object.values(state?.jobs ?? {}).filter((job) => job.status === 'pending' || job.status === 'running').length;
}
