import type { DomainFeature } from '../feature.ts';
import { jobAppliers } from './appliers.ts';
import { jobHandlers } from './handlers.ts';
import { migration6 } from './migration-6.ts';

/**
 * Durable jobs (hub/jobs/README.md): the job commands and their status
 * events. Which events cause which jobs is `reactions` (./reactions.ts),
 * which `decide` runs after every feature's handler.
 */
export const jobsFeature = {
  name: 'jobs',
  handlers: jobHandlers,
  appliers: jobAppliers,
  initialState: () => ({}),
  migrations: [migration6],
} satisfies DomainFeature;
