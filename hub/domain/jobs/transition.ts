import type { DomainEvent, Job } from '#protocol';

/** What one job event does to one job: the job after it, or `removed` (pruned). */
export type JobChange = Job | 'removed';

/** The ids of the jobs an event changes (none for an event that changes no job). */
export function jobIdsOf(event: DomainEvent): readonly string[] {
  switch (event.type) {
    case 'job.created':
      return [event.job.id];
    case 'job.pruned':
      return event.jobIds;
    case 'job.started':
    case 'job.writing':
    case 'job.succeeded':
    case 'job.failed':
    case 'job.interrupted':
    case 'job.retried':
    case 'job.cancelled':
      return [event.jobId];
    default:
      return [];
  }
}

/**
 * One job through one of its events (pure; the hub's job table and the
 * tests' in-memory lookup fold jobs with it, so replay equals live). `job`
 * is the job before (undefined: not known); the answer is the job after,
 * `removed` when the event drops it, or `job` itself when the event does not
 * concern it (an unknown id changes nothing: a late event about a pruned job).
 */
export function nextJob(job: Job | undefined, event: DomainEvent): Job | undefined | 'removed' {
  if (event.type === 'job.created') return event.job;
  if (!job) return undefined;
  switch (event.type) {
    // A new attempt has written nothing yet: its writing mark starts absent.
    case 'job.started': {
      const { writingAt: _previous, ...rest } = job;
      return { ...rest, status: 'running', attempts: job.attempts + 1, updatedAt: event.at } as Job;
    }
    case 'job.writing':
      return { ...job, writingAt: event.at };
    case 'job.succeeded':
      return { ...job, status: 'done', reason: null, updatedAt: event.at };
    case 'job.failed':
      return event.retryAt === null
        ? { ...job, status: 'failed', reason: event.reason, updatedAt: event.at }
        : { ...job, status: 'pending', reason: event.reason, nextAt: event.retryAt, updatedAt: event.at };
    case 'job.interrupted':
      return event.status === 'maybeDone'
        ? { ...job, status: 'maybeDone', reason: 'INTERRUPTED', updatedAt: event.at }
        : { ...job, status: 'pending', reason: 'INTERRUPTED', nextAt: event.at, updatedAt: event.at };
    // A person's retry starts the count again: the backoff begins from the first wait.
    case 'job.retried':
      return { ...job, status: 'pending', attempts: 0, reason: null, nextAt: event.at, updatedAt: event.at };
    case 'job.cancelled':
      return { ...job, status: 'cancelled', updatedAt: event.at };
    case 'job.pruned':
      return event.jobIds.includes(job.id) ? 'removed' : job;
    default:
      return job;
  }
}
