import type { Bill, BillTakeout, DomainEvent, Order, State, Takeout } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import type { DecideContext } from '../decision.ts';
import { getOwn } from '../records.ts';

/**
 * What settling a takeout's order adds (payment/settle.ts calls this): the bill keeps its
 * takeout as it is now (`bill.takeout`: reports read the channel and method from the stored
 * bill, never from today's state) and the same record says the takeout is paid. `day` is the
 * bill's archive file: the Lima calendar day of the payment (hub/store/archive.ts files by it).
 */
export function takeoutPaidOf(s: State, order: Order, billId: string, ctx: DecideContext): { ref: BillTakeout; events: DomainEvent[] } | null {
  if (order.takeoutId === undefined) return null;
  // A state without the slice (a device's replica of a role that does not see takeouts) settles as a table's order.
  const t = s.takeouts ? getOwn(s.takeouts, order.takeoutId) : undefined;
  if (!t) return null;
  const day = businessDayOf(ctx.now, 0);
  const ref = takeoutRefOf(t);
  // A paid order is no longer "to be paid" (12 → 2); its open order became the bill.
  const takeout = { ...t, status: t.status === 12 ? (2 as const) : t.status, paid: true, paidAt: ctx.now, billId, billDay: day, orderId: null, collectCents: 0 };
  return { ref, events: [{ type: 'takeout.paid', takeout, billId, day, at: ctx.now }] };
}

/** What a bill keeps of its takeout (settled, or withdrawn when the takeout is cancelled or refused). */
export function takeoutRefOf(t: Takeout): BillTakeout {
  return { id: t.id, code: t.code, pickupCode: t.pickupCode, channel: t.channel, method: t.method, riderId: t.riderId };
}

/** The bill with its takeout reference. */
export function withTakeoutRef(bill: Bill, ref: BillTakeout | undefined): Bill {
  return ref ? { ...bill, takeout: ref } : bill;
}
