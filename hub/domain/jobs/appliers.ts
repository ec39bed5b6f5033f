import type { EventOf, Job, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';

function patchJob(s: State, jobId: string, patch: (job: Job) => Partial<Job>): State {
  const job = getOwn(s.jobs, jobId);
  return job ? { ...s, jobs: withOwn(s.jobs, job.id, { ...job, ...patch(job) } as Job) } : s;
}

/** Folds job events: every status change is one event, seen live by every device. */
export const jobAppliers = {
  'job.created': (s: State, e: EventOf<'job.created'>): State => ({ ...s, jobs: withOwn(s.jobs, e.job.id, e.job) }),
  // A new attempt has written nothing yet: its writing mark starts absent.
  'job.started': (s: State, e: EventOf<'job.started'>): State => {
    const job = getOwn(s.jobs, e.jobId);
    if (!job) return s;
    const { writingAt: _previous, ...rest } = job;
    return { ...s, jobs: withOwn(s.jobs, job.id, { ...rest, status: 'running', attempts: job.attempts + 1, updatedAt: e.at } as Job) };
  },
  'job.writing': (s: State, e: EventOf<'job.writing'>): State => patchJob(s, e.jobId, () => ({ writingAt: e.at })),
  'job.succeeded': (s: State, e: EventOf<'job.succeeded'>): State => patchJob(s, e.jobId, () => ({ status: 'done', reason: null, updatedAt: e.at })),
  'job.failed': (s: State, e: EventOf<'job.failed'>): State =>
    patchJob(s, e.jobId, () => (e.retryAt === null ? { status: 'failed', reason: e.reason, updatedAt: e.at } : { status: 'pending', reason: e.reason, nextAt: e.retryAt, updatedAt: e.at })),
  'job.interrupted': (s: State, e: EventOf<'job.interrupted'>): State =>
    patchJob(s, e.jobId, () => (e.status === 'maybeDone' ? { status: 'maybeDone', reason: 'INTERRUPTED', updatedAt: e.at } : { status: 'pending', reason: 'INTERRUPTED', nextAt: e.at, updatedAt: e.at })),
  // A person's retry starts the count again: the backoff begins from the first wait.
  'job.retried': (s: State, e: EventOf<'job.retried'>): State =>
    patchJob(s, e.jobId, () => ({ status: 'pending', attempts: 0, reason: null, nextAt: e.at, updatedAt: e.at })),
  'job.cancelled': (s: State, e: EventOf<'job.cancelled'>): State => patchJob(s, e.jobId, () => ({ status: 'cancelled', updatedAt: e.at })),
  'job.pruned': (s: State, e: EventOf<'job.pruned'>): State => {
    const jobs = { ...s.jobs };
    for (const id of e.jobIds) if (Object.hasOwn(jobs, id)) delete jobs[id];
    return { ...s, jobs };
  },
  // The cause of the test jobs; the jobs themselves arrive as job.created in the same record.
  'job.testRequested': (s: State, _e: EventOf<'job.testRequested'>): State => s,
  // The jobs it causes carry what follows; the request itself changes nothing live.
  'export.requested': (s: State, _e: EventOf<'export.requested'>): State => s,
};
