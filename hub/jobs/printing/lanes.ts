// The printer lanes are the domain's (hub/domain/jobs/lane.ts): the job table indexes them.
export { printerLane } from '#hub/domain/jobs/lane.ts';
