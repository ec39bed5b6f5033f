import type { DomainFeature } from '../feature.ts';
import { queueAppliers } from './appliers.ts';
import { queueHandlers } from './handlers.ts';

/**
 * Queue calling (M010): today's numbers for walk-in groups, called in turn
 * and seated at a free table (which opens with the party size).
 */
export const queueFeature = {
  name: 'queue',
  handlers: queueHandlers,
  appliers: queueAppliers,
  initialState: () => ({ queue: { day: '', lastNo: 0, entries: {} } }),
  migrations: [],
} satisfies DomainFeature;
