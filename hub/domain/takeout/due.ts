import type { Order, State, Takeout } from '#protocol';
import { orderTotals } from '../money.ts';
import { getOwn, withOwn } from '../records.ts';

/**
 * Whether the guest still owes the takeout: not settled at the till, and not paid to the channel
 * either (a web order the shop took the money for has `paidAt` from its intake, `paid` false
 * until the till settles it by transfer). Such an order has nothing to collect at the door.
 */
export function owesAtDoor(t: Pick<Takeout, 'paid' | 'paidAt'>): boolean {
  return !t.paid && t.paidAt === null;
}

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
  if (!t || !owesAtDoor(t) || t.orderId !== order.id) return s;
  const collectCents = orderTotals(order, 0).dueCents;
  return collectCents === t.collectCents ? s : { ...s, takeouts: withOwn(s.takeouts, t.id, { ...t, collectCents }) };
}
