import type { EventOf, Order, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';
import { withCouponHold } from '../coupons/usable.ts';
import { atListPrice } from './member-prices.ts';
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
  'order.memberAttached': (s: State, e: EventOf<'order.memberAttached'>): State =>
    withOrder(s, e.orderId, (o) => {
      const vip = new Map(e.prices.map((p) => [p.lineId, p]));
      // A line the event names takes its VIP price; any other is at its list price (a member attached over another).
      const lines = o.lines.map((l) => {
        const p = vip.get(l.id);
        return p ? { ...l, unitPriceCents: p.unitPriceCents, listUnitPriceCents: p.listUnitPriceCents } : atListPrice(l);
      });
      return { ...o, member: e.member, lines };
    }),
  'order.memberDetached': (s: State, e: EventOf<'order.memberDetached'>): State => withOrder(s, e.orderId, (o) => ({ ...o, member: null, lines: o.lines.map(atListPrice) })),
  'order.couponApplied': (s: State, e: EventOf<'order.couponApplied'>): State =>
    withCouponHold(withOrder(s, e.orderId, (o) => ({ ...o, coupon: e.coupon, orderDiscount: e.discount })), e.coupon.code, e.orderId, true),
  'order.couponReleased': (s: State, e: EventOf<'order.couponReleased'>): State =>
    withCouponHold(
      withOrder(s, e.orderId, (o) => {
        const { coupon: _released, ...rest } = o;
        return { ...rest, orderDiscount: null };
      }),
      e.code,
      e.orderId,
      false,
    ),
  'exchangeRate.set': (s: State, e: EventOf<'exchangeRate.set'>): State => ({ ...s, exchangeRate: e.rate }),
};
