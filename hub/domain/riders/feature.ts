import type { DomainFeature } from '../feature.ts';
import { ridersAppliers } from './appliers.ts';
import { ridersHandlers } from './handlers.ts';

/**
 * Riders (issue 21): the rider fields staff lacks, the deliveries they made and
 * the cash they hold until they hand it in at the till (README.md here). A new
 * slice: data written before it starts with no profiles (migrations/index.ts
 * fills a missing slice), so it needs no migration.
 */
export const ridersFeature = {
  name: 'riders',
  handlers: ridersHandlers,
  appliers: ridersAppliers,
  initialState: () => ({ riders: {} }),
  migrations: [],
} satisfies DomainFeature;
