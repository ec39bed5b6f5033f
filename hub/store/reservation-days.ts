import path from 'node:path';
import type { Reservation } from '#protocol';
import { DayLog } from './day-log.ts';

/** One reservation that left the live state, and the log seq that filed it (the seq makes filing it again harmless). */
export type FiledReservation = { seq: number; reservation: Reservation };

/**
 * Reservations of past days, one file per day of the reservation
 * (`reservations/YYYY-MM-DD.jsonl`). The live state keeps today's and the
 * coming days' only (hub/domain/reservations/README.md); the book page reads
 * a past day page by page (GET /api/reservations).
 */
export class ReservationDays extends DayLog<FiledReservation> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'reservations'), utcOffsetMinutes, (e) => e.reservation.at);
  }
}
