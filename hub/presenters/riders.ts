import type { DomainEvent, EventOf, State } from '#protocol';
import { getOwn, setOwn } from '#hub/domain/records.ts';
import { isRiderOnly } from './takeouts.ts';
import type { Viewer } from './viewer.ts';

/**
 * What a rider's own phone gets of the riders slice (issue 21 review): their own profile
 * (sent count, cash they hold), never another rider's mobile number or cash. Delivery (M005),
 * the till, the drawer and staff managers still get every rider. Events follow the slice so a
 * rider's replica folds to what the hub shows it: another rider's `rider.saved` and
 * `rider.handedIn` are not sent, and in `order.settled` another rider's door cash goes
 * without its `heldBy`, or the applier (hub/domain/riders/cash.ts) would start a profile
 * for that rider in the rider's replica. Dropping a foreign `heldBy` leaves the rider's own
 * figure as the hub computes it: a bill with two riders' cash or till cash gives no rider the
 * change either way.
 */

/** Whether this viewer may see rider `riderId`'s profile and what moves it. */
export function seesRider(viewer: Viewer, riderId: string): boolean {
  return !isRiderOnly(viewer) || riderId === viewer.staffId;
}

/** The riders slice for a viewer who receives it: whole, or a rider's own profile alone. */
export function presentRiders(value: State['riders'], viewer: Viewer): State['riders'] {
  if (!isRiderOnly(viewer)) return value;
  const out: State['riders'] = {};
  const own = viewer.staffId === null ? undefined : getOwn(value, viewer.staffId);
  if (own && viewer.staffId !== null) setOwn(out, viewer.staffId, own);
  return out;
}

/** A settled bill for a viewer: as is, but for a rider, other riders' cash without its holder. */
export function presentSettled(event: EventOf<'order.settled'>, viewer: Viewer): DomainEvent {
  const payments = event.bill.payments;
  if (!isRiderOnly(viewer) || !payments.some((p) => p.heldBy !== undefined && p.heldBy !== viewer.staffId)) return event;
  const shown = payments.map((p) => {
    if (p.heldBy === undefined || p.heldBy === viewer.staffId) return p;
    const { heldBy: _other, ...rest } = p;
    return rest;
  });
  return { ...event, bill: { ...event.bill, payments: shown } };
}
