import type { Command } from '#protocol';
import { command, uid } from '../test-fixtures.ts';

/** The order the purity test's states hold on table S1 (orderAt's default). */
const ORDER = uid(1);
const NOTE = { kind: 'note', docId: '', name: '' } as const;

/** Sample commands of every payment command type, accepted and refused, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('payment.setExchangeRate', { rateMilli: 3745 }),
  command('order.setDiscount', { orderId: ORDER, discount: { kind: 'percent', percent: 10 } }),
  command('order.setDiscount', { orderId: ORDER, discount: { kind: 'amount', cents: 999_999 } }),
  command('order.setLineDiscount', { orderId: ORDER, lineId: uid(101), discountCents: 500 }),
  command('order.setLineDiscount', { orderId: ORDER, lineId: '__proto__', discountCents: 1 }),
  command('order.setTip', { orderId: ORDER, tipCents: 500 }),
  command('order.setLunchBox', { orderId: ORDER, lunchBox: { mode: 'perItem', priceCents: 100 } }),
  command('order.setLunchBox', { orderId: ORDER, lunchBox: null }),
  command('order.settle', { orderId: ORDER, payments: [{ method: 'visa', amountCents: 3000 }, { method: 'cash', amountCents: 5000 }], document: NOTE, print: true }),
  command('order.settle', { orderId: ORDER, payments: [{ method: 'usd', usdCents: 2000 }], document: NOTE, print: false }),
  command('order.settle', { orderId: ORDER, payments: [{ method: 'balance', amountCents: 7000 }], document: NOTE, print: false }),
  command('order.settle', { orderId: ORDER, payments: [{ method: 'balance', amountCents: 2000 }, { method: 'cash', amountCents: 5000 }], document: NOTE, print: false }),
  // Members and coupons at the till (issue 22): the purity states hold no member or coupon, so these are refused, purely.
  command('order.attachMember', { orderId: ORDER, memberId: uid(900), verify: '4321' }),
  command('order.attachMember', { orderId: ORDER, memberId: '__proto__', verify: '0000' }),
  command('order.detachMember', { orderId: ORDER }),
  command('order.applyCoupon', { orderId: ORDER, code: 'VERANO-7KQ2M9XA' }),
  command('order.applyCoupon', { orderId: ORDER, code: 'CONSTRUCTOR' }),
  command('order.removeCoupon', { orderId: ORDER }),
];
