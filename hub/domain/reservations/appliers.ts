import type { EventOf, Reservation, State } from '#protocol';
import { RESERVATION_STATUS } from '#protocol';
import { getOwn, withOwn, withoutOwn } from '../records.ts';

const CLOSING: readonly number[] = [RESERVATION_STATUS.cancelled, RESERVATION_STATUS.arrived, RESERVATION_STATUS.completed];

function update(s: State, id: string, change: (r: Reservation) => Reservation): State {
  const r = getOwn(s.upcomingReservations, id);
  return r ? { ...s, upcomingReservations: withOwn(s.upcomingReservations, id, change(r)) } : s;
}

/** Folds the reservation events. */
export const reservationAppliers = {
  'reservation.created': (s: State, e: EventOf<'reservation.created'>): State => ({
    ...s,
    upcomingReservations: withOwn(s.upcomingReservations, e.reservation.id, e.reservation),
    reservationNo: Math.max(s.reservationNo, e.reservation.no),
  }),
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
  'reservation.filed': (s: State, e: EventOf<'reservation.filed'>): State => {
    let upcoming = s.upcomingReservations;
    for (const r of e.reservations) upcoming = withoutOwn(upcoming, r.id);
    return { ...s, upcomingReservations: upcoming };
  },
};
