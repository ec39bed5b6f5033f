import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, CommandPayload, DepositMethod, State } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { expectedByMethod } from '../shift/totals.ts';
import { tallySummary } from '../tally/summary.ts';
import { ctxAt, decideOn, deepFreeze, exec, P, uid } from '../test-fixtures.ts';
import { depositEntryId } from './deposit.ts';
import { AFTER_TONIGHT, booked, R1 } from './test-reservations.ts';

/**
 * A reservation deposit is money (issue 18 item 6): taken with its method in
 * the open shift and the day's book, credited on the bill, what exceeds the
 * bill given back or kept, a cancelled reservation's deposit refunded or kept.
 * Whatever happens, the shift, the book and the bill agree on the money.
 */

const ORDER = uid(601);
const ARRIVED_AT = ctxAt('2025-03-15T01:05:00.000Z');
const pay = (amountCents: number, method: DepositMethod = 'cash', operationNo?: string): CommandPayload<'reservation.payDeposit'> => ({
  reservationId: R1,
  payment: { method, amountCents, ...(operationNo ? { operationNo } : {}) },
  print: true,
});

/** The guests arrive, order `lomos` lomos (S/ 38 each), and it is sent. */
function arriveAndOrder(s: State, lomos: number): State {
  s = exec(s, 'reservation.arrive', { reservationId: R1, orderId: ORDER }, ARRIVED_AT).state;
  s = exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(602), productId: P.lomo.id, qty: lomos, remark: '' }] }).state;
  return exec(s, 'order.send', { orderId: ORDER }).state;
}

/** Settles the order; returns the state and the bill as archived. */
function settle(s: State, payload: Partial<CommandPayload<'order.settle'>> = {}): { state: State; bill: Bill } {
  const step = exec(s, 'order.settle', { orderId: ORDER, payments: [], document: SALE_NOTE, print: false, ...payload }, ARRIVED_AT);
  const settled = step.events.find((e) => e.type === 'order.settled');
  if (settled?.type !== 'order.settled') throw new Error('no bill');
  return { state: step.state, bill: settled.bill };
}

/** The cash the shift expects beyond its float, and the cash the book expects. */
function cashOf(s: State, bills: Bill[]): { shift: number; book: number } {
  return {
    shift: (expectedByMethod(s.openShift!).cash ?? 0) - s.openShift!.floatCents,
    book: tallySummary(bills, [], Object.values(s.tallyEntries)).expectedCashCents,
  };
}

describe('reservation.payDeposit: a payment with its method, in the shift and the book', () => {
  it('takes S/ 80 by Yape: the reservation keeps it, the shift counts it, the book lists it, its receipt is asked', () => {
    const s = exec(booked(), 'reservation.payDeposit', pay(8000, 'yape', '12345678')).state;
    expect(s.upcomingReservations[R1]).toMatchObject({ status: 1, depositPaid: true, deposit: { method: 'yape', amountCents: 8000, operationNo: '12345678', shiftId: 'sh-test', print: true } });
    expect(s.openShift!.totals.depositsByMethod).toEqual({ yape: 8000 });
    expect(expectedByMethod(s.openShift!).yape).toBe(8000);
    expect(s.tallyEntries[depositEntryId(R1)]).toMatchObject({ kind: 'income', category: 'deposit', method: 'yape', amountCents: 8000 });
    expect(tallySummary([], [], Object.values(s.tallyEntries)).byCategory.deposit).toBe(8000);
  });

  const refusals: { name: string; state: () => State; payload: CommandPayload<'reservation.payDeposit'>; code: string }[] = [
    { name: 'no shift open', state: () => exec(booked(), 'shift.close', { counted: { cash: 0 }, note: '' }).state, payload: pay(5000), code: 'NO_OPEN_SHIFT' },
    { name: 'Yape without its operation number', state: () => booked(), payload: pay(5000, 'yape'), code: 'OPERATION_NO_REQUIRED' },
    { name: 'a card with a malformed voucher number', state: () => booked(), payload: pay(5000, 'visa', '1 2'), code: 'OPERATION_NO_REQUIRED' },
    { name: 'taken twice', state: () => exec(booked(), 'reservation.payDeposit', pay(5000)).state, payload: pay(5000), code: 'RESERVATION_STATUS' },
    { name: 'a reservation that is not there (__proto__)', state: () => booked(), payload: { ...pay(5000), reservationId: '__proto__' }, code: 'NOT_FOUND' },
  ];
  it.each(refusals)('refuses $name and changes nothing', ({ state, payload, code }) => {
    const s = deepFreeze(state());
    const d = decideOn(s, 'reservation.payDeposit', payload);
    expect(d).toMatchObject({ ok: false, code });
  });

  it('the book refuses a deposit entry made by hand, and removing a deposit entry', () => {
    const s = exec(booked(), 'reservation.payDeposit', pay(5000)).state;
    expect(decideOn(s, 'tally.add', { id: 'e-1', kind: 'income', category: 'deposit', amountCents: 5000, note: '' })).toMatchObject({ ok: false, code: 'TALLY_WRONG_CATEGORY' });
    expect(decideOn(s, 'tally.remove', { id: depositEntryId(R1), reason: 'x' })).toMatchObject({ ok: false, code: 'TALLY_ENTRY_LOCKED' });
  });
});

describe('on arrival the deposit is credited; what exceeds the bill is given back or kept', () => {
  it('refuses to settle a bill its deposit exceeds without the choice, and changes nothing', () => {
    const s = deepFreeze(arriveAndOrder(exec(booked(), 'reservation.payDeposit', pay(5000)).state, 1));
    expect(decideOn(s, 'order.settle', { orderId: ORDER, payments: [], document: SALE_NOTE, print: false }, ARRIVED_AT)).toEqual({
      ok: false,
      code: 'DEPOSIT_EXCESS_CHOICE_REQUIRED',
      message: 'depositExcess',
    });
  });

  // Bill: lomos × S/ 38. Deposit by cash unless said. Expected: the cash the shift and the book count, what the bill shows.
  const cases = [
    { name: 'deposit < bill: the rest paid in cash', deposit: 5000, lomos: 2, settle: { payments: [{ method: 'cash' as const, amountCents: 3000 }] }, cash: 7600, kept: 0 },
    { name: 'deposit = bill: nothing more to pay', deposit: 7600, lomos: 2, settle: {}, cash: 7600, kept: 0 },
    { name: 'deposit > bill, the excess kept', deposit: 5000, lomos: 1, settle: { depositExcess: { action: 'keep' as const } }, cash: 5000, kept: 1200 },
    { name: 'deposit > bill, the excess given back from the drawer', deposit: 5000, lomos: 1, settle: { depositExcess: { action: 'return' as const } }, cash: 3800, kept: 0 },
  ];
  it.each(cases)('$name', ({ deposit, lomos, settle: payload, cash, kept }) => {
    const s0 = arriveAndOrder(exec(booked(), 'reservation.payDeposit', pay(deposit)).state, lomos);
    const { state, bill } = settle(s0, payload);
    expect(bill.depositCents).toBe(Math.min(deposit, lomos * 3800));
    expect(bill.depositCents + bill.receivedCents - bill.changeCents).toBe(bill.totalCents);
    expect(cashOf(state, [bill])).toEqual({ shift: cash, book: cash });
    expect(state.openShift!.totals.depositKeptCents ?? 0).toBe(kept);
    if (kept) expect(bill.depositExcess).toEqual({ action: 'kept', method: 'cash', cents: kept });
  });
});

describe('a cancelled reservation or a no-show: the paid deposit refunded or kept', () => {
  it('refuses to cancel a paid reservation without saying what becomes of the deposit, and changes nothing', () => {
    const s = deepFreeze(exec(booked(), 'reservation.payDeposit', pay(5000)).state);
    expect(decideOn(s, 'reservation.cancel', { reservationId: R1, reason: 'Cambio de planes' })).toEqual({ ok: false, code: 'DEPOSIT_ACTION_REQUIRED', message: 'deposit' });
  });

  it('refuses a refund with no shift open (the money would leave no drawer), and changes nothing', () => {
    let s = exec(booked(), 'reservation.payDeposit', pay(5000)).state;
    s = deepFreeze(exec(s, 'shift.close', { counted: { cash: 5000 }, note: '' }).state);
    expect(decideOn(s, 'reservation.cancel', { reservationId: R1, reason: 'x', deposit: { action: 'refund' } })).toEqual({ ok: false, code: 'NO_OPEN_SHIFT' });
  });

  it('cancelled with a refund by the method it came: the shift and the book are back to nothing', () => {
    let s = exec(booked(), 'reservation.payDeposit', pay(5000, 'yape', '998877')).state;
    s = exec(s, 'reservation.cancel', { reservationId: R1, reason: 'Cambio de planes', deposit: { action: 'refund' } }).state;
    expect(s.upcomingReservations[R1]).toMatchObject({ status: 3, depositOutcome: { action: 'refunded', method: 'yape', amountCents: 5000 } });
    expect(expectedByMethod(s.openShift!).yape).toBe(0);
    const book = tallySummary([], [], Object.values(s.tallyEntries));
    expect(book.byCategory).toEqual({ deposit: 5000, depositReturn: 5000 });
  });

  it('a no-show whose deposit is kept: the cash stays, the shift records it kept', () => {
    let s = exec(booked(), 'reservation.payDeposit', pay(5000)).state;
    s = exec(s, 'reservation.noShow', { reservationId: R1, deposit: { action: 'keep' } }, AFTER_TONIGHT).state;
    expect(s.upcomingReservations[R1]).toMatchObject({ status: 3, noShow: true, depositOutcome: { action: 'kept', amountCents: 5000 } });
    expect(cashOf(s, [])).toEqual({ shift: 5000, book: 5000 });
    expect(s.openShift!.totals.depositKeptCents).toBe(5000);
  });

  it('a reservation with no deposit paid cancels as before, with nothing to choose', () => {
    expect(exec(booked(), 'reservation.cancel', { reservationId: R1, reason: 'x' }).state.upcomingReservations[R1]!.status).toBe(3);
  });
});

describe('shift, book and bill agree for any deposit (property)', () => {
  it('deposit below, at or above the bill; excess kept or given back; or cancelled with a refund', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('keep', 'return', 'cancel'), fc.constantFrom<DepositMethod>('cash', 'visa', 'yape'), (deposit, lomos, how, method) => {
        let s = exec(booked(), 'reservation.payDeposit', pay(deposit, method, method === 'yape' ? '123456' : undefined)).state;
        const taken = expectedByMethod(s.openShift!)[method] ?? 0;
        expect(taken).toBe(deposit);
        if (how === 'cancel') {
          s = exec(s, 'reservation.cancel', { reservationId: R1, reason: 'x', deposit: { action: 'refund' } }).state;
          expect(cashOf(s, [])).toEqual({ shift: 0, book: 0 });
          expect(expectedByMethod(s.openShift!)[method] ?? 0).toBe(0);
          return;
        }
        s = arriveAndOrder(s, lomos);
        const total = lomos * 3800;
        const rest = Math.max(0, total - deposit);
        const excess = Math.max(0, deposit - total);
        const { state, bill } = settle(s, {
          payments: rest ? [{ method: 'cash', amountCents: rest }] : [],
          ...(excess ? { depositExcess: { action: how === 'keep' ? 'keep' : 'return', method } } : {}),
        });
        // The bill: deposit credited + paid = total. Money in the drawers: what the guests left for this bill.
        expect(bill.depositCents + bill.receivedCents - bill.changeCents).toBe(total);
        const kept = how === 'keep' ? excess : 0;
        const all = expectedByMethod(state.openShift!);
        const inDrawers = Object.values(all).reduce((n, c) => n + (c ?? 0), 0) - state.openShift!.floatCents;
        expect(inDrawers).toBe(total + kept);
        expect(cashOf(state, [bill]).shift).toBe(cashOf(state, [bill]).book);
        const book = tallySummary([bill], [], Object.values(state.tallyEntries));
        expect((book.byCategory.deposit ?? 0) - (book.byCategory.depositReturn ?? 0)).toBe(deposit - (excess - kept));
      }),
      { numRuns: 120 },
    );
  });
});
