import type { Reservation, ReservationEvent, State } from '#protocol';
import { RESERVATION_STATUS } from '#protocol';
import { getOwn } from '../records.ts';
import { restaurantDay } from './calendar.ts';
import { reservationDays } from './day-index.ts';

/**
 * Reservations that leave the live state: those of a day before today,
 * whatever their status (one nobody closed is filed as it stood), except
 * an arrival whose order is still open (a dinner past midnight). `keep` is
 * the reservation the command at hand works on: never swept from under it.
 */
export function pastReservations(s: State, now: string, keep: string | null): Reservation[] {
  const today = restaurantDay(now);
  const past: Reservation[] = [];
  // The days held (today, the 60 ahead, and any past one still to file), never every reservation.
  for (const [day, ids] of reservationDays(s.upcomingReservations)) {
    if (day >= today) continue;
    for (const id of ids) {
      const r = getOwn(s.upcomingReservations, id);
      if (r && r.id !== keep && !(r.status === RESERVATION_STATUS.arrived && r.orderId !== null && getOwn(s.orders, r.orderId))) past.push(r);
    }
  }
  return past;
}

/** The filing event for the past reservations, or none: appended to every reservation decision. */
export function sweepEvents(s: State, now: string, keep: string | null): ReservationEvent[] {
  const past = pastReservations(s, now, keep);
  return past.length ? [{ type: 'reservation.filed', reservations: past }] : [];
}
