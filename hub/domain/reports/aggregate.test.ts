import type { Bill, BillCorrection, SalesFigures } from '#protocol';
import { describe, expect, it } from 'vitest';
import { aggregateBills, emptyFigures } from './index.ts';
import { correction, CTX, pay, reportBill, withdrawnBill } from './test-reports.ts';

/** Worked examples: the bills, what the figures must show (only the fields named). */
type Case = { name: string; bills: Bill[]; corrections?: BillCorrection[]; expect: Partial<SalesFigures> };

const dish = (key: string, o: Partial<SalesFigures['byDish'][number]>) => expect.arrayContaining([expect.objectContaining({ key, ...o })]);

const CASES: Case[] = [
  {
    name: 'a gift: the gifted portion at its price, not in what the dish brought',
    bills: [reportBill([{ price: 3200, qty: 2, gifted: 1 }])],
    expect: { bills: 1, salesCents: 3200, goodsCents: 6400, giftCents: 3200, giftQty: 1, byDish: dish('p-1', { qty: 1, cents: 3200, giftQty: 1, giftCents: 3200 }) },
  },
  {
    name: 'a return before settlement: the portion back, at its price, not charged',
    bills: [reportBill([{ price: 1500, qty: 3, returned: 1 }])],
    expect: { salesCents: 3000, goodsCents: 3000, returnQty: 1, returnCents: 1500, byDish: dish('p-1', { qty: 2, cents: 3000, returnQty: 1, returnCents: 1500 }) },
  },
  {
    name: 'a line discount comes off what the dish brought',
    bills: [reportBill([{ price: 3800, discount: 800 }])],
    expect: { salesCents: 3000, goodsCents: 3800, lineDiscountCents: 800, byDish: dish('p-1', { qty: 1, cents: 3000 }) },
  },
  {
    name: 'an order discount is not spread over the dishes',
    bills: [reportBill([{ price: 2000, qty: 2 }], { orderDiscount: { kind: 'percent', percent: 10 } })],
    expect: { salesCents: 3600, orderDiscountCents: 400, byDish: dish('p-1', { qty: 2, cents: 4000 }), byCategory: [{ key: 'c-mains', name: 'Fondos', bills: 1, people: 2, cents: 4000 }] },
  },
  {
    name: 'a tip is in the sales, not in the dishes',
    bills: [reportBill([{ price: 2000 }], { tip: 500 })],
    expect: { salesCents: 2500, tipCents: 500, byDish: dish('p-1', { cents: 2000 }) },
  },
  {
    name: 'lunch boxes, one per portion',
    bills: [reportBill([{ price: 1000, qty: 3 }], { lunchBox: { mode: 'perItem', priceCents: 100 } })],
    expect: { salesCents: 3300, lunchBoxCents: 300 },
  },
  {
    name: 'a minimum-spend fee tops the bill up',
    bills: [reportBill([{ price: 5000 }], { minimum: 10_000 })],
    expect: { salesCents: 10_000, minSpendFeeCents: 5000, byDish: dish('p-1', { cents: 5000 }) },
  },
  {
    name: 'a deposit: the sale is the whole total, the payments only what was due',
    bills: [reportBill([{ price: 8000 }], { deposit: 3000 })],
    expect: { salesCents: 8000, depositCents: 3000, receivedCents: 5000, byMethod: [{ method: 'cash', count: 1, cents: 5000, usdCents: 0 }] },
  },
  {
    name: 'dollars in cash with change in soles',
    bills: [reportBill([{ price: 3000 }], { payments: [pay('usd', 3750, 1000)], change: 750 })],
    // Change is handed back in soles: the soles drawer is 7.50 short, the dollar drawer kept US$ 10 (kept-by-method.ts).
    expect: { salesCents: 3000, receivedCents: 3750, changeCents: 750, byMethod: [{ method: 'usd', count: 1, cents: 3750, usdCents: 1000 }, { method: 'cash', count: 0, cents: -750, usdCents: 0 }] },
  },
  {
    name: 'mixed payments: each method its own row, most money first',
    bills: [reportBill([{ price: 10_000 }], { payments: [pay('cash', 4000), pay('visa', 6000)] })],
    expect: { receivedCents: 10_000, byMethod: [{ method: 'visa', count: 1, cents: 6000, usdCents: 0 }, { method: 'cash', count: 1, cents: 4000, usdCents: 0 }] },
  },
  {
    name: 'on account: the part owed',
    bills: [reportBill([{ price: 5000 }], { payments: [pay('cash', 2000), pay('onAccount', 3000)], over: { isAccount: 1 } })],
    expect: { salesCents: 5000, onAccountCount: 1, onAccountCents: 3000 },
  },
  {
    name: 'a withdrawn order counts only as withdrawn, at what was on it',
    bills: [withdrawnBill([{ price: 2500, qty: 2 }, { price: 1000, gifted: 1 }])],
    expect: { ...emptyFigures(), withdrawnCount: 1, withdrawnCents: 5000 },
  },
  {
    name: 'a sale at 01:30 with closing hour 3 belongs to the evening before (a Monday)',
    bills: [reportBill([{ price: 4200 }], { paidAt: '2026-03-03T06:30:00.000Z' })],
    expect: { byDay: [{ key: '2026-03-02', name: '2026-03-02', bills: 1, people: 2, cents: 4200 }] },
  },
  {
    name: 'a refund and a void after settlement, by the method given back',
    bills: [],
    corrections: [correction(1200, 'yape'), correction(3000, 'cash', undefined, 'void')],
    expect: { bills: 0, refundCount: 2, refundCents: 4200, refundsByMethod: [{ method: 'cash', count: 1, cents: 3000, usdCents: 0 }, { method: 'yape', count: 1, cents: 1200, usdCents: 0 }] },
  },
];

describe('aggregateBills: worked examples', () => {
  it.each(CASES)('$name', (c) => {
    expect(aggregateBills(c.bills, c.corrections ?? [], CTX)).toMatchObject(c.expect);
  });

  it('puts the 01:30 sale in hour 01 and on the weekday of its business day', () => {
    const f = aggregateBills([reportBill([{ price: 4200 }], { paidAt: '2026-03-03T06:30:00.000Z' })], [], CTX);
    expect(f.byHour.filter((r) => r.bills > 0)).toEqual([{ key: '01', name: '01', bills: 1, people: 2, cents: 4200 }]);
    expect(f.byWeekday.filter((r) => r.bills > 0).map((r) => r.key)).toEqual(['1']);
    expect(f.byHour.map((r) => r.key)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(f.byWeekday.map((r) => r.key)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('with closing hour 0 the same sale is on its calendar day, a Tuesday', () => {
    const f = aggregateBills([reportBill([{ price: 4200 }], { paidAt: '2026-03-03T06:30:00.000Z' })], [], { ...CTX, closingHour: 0 });
    expect(f.byDay.map((r) => r.key)).toEqual(['2026-03-03']);
    expect(f.byWeekday.filter((r) => r.bills > 0).map((r) => r.key)).toEqual(['2']);
  });

  it('counts a bill once per category, and custom dishes by name in the category "custom"', () => {
    const custom = (bill: Bill, i: number): Bill => ({ ...bill, lines: bill.lines.map((l, j) => (j === i ? { ...l, productId: null } : l)) });
    const first = custom(reportBill([{ price: 2000 }, { price: 3000, productId: 'p-2' }, { price: 500, productId: 'p-9' }, { price: 1800, name: 'Ceviche del día' }]), 3);
    const second = custom(reportBill([{ price: 1800, name: 'Ceviche del día' }], { id: 'o-2' }), 0);
    const f = aggregateBills([first, second], [], CTX);
    expect(f.byCategory).toEqual([
      { key: 'c-mains', name: 'Fondos', bills: 1, people: 2, cents: 5000 },
      { key: 'custom', name: 'Fuera de carta', bills: 2, people: 4, cents: 3600 },
      { key: 'c-drinks', name: 'Bebidas', bills: 1, people: 2, cents: 500 },
    ]);
    expect(f.byDish[0]).toEqual({ key: 'custom:Ceviche del día', name: 'Ceviche del día', categoryId: 'custom', qty: 2, cents: 3600, giftQty: 0, giftCents: 0, returnQty: 0, returnCents: 0 });
  });

  it('breaks down by table, staff and document, most money first, ties by key', () => {
    const a = reportBill([{ price: 1000 }], { over: { tableId: 't-2', tableName: 'S2', operator: null, document: { kind: 'note', docId: '', name: '' } } });
    const b = reportBill([{ price: 1000 }], { over: { tableId: 't-1', tableName: 'S1', operator: 'staff-2' } });
    const c = reportBill([{ price: 3000 }], { over: { tableId: 't-2', tableName: 'Salón 2', operator: 'staff-2', document: { kind: 'factura', docId: '20100070970', name: 'ACME' } } });
    const f = aggregateBills([a, b, c], [], CTX);
    expect(f.byTable).toEqual([{ key: 't-2', name: 'Salón 2', bills: 2, people: 4, cents: 4000 }, { key: 't-1', name: 'S1', bills: 1, people: 2, cents: 1000 }]);
    expect(f.byStaff).toEqual([{ key: 'staff-2', name: '', bills: 2, people: 4, cents: 4000 }, { key: '', name: '', bills: 1, people: 2, cents: 1000 }]);
    expect(f.byDocument.map((r) => [r.key, r.cents])).toEqual([['factura', 3000], ['boleta', 1000], ['note', 1000]]);
  });

  it('keeps ids such as __proto__ and constructor as plain keys', () => {
    const bill = reportBill([{ price: 1000, productId: '__proto__' }, { price: 700, productId: 'constructor' }], { over: { tableId: '__proto__', tableName: 'X', operator: 'constructor' } });
    const f = aggregateBills([bill], [], { ...CTX, categoryOf: (id) => ({ id: id ?? 'none', name: 'Z' }) });
    expect(f.byTable).toEqual([{ key: '__proto__', name: 'X', bills: 1, people: 2, cents: 1700 }]);
    expect(f.byStaff.map((r) => r.key)).toEqual(['constructor']);
    expect(f.byDish.map((r) => r.key)).toEqual(['__proto__', 'constructor']);
    expect(f.byCategory.map((r) => [r.key, r.cents])).toEqual([['__proto__', 1000], ['constructor', 700]]);
    expect(({} as Record<string, unknown>).bills).toBeUndefined();
  });

  it('reads a bill archived before issue 9 (no payments, no document) as one cash payment on a sale note', () => {
    const full = reportBill([{ price: 2000 }], { change: 500 });
    const { payments: _p, document: _d, goodsCents: _g, isAccount: _a, ...old } = full;
    const f = aggregateBills([old as Bill], [], CTX);
    expect(f).toMatchObject({ bills: 1, salesCents: 2000, goodsCents: 0, changeCents: 500, byMethod: [{ method: 'cash', count: 1, cents: 2000, usdCents: 0 }] });
    expect(f.byDocument.map((r) => r.key)).toEqual(['note']);
  });

  it('refuses a closing hour outside 0–23', () => {
    expect(() => aggregateBills([], [], { ...CTX, closingHour: 24 })).toThrow(RangeError);
    expect(() => aggregateBills([], [], { ...CTX, closingHour: 2.5 })).toThrow(RangeError);
  });

  it('gives the empty figures for no bills', () => {
    expect(aggregateBills([], [], CTX)).toEqual(emptyFigures());
  });
});
