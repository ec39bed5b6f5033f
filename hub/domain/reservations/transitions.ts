import type { ReservationStatus } from '#protocol';
import { RESERVATION_STATUS as S } from '#protocol';

/**
 * The reservation status machine (SPEC.md section 4 names the statuses, not
 * the moves): for each command that changes a status, the statuses it may
 * start from and the one it leads to. The README's table is this one; the
 * table-driven test walks every command from every status.
 */
export const TRANSITIONS = {
  'reservation.payDeposit': { from: [S.toBePaid, S.prepaymentFailed], to: S.prepaid },
  'reservation.depositFailed': { from: [S.toBePaid], to: S.prepaymentFailed },
  'reservation.ready': { from: [S.prepaid, S.booked], to: S.ready },
  'reservation.arrive': { from: [S.toBePaid, S.prepaid, S.prepaymentFailed, S.booked, S.ready], to: S.arrived },
  'reservation.finish': { from: [S.arrived], to: S.completed },
  'reservation.cancel': { from: [S.toBePaid, S.prepaid, S.prepaymentFailed, S.booked, S.ready], to: S.cancelled },
  'reservation.noShow': { from: [S.toBePaid, S.prepaid, S.prepaymentFailed, S.booked, S.ready], to: S.cancelled },
} as const satisfies Record<string, { from: readonly ReservationStatus[]; to: ReservationStatus }>;

/** A command that moves a reservation from one status to another. */
export type TransitionCommand = keyof typeof TRANSITIONS;

/** Whether `command` may start from `status`. */
export function canMove(command: TransitionCommand, status: ReservationStatus): boolean {
  return (TRANSITIONS[command].from as readonly ReservationStatus[]).includes(status);
}

/** Statuses still waiting for the guests (a table may not be booked twice around them). */
export const WAITING: readonly ReservationStatus[] = [S.toBePaid, S.prepaid, S.prepaymentFailed, S.booked, S.ready];
