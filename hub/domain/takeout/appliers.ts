import type { EventOf, State, Takeout } from '#protocol';
import { putOrder } from '../dine-in/order-appliers.ts';
import { withDelivery } from '../riders/cash.ts';
import { withOwn, withoutOwn } from '../records.ts';
import { countersAfter, intakeKeyOf } from './codes.ts';

/** Writes the takeout as the event carries it (the handler computed it from the state before). */
function put(s: State, t: Takeout): State {
  return { ...s, takeouts: withOwn(s.takeouts, t.id, t) };
}

/** Folds takeout events; the order's own events (lines, sending, settling) are dine-in's. */
export const takeoutAppliers = {
  'takeout.created': (s: State, e: EventOf<'takeout.created'>): State => {
    const withOrder = putOrder({ ...s, counters: { ...s.counters, orderNo: Math.max(s.counters.orderNo, e.order.no) } }, e.order);
    const key = intakeKeyOf(e.takeout);
    const out = put(withOrder, e.takeout);
    // The hub's own slices: a device's replica has neither (hub/presenters/slices.ts).
    if (s.takeoutCounters) out.takeoutCounters = countersAfter(s.takeoutCounters, e.takeout);
    if (s.takeoutIntakeKeys && key !== null) out.takeoutIntakeKeys = withOwn(s.takeoutIntakeKeys, key, e.takeout.id);
    return out;
  },
  'takeout.accepted': (s: State, e: EventOf<'takeout.accepted'>): State => put(s, e.takeout),
  'takeout.readySet': (s: State, e: EventOf<'takeout.readySet'>): State => put(s, e.takeout),
  'takeout.riderAssigned': (s: State, e: EventOf<'takeout.riderAssigned'>): State => put(s, e.takeout),
  'takeout.pickedUp': (s: State, e: EventOf<'takeout.pickedUp'>): State => put(s, e.takeout),
  // The rider's sent count (SPEC rider field) is the riders slice's.
  'takeout.delivered': (s: State, e: EventOf<'takeout.delivered'>): State => withDelivery(put(s, e.takeout), e.takeout.riderId, e.takeout.deliveredAt ?? ''),
  'takeout.paid': (s: State, e: EventOf<'takeout.paid'>): State => put(s, e.takeout),
  'takeout.filed': (s: State, e: EventOf<'takeout.filed'>): State => {
    const key = intakeKeyOf(e.takeout);
    const out = { ...s, takeouts: withoutOwn(s.takeouts, e.takeout.id) };
    if (s.takeoutIntakeKeys && key !== null) out.takeoutIntakeKeys = withoutOwn(s.takeoutIntakeKeys, key);
    return out;
  },
};
