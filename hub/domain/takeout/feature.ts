import type { DomainFeature } from '../feature.ts';
import { takeoutAppliers } from './appliers.ts';
import { takeoutHandlers } from './handlers.ts';
import { migration7 } from './migration-7.ts';

/**
 * Take-away and delivery (issue 21, README.md here): a dine-in order without a
 * table plus a live takeout record, its status machine, pickup and order codes.
 * New slices: store migration 7 (migration-7.ts) gives data of format 6 them empty.
 */
export const takeoutFeature = {
  name: 'takeout',
  handlers: takeoutHandlers,
  appliers: takeoutAppliers,
  initialState: () => ({ takeouts: {}, takeoutCounters: { day: '', pickupNo: 0, codeNo: 0 }, takeoutIntakeKeys: {} }),
  migrations: [migration7],
} satisfies DomainFeature;
