import type { CommandPayload, DepositMethod, DepositRecord, DomainEvent, Order, Reservation, State, TallyEntry } from '#protocol';
import { OPERATION_METHODS } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import type { Totals } from '../money.ts';
import { getOwn } from '../records.ts';
import { filingEvents } from '../tally/handlers.ts';
import { sweepEvents } from './sweep.ts';
import { canMove, TRANSITIONS } from './transitions.ts';

/**
 * A reservation deposit is money (issue 18 item 6, README.md here "Deposits"):
 * taken with its method in the open shift and booked in the day's tally
 * (category `deposit`, one entry per deposit); given back (category
 * `depositReturn`) or kept when the reservation is cancelled, the guests do
 * not come, or it exceeds the bill they run up.
 */

/** The operation-number shape the till asks for (payment/payments.ts): Yape, Plin and transfers need one. */
const OPERATION_NO = /^[A-Za-z0-9-]{4,30}$/;

/** The tally entry a deposit or its return is booked under: derived, so deciding again gives the same id. */
export const depositEntryId = (reservationId: string): string => `dep-${reservationId}`;
export const depositReturnEntryId = (id: string): string => `depret-${id}`;

function todayOf(s: State, ctx: DecideContext): string {
  return businessDayOf(ctx.now, closingHourOf(s.settings));
}

/** The book's entry for money of a reservation coming in (`deposit`) or going back (`depositReturn`). */
function entryOf(id: string, r: Pick<Reservation, 'no' | 'customerName'>, kind: 'deposit' | 'depositReturn', method: DepositMethod, amountCents: number, s: State, ctx: DecideContext): TallyEntry {
  return {
    id,
    kind: kind === 'deposit' ? 'income' : 'expense',
    category: kind,
    amountCents,
    note: `#${r.no} ${r.customerName}`.slice(0, 140),
    method,
    day: todayOf(s, ctx),
    at: ctx.now,
    by: ctx.actor.staffId,
  };
}

/**
 * `reservation.payDeposit`: the deposit taken with its method and amount (an operation number
 * for Yape, Plin and transfers), only inside a shift; its receipt prints when asked (jobs).
 */
export function payDeposit(s: State, p: CommandPayload<'reservation.payDeposit'>, ctx: DecideContext): Decision {
  const r = getOwn(s.upcomingReservations, p.reservationId);
  if (!r) return refuse('NOT_FOUND', 'reservationId');
  if (!canMove('reservation.payDeposit', r.status)) return refuse('RESERVATION_STATUS', String(r.status));
  const shift = s.openShift;
  if (!shift) return refuse('NO_OPEN_SHIFT');
  const operationNo = p.payment.operationNo ?? '';
  if (OPERATION_METHODS.includes(p.payment.method) && !OPERATION_NO.test(operationNo)) return refuse('OPERATION_NO_REQUIRED', 'payment.operationNo');
  if (operationNo !== '' && !OPERATION_NO.test(operationNo)) return refuse('OPERATION_NO_REQUIRED', 'payment.operationNo');
  const entryId = depositEntryId(r.id);
  const deposit: DepositRecord = { method: p.payment.method, amountCents: p.payment.amountCents, operationNo, at: ctx.now, by: ctx.actor.staffId, shiftId: shift.id, entryId, print: p.print };
  const entry = entryOf(entryId, r, 'deposit', deposit.method, deposit.amountCents, s, ctx);
  return accept(
    [
      { type: 'reservation.statusSet', reservationId: r.id, status: TRANSITIONS['reservation.payDeposit'].to, at: ctx.now, depositPaid: true },
      { type: 'reservation.depositTaken', reservationId: r.id, deposit },
      ...filingEvents(s, entry.day),
      { type: 'tally.added', entry },
      ...sweepEvents(s, ctx.now, r.id),
    ],
    { totalCents: deposit.amountCents },
  );
}

/** What a reservation holds as paid: the deposit taken, or one marked paid before deposits had a method (cash, as asked). */
export function paidDepositOf(r: Reservation): { method: DepositMethod; amountCents: number } | null {
  if (r.deposit) return { method: r.deposit.method, amountCents: r.deposit.amountCents };
  return r.depositPaid && r.depositCents > 0 ? { method: 'cash', amountCents: r.depositCents } : null;
}

/**
 * A cancellation's or no-show's paid deposit: given back (out of the open shift, booked as a
 * `depositReturn`) or kept (income already counted when taken). Nothing paid: no events.
 */
export function depositOutcomeEvents(s: State, r: Reservation, action: CommandPayload<'reservation.cancel'>['deposit'], ctx: DecideContext): DomainEvent[] | Decision {
  const paid = paidDepositOf(r);
  if (!paid || r.depositOutcome) return [];
  if (!action) return refuse('DEPOSIT_ACTION_REQUIRED', 'deposit');
  const method = action.method ?? paid.method;
  if (action.action === 'keep') {
    return [{ type: 'reservation.depositSettled', reservationId: r.id, outcome: { action: 'kept', method, amountCents: paid.amountCents, at: ctx.now, by: ctx.actor.staffId } }];
  }
  // Money goes back out of a drawer or terminal: only inside a shift.
  if (!s.openShift) return refuse('NO_OPEN_SHIFT');
  const entry = entryOf(depositReturnEntryId(r.id), r, 'depositReturn', method, paid.amountCents, s, ctx);
  return [
    { type: 'reservation.depositSettled', reservationId: r.id, outcome: { action: 'refunded', method, amountCents: paid.amountCents, at: ctx.now, by: ctx.actor.staffId } },
    ...filingEvents(s, entry.day),
    { type: 'tally.added', entry },
  ];
}

/**
 * At the settlement: what a deposit exceeds the bill by must be given back or kept, the
 * cashier's choice (`depositExcess` of `order.settle`); given back, it is booked as a
 * `depositReturn` of the day. Nothing exceeded: nothing to choose, nothing recorded.
 */
export function depositExcessOf(
  s: State,
  order: Order,
  totals: Pick<Totals, 'depositCents'>,
  choice: { action: 'return' | 'keep'; method?: DepositMethod | undefined } | undefined,
  ctx: DecideContext,
): { ok: true; excess: { action: 'returned' | 'kept'; method: DepositMethod; cents: number } | null; events: DomainEvent[] } | { ok: false; code: 'DEPOSIT_EXCESS_CHOICE_REQUIRED' } {
  const cents = (order.depositCents ?? 0) - totals.depositCents;
  if (cents <= 0) return { ok: true, excess: null, events: [] };
  if (!choice) return { ok: false, code: 'DEPOSIT_EXCESS_CHOICE_REQUIRED' };
  const r = order.reservationId ? getOwn(s.upcomingReservations, order.reservationId) : undefined;
  const method = choice.method ?? (choice.action === 'return' ? 'cash' : (r?.deposit?.method ?? 'cash'));
  if (choice.action === 'keep') return { ok: true, excess: { action: 'kept', method, cents }, events: [] };
  const entry = entryOf(depositReturnEntryId(order.id), { no: r?.no ?? order.no, customerName: r?.customerName ?? order.customer.name }, 'depositReturn', method, cents, s, ctx);
  return { ok: true, excess: { action: 'returned', method, cents }, events: [...filingEvents(s, entry.day), { type: 'tally.added', entry }] };
}
