import type { Job } from '#protocol';

/**
 * A job without its fiscal documents: an e-invoice's document (several KB,
 * hundreds of them while the internet is down) and a printed boleta's
 * fiscal document reduced to the key. Devices no longer receive jobs at all
 * (issue 20: they get the job board, job-board.ts, and summaries); kept for
 * what shows a job outside the hub's own files (hub/jobs/printing/fiscal-seal.test.ts).
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
