import type { Order, State } from '#protocol';
import { orderTotals } from '../money.ts';
import { getOwn, withOwn } from '../records.ts';

/**
 * Keeps an unpaid takeout's `collectCents` (what the rider collects, what the slip, the
 * rider's phone and the delivery list show) equal to its order's due whenever the order
 * changes: a tip, a discount or a lunch box set on the payment screen, a line returned,
 * gifted or cancelled in the kitchen, dishes added from a table's screen. Without it the
 * rider's phone asked for the amount of the takeout's last move, and a tip added at the till
 * left the door's settlement short (refused every time: the order stuck at 4). Called by
 * the appliers that write an order (dine-in, kitchen, payment); one keyed record, flat.
 */
export function withTakeoutDue(s: State, order: Order): State {
  if (order.takeoutId === undefined || !s.takeouts) return s;
  const t = getOwn(s.takeouts, order.takeoutId);
  if (!t || t.paid || t.orderId !== order.id) return s;
  const collectCents = orderTotals(order, 0).dueCents;
  return collectCents === t.collectCents ? s : { ...s, takeouts: withOwn(s.takeouts, t.id, { ...t, collectCents }) };
}
