import type { DomainEvent, State } from '#protocol';
import { describe, expect, it } from 'vitest';
import { applyAll } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { ctxAt, decideOn, exec, LATER, uid } from '../test-fixtures.ts';
import { paidBill, pay, refund } from './test-shift.ts';
import { expectedByMethod } from './totals.ts';

const opened = (floatCents = 10000): State => exec(emptyState(), 'shift.open', { id: 'sh-1', floatCents }).state;
const settle = (s: State, ...bills: ReturnType<typeof paidBill>[]): State => applyAll(s, bills.map((bill): DomainEvent => ({ type: 'order.settled', bill })));

describe('expected amount per method', () => {
  // Each row: the float, bills (payments, change), cash movements, refunds, and what each method should hold.
  const rows: { name: string; float: number; bills: ReturnType<typeof paidBill>[]; moves: ['in' | 'out', number][]; refunds: ReturnType<typeof refund>[]; expected: Record<string, number> }[] = [
    { name: 'only the float', float: 10000, bills: [], moves: [], refunds: [], expected: { cash: 10000 } },
    { name: 'cash sales less change', float: 10000, bills: [paidBill(1, 4550, [pay('cash', 5000)], 450), paidBill(2, 3000, [pay('cash', 3000)])], moves: [], refunds: [], expected: { cash: 17550 } },
    { name: 'cash in and out', float: 5000, bills: [paidBill(1, 2000, [pay('cash', 2000)])], moves: [['in', 3000], ['out', 1200]], refunds: [], expected: { cash: 8800 } },
    { name: 'cards and wallets are their own lines', float: 0, bills: [paidBill(1, 6000, [pay('visa', 4000), pay('cash', 2000)]), paidBill(2, 1500, [pay('yape', 1500)])], moves: [], refunds: [], expected: { cash: 2000, visa: 4000, yape: 1500 } },
    { name: 'a cash refund comes out of the drawer', float: 10000, bills: [paidBill(1, 3000, [pay('cash', 3000)])], moves: [], refunds: [refund(1, 1000, 'cash')], expected: { cash: 12000 } },
    { name: 'a card refund comes off the card line', float: 0, bills: [paidBill(1, 3000, [pay('visa', 3000)])], moves: [], refunds: [refund(1, 3000, 'visa')], expected: { cash: 0, visa: 0 } },
    { name: 'dollars in soles; change in soles cash', float: 0, bills: [paidBill(1, 3250, [pay('usd', 3750, 1000)], 500)], moves: [], refunds: [], expected: { cash: -500, usd: 3750 } },
    { name: 'on account and balance have nothing to count', float: 100, bills: [paidBill(1, 2000, [pay('onAccount', 2000)]), paidBill(2, 900, [pay('balance', 900)])], moves: [], refunds: [], expected: { cash: 100 } },
    { name: 'everything at once', float: 20000, bills: [paidBill(1, 8750, [pay('cash', 10000)], 1250), paidBill(2, 5000, [pay('plin', 5000)])], moves: [['out', 4000], ['in', 500]], refunds: [refund(1, 750, 'cash')], expected: { cash: 24500, plin: 5000 } },
  ];
  it.each(rows)('$name', ({ float, bills, moves, refunds, expected }) => {
    let s = settle(opened(float), ...bills);
    moves.forEach(([direction, amountCents], i) => {
      s = exec(s, 'shift.cashMove', { id: `mv-${i}`, direction, amountCents, reason: 'Mercado' }).state;
    });
    s = applyAll(s, refunds.map((correction): DomainEvent => ({ type: 'bill.corrected', correction })));
    expect(expectedByMethod(s.openShift!)).toEqual(expected);
  });

  it('counts sales, discounts, gifts and tips; a withdrawn order is no sale', () => {
    const s = settle(opened(), paidBill(1, 4000, [pay('cash', 4000)], 0, { lineDiscountCents: 300, orderDiscountCents: 200, giftCents: 600, tipCents: 400 }), paidBill(2, 0, [], 0, { deleted: 2 }));
    expect(s.openShift!.totals).toMatchObject({ salesCount: 1, salesCents: 4000, discountCents: 500, giftCents: 600, tipCents: 400 });
  });

  it('bills settled while no shift is open belong to none', () => {
    const s = settle(emptyState(), paidBill(1, 4000, [pay('cash', 4000)]));
    expect(s.openShift).toBeNull();
    expect(exec(s, 'shift.open', { id: 'sh-1', floatCents: 0 }).state.openShift!.totals.salesCount).toBe(0);
  });
});

describe('shift.open', () => {
  it('opens with the float, who and when', () => {
    const s = opened(15000);
    expect(s.openShift).toMatchObject({ id: 'sh-1', floatCents: 15000, openedBy: 'staff-1', moves: [] });
  });
  it('refuses a second open shift on the one register, and changes nothing', () => {
    const s = opened();
    expect(decideOn(s, 'shift.open', { id: 'sh-2', floatCents: 0 })).toEqual({ ok: false, code: 'SHIFT_ALREADY_OPEN' });
  });
});

describe('shift.cashMove', () => {
  const refusals: { name: string; state: () => State; payload: { id: string; direction: 'in' | 'out'; amountCents: number; reason: string }; code: string }[] = [
    { name: 'no open shift', state: emptyState, payload: { id: 'mv-1', direction: 'in', amountCents: 100, reason: 'x' }, code: 'NO_OPEN_SHIFT' },
    { name: 'more out than the drawer holds', state: () => opened(1000), payload: { id: 'mv-1', direction: 'out', amountCents: 1001, reason: 'x' }, code: 'CASH_OUT_TOO_LARGE' },
    { name: 'a movement id seen before', state: () => exec(opened(), 'shift.cashMove', { id: 'mv-1', direction: 'in', amountCents: 100, reason: 'x' }).state, payload: { id: 'mv-1', direction: 'in', amountCents: 100, reason: 'x' }, code: 'SHIFT_MOVE_EXISTS' },
  ];
  it.each(refusals)('refuses $name, and changes nothing', ({ state, payload, code }) => {
    const s = state();
    const before = structuredClone(s);
    expect(decideOn(s, 'shift.cashMove', payload)).toEqual({ ok: false, code });
    expect(s).toEqual(before);
  });
  it('allows taking out exactly what the drawer holds', () => {
    expect(exec(opened(1000), 'shift.cashMove', { id: 'mv-1', direction: 'out', amountCents: 1000, reason: 'Depósito' }).state.openShift!.moves).toHaveLength(1);
  });
  it('refuses past the movement limit', () => {
    let s = opened();
    s = { ...s, openShift: { ...s.openShift!, moves: Array.from({ length: 200 }, (_, i) => ({ id: `m${i}`, direction: 'in' as const, amountCents: 1, reason: 'x', at: LATER, by: null })) } };
    expect(decideOn(s, 'shift.cashMove', { id: 'mv-x', direction: 'in', amountCents: 1, reason: 'x' })).toEqual({ ok: false, code: 'SHIFT_TOO_MANY_MOVES' });
  });
});

describe('shift.close', () => {
  it('records expected, counted and the difference per method, and leaves the live state', () => {
    const s = settle(opened(10000), paidBill(1, 4550, [pay('cash', 5000)], 450), paidBill(2, 2000, [pay('visa', 2000)]));
    const d = decideOn(s, 'shift.close', { counted: { cash: 14500, visa: 2000, yape: 100 }, note: 'faltan 0.50' }, ctxAt(LATER, uid(7)));
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events[0]).toMatchObject({
      type: 'shift.closed',
      shift: {
        id: 'sh-1', closedAt: LATER, closedBy: uid(7), note: 'faltan 0.50',
        counts: [
          { method: 'cash', expectedCents: 14550, countedCents: 14500, differenceCents: -50 },
          { method: 'visa', expectedCents: 2000, countedCents: 2000, differenceCents: 0 },
          { method: 'yape', expectedCents: 0, countedCents: 100, differenceCents: 100 },
        ],
      },
    });
    expect(applyAll(s, d.events).openShift).toBeNull();
  });
  it('refuses a close that leaves out a method the shift expects, and changes nothing', () => {
    const s = settle(opened(), paidBill(1, 2000, [pay('visa', 2000)]));
    expect(decideOn(s, 'shift.close', { counted: { cash: 10000 }, note: '' })).toEqual({ ok: false, code: 'SHIFT_COUNT_MISSING', message: 'visa' });
    expect(s.openShift).not.toBeNull();
  });
  it('refuses a close with no open shift', () => {
    expect(decideOn(emptyState(), 'shift.close', { counted: { cash: 0 }, note: '' })).toEqual({ ok: false, code: 'NO_OPEN_SHIFT' });
  });
  it('hands over: the next shift opens after the close', () => {
    let s = exec(opened(), 'shift.close', { counted: { cash: 10000 }, note: '' }).state;
    s = exec(s, 'shift.open', { id: 'sh-2', floatCents: 10000 }).state;
    expect(s.openShift).toMatchObject({ id: 'sh-2', totals: { salesCount: 0 } });
  });
});
