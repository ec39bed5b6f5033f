// The lanes are the domain's (hub/domain/jobs/lane.ts): the job table indexes them.
export { SUNAT_LANE } from '#hub/domain/jobs/lane.ts';
