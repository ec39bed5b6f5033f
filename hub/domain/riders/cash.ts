import type { Bill, RiderCashTotals, RiderHandIn, RiderProfile, ShiftTotals, State } from '#protocol';
import { defaultRiderProfile } from '#protocol';
import { getOwn, withOwn } from '../records.ts';
import { foldIntoShift } from '../shift/totals.ts';

/**
 * A rider's cash and deliveries, moved by other features' events (README.md
 * here): each event has one applier, so the appliers of `order.settled`
 * (dine-in), `takeout.delivered` (takeout) and `rider.handedIn` (here) call
 * these. Each touches the one rider it names and the open shift's row of
 * that rider: never the whole slice.
 */

/**
 * What each rider owes the till for one bill: the cash they collected (`heldBy`) less the
 * change, when the change came from them. The change is theirs when every cash payment of the
 * bill was collected by that one rider (they carried the change to the door: the takeout's
 * `changeForCents`); a bill that also took cash at the till gave its change from the drawer.
 */
export function riderCashOf(bill: Bill): Map<string, number> {
  const owed = new Map<string, number>();
  if (bill.deleted === 2 || !Array.isArray(bill.payments)) return owed;
  let tillCash = false;
  for (const p of bill.payments) {
    if (typeof p.heldBy === 'string' && p.heldBy !== '') owed.set(p.heldBy, (owed.get(p.heldBy) ?? 0) + p.amountCents);
    else if (p.method === 'cash' || p.method === 'usd') tillCash = true;
  }
  if (!tillCash && owed.size === 1 && bill.changeCents > 0) {
    const [[riderId, cents]] = [...owed.entries()] as [[string, number]];
    owed.set(riderId, cents - bill.changeCents);
  }
  return owed;
}

/** The rider's profile, or the one the hub starts for a rider nobody has edited yet. */
function profileOf(riders: Record<string, RiderProfile>, riderId: string): RiderProfile {
  return getOwn(riders, riderId) ?? defaultRiderProfile(riderId);
}

function emptyRow(): RiderCashTotals {
  return { collectedCents: 0, handedInCents: 0, handIns: 0, heldCents: 0 };
}

/** The open shift's row of one rider moved on (`heldCents` is what the rider holds after the event). */
function withRiderRow(t: ShiftTotals, riderId: string, change: (row: RiderCashTotals) => RiderCashTotals): ShiftTotals {
  const rows = t.riderCash ?? {};
  return { ...t, riderCash: withOwn(rows, riderId, change(getOwn(rows, riderId) ?? emptyRow())) };
}

/**
 * A settled bill with cash collected by riders: each rider now holds more, and the open shift
 * records the collection (its expected cash does not grow: the money is not in the drawer).
 * A replica without the riders slice (a role that may not see it) still folds the shift's row.
 */
export function withRiderCashOf(s: State, bill: Bill): State {
  const owed = riderCashOf(bill);
  if (owed.size === 0) return s;
  let next = s;
  for (const [riderId, cents] of owed) {
    const riders = next.riders as State['riders'] | undefined;
    const before = riders ? profileOf(riders, riderId) : null;
    const heldCents = (before?.heldCents ?? 0) + cents;
    if (riders && before) next = { ...next, riders: withOwn(riders, riderId, { ...before, heldCents }) };
    next = foldIntoShift(next, (t) => withRiderRow(t, riderId, (row) => ({ ...row, collectedCents: row.collectedCents + cents, heldCents })));
  }
  return next;
}

/** Cash handed in at the till: off what the rider holds, into the open shift's drawer. */
export function withHandIn(s: State, handIn: RiderHandIn): State {
  const heldCents = handIn.expectedCents - handIn.cents;
  const riders = s.riders as State['riders'] | undefined;
  const next = riders ? { ...s, riders: withOwn(riders, handIn.riderId, { ...profileOf(riders, handIn.riderId), heldCents, lastHandInId: handIn.id }) } : s;
  return foldIntoShift(next, (t) => withRiderRow(t, handIn.riderId, (row) => ({ ...row, handedInCents: row.handedInCents + handIn.cents, handIns: row.handIns + 1, heldCents })));
}

/**
 * One delivery made by a rider (`takeout.delivered` of an order assigned to them): the
 * sent count SPEC.md's rider shows, kept by the hub. Called by that event's applier.
 */
export function withDelivery(s: State, riderId: string | null, at: string): State {
  const riders = s.riders as State['riders'] | undefined;
  if (!riders || !riderId) return s;
  const before = profileOf(riders, riderId);
  return { ...s, riders: withOwn(riders, riderId, { ...before, sentCount: before.sentCount + 1, lastDeliveredAt: at }) };
}

