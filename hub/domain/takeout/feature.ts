import type { DomainFeature } from '../feature.ts';
import { takeoutAppliers } from './appliers.ts';
import { takeoutHandlers } from './handlers.ts';

/**
 * Take-away and delivery (issue 21, README.md here): a dine-in order without a
 * table plus a live takeout record, its status machine, pickup and order codes.
 * New slices: data written before them starts with none (migrations/index.ts
 * fills a missing slice from the empty state).
 */
export const takeoutFeature = {
  name: 'takeout',
  handlers: takeoutHandlers,
  appliers: takeoutAppliers,
  initialState: () => ({ takeouts: {}, takeoutCounters: { day: '', pickupNo: 0, codeNo: 0 }, takeoutIntakeKeys: {} }),
  migrations: [],
} satisfies DomainFeature;
