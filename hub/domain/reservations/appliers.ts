import type { EventOf, Reservation, State } from '#protocol';
import { RESERVATION_STATUS } from '#protocol';
import { getOwn, withChanges, withOwn } from '../records.ts';
import { foldIntoShift, withDeposit, withDepositKept, withDepositReturn } from '../shift/totals.ts';
import { carryDays } from './day-index.ts';

const CLOSING: readonly number[] = [RESERVATION_STATUS.cancelled, RESERVATION_STATUS.arrived, RESERVATION_STATUS.completed];

/** A reservation changed in place (never its day: none of these events moves one), its day index carried over (day-index.ts). */
function update(s: State, id: string, change: (r: Reservation) => Reservation): State {
  const r = getOwn(s.upcomingReservations, id);
  if (!r) return s;
  const upcomingReservations = withOwn(s.upcomingReservations, id, change(r));
  carryDays(s.upcomingReservations, upcomingReservations);
  return { ...s, upcomingReservations };
}

/** Folds the reservation events. */
export const reservationAppliers = {
  'reservation.created': (s: State, e: EventOf<'reservation.created'>): State => {
    const before = getOwn(s.upcomingReservations, e.reservation.id);
    const upcomingReservations = withOwn(s.upcomingReservations, e.reservation.id, e.reservation);
    carryDays(s.upcomingReservations, upcomingReservations, [e.reservation], before ? [before] : []);
    return { ...s, upcomingReservations, reservationNo: Math.max(s.reservationNo, e.reservation.no) };
  },
  'reservation.statusSet': (s: State, e: EventOf<'reservation.statusSet'>): State =>
    update(s, e.reservationId, (r) => ({
      ...r,
      status: e.status,
      cancelReason: e.cancelReason ?? r.cancelReason,
      noShow: e.noShow ?? r.noShow,
      depositPaid: e.depositPaid ?? r.depositPaid,
      closedAt: CLOSING.includes(e.status) ? e.at : r.closedAt,
    })),
  'reservation.arrived': (s: State, e: EventOf<'reservation.arrived'>): State =>
    update(s, e.reservationId, (r) => ({ ...r, status: RESERVATION_STATUS.arrived, orderId: e.orderId, closedAt: e.at })),
  // A deposit is money in the shift that took it (issue 18 item 6); its tally entry is the same decision's `tally.added`.
  'reservation.depositTaken': (s: State, e: EventOf<'reservation.depositTaken'>): State =>
    foldIntoShift(
      update(s, e.reservationId, (r) => ({ ...r, deposit: e.deposit })),
      (t) => withDeposit(t, e.deposit.method, e.deposit.amountCents),
    ),
  'reservation.depositSettled': (s: State, e: EventOf<'reservation.depositSettled'>): State =>
    foldIntoShift(
      update(s, e.reservationId, (r) => ({ ...r, depositOutcome: e.outcome })),
      (t) => (e.outcome.action === 'refunded' ? withDepositReturn(t, e.outcome.method, e.outcome.amountCents) : withDepositKept(t, e.outcome.amountCents)),
    ),
  'reservation.filed': (s: State, e: EventOf<'reservation.filed'>): State => {
    // A day's reservations leave in one copy of the upcoming ones, not one per reservation.
    const upcomingReservations = withChanges(s.upcomingReservations, [], new Set(e.reservations.map((r) => r.id)));
    // As filed (the event's copies carry the day they were on).
    const gone = e.reservations.flatMap((r) => getOwn(s.upcomingReservations, r.id) ?? []);
    carryDays(s.upcomingReservations, upcomingReservations, [], gone);
    return { ...s, upcomingReservations };
  },
};
