import type { CommandPayload, ReservationStatus, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, exec, menuState, NOW, T, uid } from '../test-fixtures.ts';

/** The reservation the tests work on, and the payload that books it (tonight 20:00 Lima, S/ 50 deposit). */
export const R1 = uid(501);
export const TONIGHT = '2025-03-14T20:00:00-05:00';
export function booking(over: Partial<CommandPayload<'reservation.create'>> = {}): CommandPayload<'reservation.create'> {
  return { reservationId: R1, tableId: T.s1, people: 4, at: TONIGHT, customerName: 'Ana Torres', phone: '987654321', depositCents: 5000, remarks: 'cumpleaños', reason: 'family', ...over };
}

/** A menu-and-floor state with R1 booked. */
export function booked(over: Partial<CommandPayload<'reservation.create'>> = {}): State {
  return exec(menuState(), 'reservation.create', booking(over)).state;
}

/** A state with R1 forced into `status` (the way there is tested on its own). */
export function inStatus(status: ReservationStatus, over: Partial<CommandPayload<'reservation.create'>> = {}): State {
  const s = booked(over);
  return applyAll(s, [{ type: 'reservation.statusSet', reservationId: R1, status, at: NOW }]);
}

/** Hub time after the reservation's hour (for a no-show). */
export const AFTER_TONIGHT = ctxAt('2025-03-15T02:00:00.000Z');
