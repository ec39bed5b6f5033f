import type { ActivityEntry } from '#protocol';

/** The activity view's "kind" filter that shows durable jobs, the job runner's own records included. */
export const JOB_KIND = 'job';

/** The hub's own device id: what the job runner (and sign-in notes) record as their sender. */
const HUB_DEVICE = 'hub';

/**
 * Whether an entry is one the job runner wrote by itself (`job.start`,
 * `job.finish`, `job.recover`, `job.prune`): the hub as sender, no person.
 * Two or more per job, every job, all day: they bury what people did. A
 * person's retry or cancel of a job is not noise (it has a staff id).
 */
export function isJobRunnerRecord(e: ActivityEntry): boolean {
  return e.staffId === null && e.deviceId === HUB_DEVICE && RUNNER_TYPES.test(e.type);
}

/**
 * What the runners record by themselves: job steps, a kitchen ticket put on a
 * screen (`kds.show`, one per ticket), a printer's status change (its alert
 * shows on every device; the record is for the jobs filter).
 */
const RUNNER_TYPES = new RegExp(`^(${JOB_KIND}\\.|kds\\.show$|printer\\.reportStatus$)`);

/**
 * What the activity view lists: the job runner's records only when the kind
 * filter asks for jobs; otherwise they are left out and counted, so the page
 * can say how many it hid and offer to show them.
 */
export function visibleActivity(entries: readonly ActivityEntry[], kindFilter: string): { shown: ActivityEntry[]; hidden: number } {
  if (kindFilter === JOB_KIND) return { shown: [...entries], hidden: 0 };
  const shown = entries.filter((e) => !isJobRunnerRecord(e));
  return { shown, hidden: entries.length - shown.length };
}
