import type { DomainEvent, Job } from '#protocol';
import type { JobLookup } from './lookup.ts';
import { jobIdsOf, nextJob } from './transition.ts';

/**
 * A small in-memory job lookup for tests of the rules (the hub's real one is
 * its job table, hub/engine/job-table.ts): jobs folded with the same pure
 * `nextJob`, kept in creation order. Its queries scan: it holds a handful.
 */
export class MemoryJobs implements JobLookup {
  private readonly jobs = new Map<string, Job>();

  constructor(jobs: Iterable<Job> = []) {
    for (const job of jobs) this.jobs.set(job.id, job);
  }

  /** Folds the job events among `events` (others are ignored); returns this, for chaining. */
  apply(events: readonly DomainEvent[]): this {
    for (const event of events) {
      for (const id of jobIdsOf(event)) {
        const next = nextJob(this.jobs.get(id), event);
        if (next === 'removed') this.jobs.delete(id);
        else if (next) this.jobs.set(id, next);
      }
    }
    return this;
  }

  /** A copy that folds on without changing this one (a rule decided twice on the same jobs). */
  copy(): MemoryJobs {
    return new MemoryJobs(this.jobs.values());
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  summaryJob(summaryId: string): Extract<Job, { kind: 'einvoice.summary' }> | undefined {
    for (const job of this.jobs.values()) if (job.kind === 'einvoice.summary' && job.payload.key === summaryId) return job;
    return undefined;
  }

  prunableBefore(before: string, limit: number): string[] {
    return [...this.jobs.values()]
      .filter((j) => (j.status === 'done' || j.status === 'cancelled') && j.updatedAt < before)
      .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0))
      .slice(0, limit)
      .map((j) => j.id);
  }

  /** Every job, in creation order (tests). */
  values(): Job[] {
    return [...this.jobs.values()];
  }
}
