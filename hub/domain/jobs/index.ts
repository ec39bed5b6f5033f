export { jobHandlers, isFinished, isStuck } from './handlers.ts';
export { jobAppliers } from './appliers.ts';
export { reactions, withReactions, jobIdOf } from './reactions.ts';
export { retryDelayMs, FIRST_RETRY_MS, MAX_RETRY_MS } from './backoff.ts';
export { jobLane, printerLane, SUNAT_LANE, EXPORT_LANE, MAIL_LANE, type JobLane } from './lane.ts';
export { NO_JOBS, jobsOf, type JobLookup } from './lookup.ts';
