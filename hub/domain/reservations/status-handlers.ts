import type { CommandPayload, ReservationEvent, State } from '#protocol';
import { openTable } from '../dine-in/table-open.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { depositOutcomeEvents, paidDepositOf, payDeposit } from './deposit.ts';
import { sweepEvents } from './sweep.ts';
import { canMove, TRANSITIONS, type TransitionCommand } from './transitions.ts';

type Ref = { reservationId: string };

/**
 * The common part of every status change: the reservation exists, the move
 * is in the table (TRANSITIONS), and the decision files past days' reservations.
 */
function move(
  command: TransitionCommand,
  s: State,
  p: Ref & { deposit?: CommandPayload<'reservation.cancel'>['deposit'] },
  ctx: DecideContext,
  extra: Partial<Extract<ReservationEvent, { type: 'reservation.statusSet' }>> = {},
): Decision {
  const r = getOwn(s.upcomingReservations, p.reservationId);
  if (!r) return refuse('NOT_FOUND', 'reservationId');
  if (!canMove(command, r.status)) return refuse('RESERVATION_STATUS', String(r.status));
  // Cancelled or not come: a paid deposit is given back or kept, the cashier's word (deposit.ts).
  const money = command === 'reservation.cancel' || command === 'reservation.noShow' ? depositOutcomeEvents(s, r, p.deposit, ctx) : [];
  if (!Array.isArray(money)) return money;
  return accept([
    { type: 'reservation.statusSet', reservationId: r.id, status: TRANSITIONS[command].to, at: ctx.now, ...extra },
    ...money,
    ...sweepEvents(s, ctx.now, r.id),
  ]);
}

/**
 * The guests came: their table opens as an ordinary order that carries the
 * reservation and its paid deposit (the payment screen credits it). Seated
 * at the booked table, or at another free one when `tableId` is given.
 */
function arrive(s: State, p: CommandPayload<'reservation.arrive'>, ctx: DecideContext): Decision {
  const r = getOwn(s.upcomingReservations, p.reservationId);
  if (!r) return refuse('NOT_FOUND', 'reservationId');
  if (!canMove('reservation.arrive', r.status)) return refuse('RESERVATION_STATUS', String(r.status));
  const customer = { name: r.customerName, gender: 0 as const, phone: r.phone, reason: r.reason, remarks: r.remarks };
  const opened = openTable(s, { tableId: p.tableId ?? r.tableId, orderId: p.orderId, people: r.people, customer }, ctx);
  if (!opened.ok) return opened;
  const [event] = opened.events;
  if (event?.type !== 'table.opened') return refuse('INTERNAL');
  // The deposit as taken (its amount may differ from the one asked); none when it never arrived.
  const order = { ...event.order, depositCents: paidDepositOf(r)?.amountCents ?? 0, reservationId: r.id };
  return accept(
    [{ type: 'table.opened', order }, { type: 'reservation.arrived', reservationId: r.id, orderId: order.id, at: ctx.now }, ...sweepEvents(s, ctx.now, r.id)],
    opened.result,
  );
}

/** Handlers of every command that changes a reservation's status. */
export const statusHandlers = {
  'reservation.payDeposit': payDeposit,
  'reservation.depositFailed': (s: State, p: CommandPayload<'reservation.depositFailed'>, ctx: DecideContext) => move('reservation.depositFailed', s, p, ctx),
  'reservation.ready': (s: State, p: CommandPayload<'reservation.ready'>, ctx: DecideContext) => move('reservation.ready', s, p, ctx),
  'reservation.arrive': arrive,
  'reservation.finish': (s: State, p: CommandPayload<'reservation.finish'>, ctx: DecideContext) => move('reservation.finish', s, p, ctx),
  'reservation.cancel': (s: State, p: CommandPayload<'reservation.cancel'>, ctx: DecideContext): Decision => {
    // Trimmed here too: the rule must hold for a payload that skipped the schema (the device's own view).
    if (!p.reason.trim()) return refuse('REASON_REQUIRED', 'reason');
    return move('reservation.cancel', s, p, ctx, { cancelReason: p.reason });
  },
  'reservation.noShow': (s: State, p: CommandPayload<'reservation.noShow'>, ctx: DecideContext): Decision => {
    const r = getOwn(s.upcomingReservations, p.reservationId);
    // Only once their time has passed: before, the guests may still come.
    if (r && canMove('reservation.noShow', r.status) && Date.parse(ctx.now) < Date.parse(r.at)) return refuse('RESERVATION_TOO_EARLY');
    return move('reservation.noShow', s, p, ctx, { noShow: true });
  },
};
