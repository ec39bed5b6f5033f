import { hubOnly } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';
import { refundAppliers } from './appliers.ts';
import { refundHandlers } from './handlers.ts';

/**
 * Refunds (issue 21, README.md here): a guest's request on a settled bill, accepted or
 * rejected, paid out as the bill's correction, finished. Applying and paying out read the
 * bill from the archive, so only the hub decides them (../hub-rules.ts). New slices: data
 * written before starts with none (migrations/index.ts fills a missing slice), no migration.
 */
export const refundsFeature = {
  name: 'refunds',
  handlers: { ...refundHandlers, 'refund.apply': hubOnly, 'refund.payOut': hubOnly },
  appliers: refundAppliers,
  initialState: () => ({ refunds: {}, refundOfBill: {}, refundNo: 0 }),
  migrations: [],
} satisfies DomainFeature;
