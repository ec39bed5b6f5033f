import type { Job, JobStatus, State } from '#protocol';
import { menuState, NOW } from '../test-fixtures.ts';
import { MemoryJobs } from './memory-jobs.ts';

/** One job id per status, for the job tests and the purity samples. */
export const J = {
  pending: 'job-pending.0',
  running: 'job-running.0',
  done: 'job-done.0',
  failed: 'job-failed.0',
  maybeDone: 'job-maybe.0',
  cancelled: 'job-cancelled.0',
} as const satisfies Record<JobStatus, string>;

/** A `test.echo` job (or `test.mark`, repeatable) in the given status. */
export function jobAt(id: string, status: JobStatus, over: Partial<Job> = {}): Job {
  return {
    id,
    kind: 'test.echo',
    payload: { text: id },
    status,
    attempts: status === 'pending' ? 0 : 1,
    nextAt: NOW,
    reason: status === 'failed' ? 'DEVICE_OFFLINE' : status === 'maybeDone' ? 'INTERRUPTED' : null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  } as Job;
}

/** One job in every status, in a job lookup (jobs live in the hub's job table, not the state). */
export function jobsTable(): MemoryJobs {
  return new MemoryJobs((Object.entries(J) as [JobStatus, string][]).map(([status, id]) => jobAt(id, status)));
}

/** The state the job rules are decided on (the test menu: the jobs are in `jobsTable()`). */
export function jobsState(): State {
  return menuState();
}
