import type { CommandPayload, Reservation, State } from '#protocol';
import { RESERVATION_DAYS_AHEAD, RESERVATION_STATUS } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { addDays, restaurantDay } from './calendar.ts';
import { idsOn } from './day-index.ts';
import { sweepEvents } from './sweep.ts';
import { WAITING } from './transitions.ts';

/** Two reservations of one table closer than this (minutes) clash: a table is booked for about two hours. */
export const SLOT_MINUTES = 120;

/**
 * A waiting reservation of the table within SLOT_MINUTES of `at`: read from
 * the days the slot can reach (day-index.ts), not the whole live window.
 */
function clashOf(s: State, tableId: string, at: number): Reservation | undefined {
  const slot = SLOT_MINUTES * 60_000;
  const days = new Set([restaurantDay(new Date(at - slot).toISOString()), restaurantDay(new Date(at).toISOString()), restaurantDay(new Date(at + slot).toISOString())]);
  for (const day of days) {
    for (const id of idsOn(s.upcomingReservations, day)) {
      const r = getOwn(s.upcomingReservations, id);
      if (r && r.tableId === tableId && WAITING.includes(r.status) && Math.abs(Date.parse(r.at) - at) < slot) return r;
    }
  }
  return undefined;
}

/**
 * Books a table (SPEC.md section 3 Reservation). With a deposit asked it
 * starts "to be paid" (0), without one as a till reservation (6). Refused:
 * a day before today or past the live window, a table already booked within
 * two hours of it, an id used before.
 */
export function createReservation(s: State, p: CommandPayload<'reservation.create'>, ctx: DecideContext): Decision {
  const table = getOwn(s.tables, p.tableId);
  if (!table) return refuse('NOT_FOUND', 'tableId');
  if (getOwn(s.upcomingReservations, p.reservationId)) return refuse('DUPLICATE_ID', 'reservationId');
  const today = restaurantDay(ctx.now);
  const day = restaurantDay(p.at);
  if (day < today || day > addDays(today, RESERVATION_DAYS_AHEAD)) return refuse('RESERVATION_OUT_OF_WINDOW', 'at');
  const at = Date.parse(p.at);
  const clash = clashOf(s, table.id, at);
  if (clash) return refuse('RESERVATION_CLASH', clash.id);
  const reservation: Reservation = {
    id: p.reservationId,
    no: s.reservationNo + 1,
    tableId: table.id,
    tableName: table.name,
    people: p.people,
    // Kept as the hub's canonical UTC form, so that times sort as strings.
    at: new Date(at).toISOString(),
    day,
    customerName: p.customerName,
    phone: p.phone,
    depositCents: p.depositCents,
    depositPaid: false,
    remarks: p.remarks,
    reason: p.reason,
    status: p.depositCents > 0 ? RESERVATION_STATUS.toBePaid : RESERVATION_STATUS.booked,
    operator: ctx.actor.staffId,
    createdAt: ctx.now,
    cancelReason: '',
    noShow: false,
    orderId: null,
    closedAt: '',
  };
  return accept([{ type: 'reservation.created', reservation }, ...sweepEvents(s, ctx.now, null)]);
}
