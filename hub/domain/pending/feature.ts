import type { DomainFeature } from '../feature.ts';
import type { Migration } from '../migrations/index.ts';
import { pendingAppliers } from './appliers.ts';
import { editParkedHandlers } from './edit.ts';
import { hangUpHandlers } from './hang-up.ts';
import { resumeParked } from './resume.ts';

/**
 * Pending orders: hung up (parked) without a table, added to, resumed onto a
 * table, or dropped (README.md). Older data has no `parked` slice: store
 * migration 5 fills missing slices from `emptyState()`.
 */
export const pendingFeature = {
  name: 'pending',
  handlers: { ...hangUpHandlers, ...editParkedHandlers, 'pending.resume': resumeParked },
  appliers: pendingAppliers,
  initialState: () => ({ parked: {}, parkedNo: 0 }),
  migrations: [] as readonly Migration[],
} satisfies DomainFeature;
