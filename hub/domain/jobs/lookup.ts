import type { Job } from '#protocol';

type SummaryJob = Extract<Job, { kind: 'einvoice.summary' }>;

/**
 * What a rule may ask of the hub's job table (`ctx.jobs`): jobs are not in
 * the replicated State (hub/jobs/README.md "Where jobs live"). Only keyed or
 * indexed questions, each costing what it answers, never "all jobs": a
 * command's cost must not grow with the jobs waiting for a printer that is off.
 */
export type JobLookup = {
  /** One job by id (a hostile id such as `__proto__` is simply absent). */
  get(id: string): Job | undefined;
  /** The daily summary's job by the summary's id (its payload's `key`); at most one per summary. */
  summaryJob(summaryId: string): SummaryJob | undefined;
  /** Ids of finished jobs (done, cancelled) last changed before `before`, oldest first, at most `limit`. */
  prunableBefore(before: string, limit: number): string[];
};

/** A lookup that knows no job (a context that does not care: devices' optimistic view, most domain tests). */
export const NO_JOBS: JobLookup = {
  get: () => undefined,
  summaryJob: () => undefined,
  prunableBefore: () => [],
};

/** The context's jobs, or none. */
export function jobsOf(ctx: { jobs?: JobLookup | undefined }): JobLookup {
  return ctx.jobs ?? NO_JOBS;
}
