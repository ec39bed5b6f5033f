import type { Job } from '#protocol';

/**
 * A job as devices see it: an e-invoice's document (several KB, hundreds of
 * them while the internet is down) stays on the hub; devices get its key,
 * status and reason, which is all the jobs page and the alerts show. A
 * printed boleta's fiscal document likewise (its paper is in `document`).
 */
export function presentJob(job: Job): Job {
  if (job.kind === 'print' && job.payload.fiscal) {
    const { fiscal: _fiscal, ...payload } = job.payload;
    return { ...job, payload };
  }
  if (job.kind === 'einvoice.send' && job.payload.document) return { ...job, payload: { key: job.payload.key } };
  if (job.kind === 'einvoice.summary' && job.payload.summary) return { ...job, payload: { key: job.payload.key } };
  return job;
}

/** Every job of a jobs record through presentJob (the record is copied only when one changes). */
export function presentJobs(jobs: Record<string, Job>): Record<string, Job> {
  let out: Record<string, Job> | null = null;
  for (const [id, job] of Object.entries(jobs)) {
    const shown = presentJob(job);
    if (shown !== job) (out ??= { ...jobs })[id] = shown;
  }
  return out ?? jobs;
}
