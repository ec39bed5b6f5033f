import type { Job, State } from '#protocol';
import type { Migration } from '../migrations/index.ts';

/** A state of format 5 or before: it still holds the jobs. */
type StateWithJobs = State & { jobs?: Record<string, Job> };

/**
 * The jobs a state of format 5 or before kept in memory, in the order they
 * were made (the record's key order: a job was added once, when created);
 * none for any other state. The engine moves them into its job table
 * (hub/engine/job-table.ts) before migration 6 drops them, so none is lost.
 */
export function legacyJobs(state: State): Job[] {
  const jobs = (state as StateWithJobs).jobs;
  if (typeof jobs !== 'object' || jobs === null || Array.isArray(jobs)) return [];
  const out: Job[] = [];
  for (const id of Object.keys(jobs)) {
    const job = jobs[id];
    if (job && typeof job === 'object' && job.id === id) out.push(job);
  }
  return out;
}

/**
 * Store migration 6 (issue 20): jobs leave the replicated state for the hub's
 * job table and its own files (hub/jobs/README.md "Where jobs live"): every
 * job event copied the whole record and went into every snapshot. Pure, and
 * a no-op on a state without them.
 */
export function dropJobs(state: State): State {
  if (!Object.hasOwn(state, 'jobs')) return state;
  const { jobs: _moved, ...rest } = state as StateWithJobs;
  return rest as State;
}

export const migration6: Migration = { version: 6, name: 'jobs leave the state for the hub job table', up: dropJobs };
