import type { EventOf, State } from '#protocol';

/** Job events leave the replicated state as it is: the hub's job table folds them (./transition.ts), not State. */
const none = (s: State): State => s;

/**
 * Every job event is still a domain event in the log (same names, same
 * payloads), but jobs are not in the State (issue 20): a job event copied
 * the whole jobs record on every device. The hub's job table
 * (hub/engine/job-table.ts) applies them with `nextJob`; here they are no-ops.
 */
export const jobAppliers = {
  'job.created': (s: State, _e: EventOf<'job.created'>): State => none(s),
  'job.started': (s: State, _e: EventOf<'job.started'>): State => none(s),
  'job.writing': (s: State, _e: EventOf<'job.writing'>): State => none(s),
  'job.succeeded': (s: State, _e: EventOf<'job.succeeded'>): State => none(s),
  'job.failed': (s: State, _e: EventOf<'job.failed'>): State => none(s),
  'job.interrupted': (s: State, _e: EventOf<'job.interrupted'>): State => none(s),
  'job.retried': (s: State, _e: EventOf<'job.retried'>): State => none(s),
  'job.cancelled': (s: State, _e: EventOf<'job.cancelled'>): State => none(s),
  'job.pruned': (s: State, _e: EventOf<'job.pruned'>): State => none(s),
  // The cause of the test jobs; the jobs themselves arrive as job.created in the same record.
  'job.testRequested': (s: State, _e: EventOf<'job.testRequested'>): State => s,
  // The jobs it causes carry what follows; the request itself changes nothing live.
  'export.requested': (s: State, _e: EventOf<'export.requested'>): State => s,
  // The job it causes lives in the hub's job table, not in the state.
  'backup.requested': (s: State, _e: EventOf<'backup.requested'>): State => s,
};
