import type { EventOf, Order, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';
import { withTakeoutDue } from '../takeout/due.ts';

function withOrder(s: State, orderId: string, change: (o: Order) => Order): State {
  const order = getOwn(s.orders, orderId);
  if (!order) return s;
  const changed = change(order);
  // A takeout's order: what the rider collects follows it (takeout/due.ts).
  return withTakeoutDue({ ...s, orders: withOwn(s.orders, order.id, changed) }, changed);
}

/** Folds the payment tabs' events (none of them moves a table's status). */
export const paymentAppliers = {
  'order.discountSet': (s: State, e: EventOf<'order.discountSet'>): State => withOrder(s, e.orderId, (o) => ({ ...o, orderDiscount: e.discount })),
  'order.lineDiscountSet': (s: State, e: EventOf<'order.lineDiscountSet'>): State =>
    withOrder(s, e.orderId, (o) => ({ ...o, lines: o.lines.map((l) => (l.id === e.lineId ? { ...l, discountCents: e.discountCents } : l)) })),
  'order.tipSet': (s: State, e: EventOf<'order.tipSet'>): State => withOrder(s, e.orderId, (o) => ({ ...o, tipCents: e.tipCents })),
  'order.lunchBoxSet': (s: State, e: EventOf<'order.lunchBoxSet'>): State => withOrder(s, e.orderId, (o) => ({ ...o, lunchBox: e.lunchBox })),
  'exchangeRate.set': (s: State, e: EventOf<'exchangeRate.set'>): State => ({ ...s, exchangeRate: e.rate }),
};
