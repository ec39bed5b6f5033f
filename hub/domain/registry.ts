import type { State } from '#protocol';
import { combineParts } from '#protocol';
import { dineInFeature } from './dine-in/feature.ts';
import type { Appliers, Handlers } from './feature.ts';
import { goodsFeature } from './goods/feature.ts';
import { jobsFeature } from './jobs/feature.ts';
import { kitchenFeature } from './kitchen/feature.ts';
import type { Migration } from './migrations/index.ts';
import { queueFeature } from './queue/feature.ts';
import { paymentFeature } from './payment/feature.ts';
import { pendingFeature } from './pending/feature.ts';
import { kitchenDisplayFeature } from './kitchen-display/feature.ts';
import { printingFeature } from './printing/feature.ts';
import { reservationsFeature } from './reservations/feature.ts';
import { settingsFeature } from './settings/feature.ts';
import { staffFeature } from './staff/feature.ts';
import { tableOpsFeature } from './table-ops/feature.ts';
import { einvoiceFeature } from './einvoice/feature.ts';
import { billsFeature } from './bills/feature.ts';
import { shiftFeature } from './shift/feature.ts';
import { tallyFeature } from './tally/feature.ts';
import { accountFeature } from './account/feature.ts';
import { ridersFeature } from './riders/feature.ts';
import { takeoutFeature } from './takeout/feature.ts';
import { refundsFeature } from './refunds/feature.ts';
import { membersFeature } from './members/feature.ts';
import { couponsFeature } from './coupons/feature.ts';

/**
 * Every feature's part of the rules, composed (after Actual Budget's
 * `combine`). A new feature is one folder and one line here. The typed
 * constants below are where the compiler holds that every command has a
 * handler, every event an applier, every state key a starting value.
 */
export const DOMAIN_FEATURES = [settingsFeature, goodsFeature, dineInFeature, staffFeature, jobsFeature, reservationsFeature, paymentFeature, tableOpsFeature, queueFeature, kitchenFeature, pendingFeature, printingFeature, kitchenDisplayFeature, einvoiceFeature, billsFeature, shiftFeature, tallyFeature, accountFeature, ridersFeature, takeoutFeature, refundsFeature, membersFeature, couponsFeature] as const;

type Feature = (typeof DOMAIN_FEATURES)[number];

/** Every command's rule, one entry per command type. */
export const handlers: Handlers = combineParts('handlers', DOMAIN_FEATURES.map((f): Feature['handlers'] => f.handlers));

/** One applier per event type. */
export const appliers: Appliers = combineParts('appliers', DOMAIN_FEATURES.map((f): Feature['appliers'] => f.appliers));

/** The state of a hub that has never recorded anything: every feature's slice, in the features' order. */
export function emptyState(): State {
  return combineParts('state', DOMAIN_FEATURES.map((f): ReturnType<Feature['initialState']> => f.initialState()));
}

/** Every feature's store migrations, oldest first (migrations/index.ts runs them; a test holds the numbering). */
export const FEATURE_MIGRATIONS: readonly Migration[] = DOMAIN_FEATURES.flatMap((f): readonly Migration[] => f.migrations).sort((a, b) => a.version - b.version);
