import type { DomainFeature } from '../feature.ts';
import { adjustmentHandlers } from './adjustments.ts';
import { paymentAppliers } from './appliers.ts';
import { couponHandlers } from './coupons.ts';
import { memberHandlers } from './members.ts';
import { settle } from './settle.ts';

/**
 * Payment: the tabs that adjust a bill (discounts, tip, lunch boxes), the
 * day's dollar rate, and settling with several payments and a sales document
 * (README.md here: the decisions).
 */
export const paymentFeature = {
  name: 'payment',
  handlers: { ...adjustmentHandlers, ...memberHandlers, ...couponHandlers, 'order.settle': settle },
  appliers: paymentAppliers,
  initialState: () => ({ exchangeRate: null }),
  migrations: [],
} satisfies DomainFeature;
