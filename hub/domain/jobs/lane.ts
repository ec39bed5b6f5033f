import type { Job, JobKind } from '#protocol';

/** The lane of one printer: its print jobs and drawer kicks, one at a time, in the order they were made. */
export function printerLane(printerId: string): string {
  return `printer:${printerId}`;
}

/** The one lane every e-invoice job waits in: one conversation with SUNAT at a time. */
export const SUNAT_LANE = 'sunat';
/** The day's export folders, one at a time. */
export const EXPORT_LANE = 'export';
/** The accountant's mail, apart from the folders (a mail server that does not answer holds no folder). */
export const MAIL_LANE = 'export-mail';

/** Where a job waits, and whether its lane keeps strict creation order (a printer's tickets). */
export type JobLane = { key: string; ordered: boolean };

/** The lanes of the kinds that share one or do not wait in their own kind's lane. */
const SHARED_LANES: Partial<Record<JobKind, string>> = {
  'einvoice.send': SUNAT_LANE,
  'einvoice.summary': SUNAT_LANE,
  'export.day': EXPORT_LANE,
  'export.deliver': MAIL_LANE,
};

/**
 * The lane of a job, from the job alone (pure: the hub's job table keeps its
 * lane indexes with it, and the job service only carries the lanes out). A
 * print job or drawer kick waits in its printer's ordered lane; the others in
 * their kind's (or shared) lane, oldest due first.
 */
export function jobLane(job: Job): JobLane {
  if (job.kind === 'print' || job.kind === 'drawer.kick') return { key: printerLane(job.payload.printerId), ordered: true };
  return { key: SHARED_LANES[job.kind] ?? job.kind, ordered: false };
}
