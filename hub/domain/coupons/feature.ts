import type { DomainFeature } from '../feature.ts';
import { couponAppliers } from './appliers.ts';
import { couponHandlers } from './handlers.ts';
import { migration9 } from './migration-9.ts';

/**
 * Coupons (issue 22, README.md here): batches of unguessable codes, gifted to members,
 * redeemed once by payments. Hub-only slices; store migration 9 gives data of format 8 them empty.
 */
export const couponsFeature = {
  name: 'coupons',
  handlers: couponHandlers,
  appliers: couponAppliers,
  initialState: () => ({ coupons: {}, couponBatches: {} }),
  migrations: [migration9],
} satisfies DomainFeature;
