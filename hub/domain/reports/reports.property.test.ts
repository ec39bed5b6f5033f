import type { Bill, BillCorrection, BillPayment, PayMethod, SalesFigures } from '#protocol';
import { PAY_METHODS } from '#protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineSpec } from '../einvoice/test-bills.ts';
import { lineTotalCents } from '../money.ts';
import { aggregateBills, emptyFigures, mergeFigures } from './index.ts';
import { correction, CTX, pay, reportBill, withdrawnBill } from './test-reports.ts';

/**
 * Random bills made by the real money rules, random payments that add up to
 * what was due: the figures must add up however they are cut, and adding up
 * the figures of two parts must give the figures of the whole (what the
 * per-day cache relies on to build a year from its days).
 */

const START = Date.parse('2026-02-27T05:00:00.000Z');
const PRODUCTS = ['p-1', 'p-2', 'p-9', '__proto__', 'custom'] as const;

const line: fc.Arbitrary<LineSpec & { custom: boolean }> = fc
  .record({ product: fc.constantFrom(...PRODUCTS), price: fc.integer({ min: 0, max: 20_000 }), qty: fc.integer({ min: 1, max: 5 }), gifted: fc.nat(5), returned: fc.nat(5), discount: fc.nat(3000) })
  .map((l) => {
    const gifted = Math.min(l.gifted, l.qty);
    const returned = Math.min(l.returned, l.qty - gifted);
    return { price: l.price, qty: l.qty, gifted, returned, discount: l.discount, productId: l.product, name: `Plato ${l.product}`, custom: l.product === 'custom' };
  });

type Draft = {
  lines: (LineSpec & { custom: boolean })[];
  percent: number | null;
  tip: number;
  box: number;
  minimum: number;
  deposit: number;
  minute: number;
  table: string;
  operator: string | null;
  kind: 'note' | 'boleta' | 'factura';
  methods: PayMethod[];
  change: number;
  withdrawn: boolean;
};

const draft: fc.Arbitrary<Draft> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  percent: fc.option(fc.integer({ min: 0, max: 99 })),
  tip: fc.nat(2000),
  box: fc.nat(300),
  minimum: fc.oneof(fc.constant(0), fc.nat(30_000)),
  deposit: fc.oneof(fc.constant(0), fc.nat(10_000)),
  minute: fc.nat(10 * 24 * 60),
  table: fc.constantFrom('t-1', 't-2', '__proto__', 'constructor'),
  operator: fc.constantFrom(null, 'staff-1', 'staff-2', 'hasOwnProperty'),
  kind: fc.constantFrom('note' as const, 'boleta' as const, 'factura' as const),
  methods: fc.array(fc.constantFrom(...PAY_METHODS), { minLength: 1, maxLength: 3 }),
  change: fc.nat(2000),
  withdrawn: fc.boolean(),
});

/** Splits what was due over the methods (the first takes the rest); cash gets the change. */
function paymentsFor(due: number, methods: PayMethod[], change: number): { payments: BillPayment[]; change: number } {
  if (due === 0) return { payments: [], change: 0 };
  const part = Math.floor(due / methods.length);
  const payments = methods.map((m, i) => {
    const cents = i === 0 ? due - part * (methods.length - 1) : part;
    return m === 'usd' ? pay('usd', cents, Math.round(cents / 3.75)) : pay(m, cents);
  });
  const cash = payments.find((p) => p.method === 'cash');
  if (!cash || change === 0) return { payments, change: 0 };
  cash.amountCents += change;
  return { payments, change };
}

function billOf(d: Draft, i: number): Bill {
  const paidAt = new Date(START + d.minute * 60_000).toISOString();
  if (d.withdrawn) return { ...withdrawnBill(d.lines, paidAt), id: `w-${i}` };
  const spec = { paidAt, tip: d.tip, minimum: d.minimum, deposit: d.deposit, lunchBox: d.box ? { mode: 'perItem' as const, priceCents: d.box } : undefined, orderDiscount: d.percent === null ? undefined : { kind: 'percent' as const, percent: d.percent } };
  const probe = reportBill(d.lines, spec);
  const { payments, change } = paymentsFor(probe.dueCents, d.methods, d.change);
  const bill = reportBill(d.lines, {
    ...spec, id: `o-${i}`, payments, change,
    over: { tableId: d.table, tableName: `Mesa ${d.table}`, operator: d.operator, document: { kind: d.kind, docId: '', name: '' }, isAccount: payments.some((p) => p.method === 'onAccount') ? 1 : 0 },
  });
  return { ...bill, lines: bill.lines.map((l, j) => (d.lines[j]?.custom ? { ...l, productId: null } : l)) };
}

const corrections: fc.Arbitrary<BillCorrection[]> = fc.array(
  fc.record({ cents: fc.integer({ min: 1, max: 9000 }), method: fc.constantFrom(...PAY_METHODS), kind: fc.constantFrom('refund' as const, 'void' as const) }).map((c) => correction(c.cents, c.method, undefined, c.kind)),
  { maxLength: 4 },
);
const sale = fc.tuple(fc.array(draft, { maxLength: 25 }), corrections).map(([ds, cs]) => ({ bills: ds.map(billOf), corrections: cs }));

const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);
const paid = (bills: Bill[]) => bills.filter((b) => b.deleted !== 2);

describe('aggregateBills: properties', () => {
  it('adds up: sales, payments, hours, days and every breakdown', () => {
    fc.assert(
      fc.property(sale, ({ bills, corrections: cs }) => {
        const f = aggregateBills(bills, cs, CTX);
        const sold = paid(bills);
        expect(f.bills).toBe(sold.length);
        expect(f.withdrawnCount).toBe(bills.length - sold.length);
        expect(f.salesCents).toBe(sum(sold, (b) => b.totalCents));
        // By method is what the drawers kept: handed over less the change (kept-by-method.ts).
        expect(sum(f.byMethod, (r) => r.cents)).toBe(sum(sold, (b) => sum(b.payments, (p) => p.amountCents) - b.changeCents));
        expect(sum(f.byMethod, (r) => r.cents)).toBe(f.receivedCents - f.changeCents);
        expect(sum(f.byMethod, (r) => r.count)).toBe(sum(sold, (b) => b.payments.length));
        for (const rows of [f.byHour, f.byWeekday, f.byDay, f.byTable, f.byStaff, f.byDocument]) {
          expect(sum(rows, (r) => r.cents)).toBe(f.salesCents);
          expect(sum(rows, (r) => r.bills)).toBe(f.bills);
          expect(sum(rows, (r) => r.people)).toBe(f.people);
        }
        // What the dishes brought is the bills' subtotal: goods less gifts and line discounts.
        const lines = sum(sold, (b) => sum(b.lines, lineTotalCents));
        expect(sum(f.byDish, (r) => r.cents)).toBe(lines);
        expect(sum(f.byCategory, (r) => r.cents)).toBe(lines);
        expect(f.goodsCents - f.giftCents - f.lineDiscountCents).toBe(lines);
        expect(sum(f.byDish, (r) => r.giftCents)).toBe(f.giftCents);
        expect(sum(f.byDish, (r) => r.giftQty)).toBe(f.giftQty);
        expect(f.refundCents).toBe(sum(cs, (c) => c.amountCents));
        expect(sum(f.refundsByMethod, (r) => r.cents)).toBe(f.refundCents);
        expect(f.byHour).toHaveLength(24);
        expect(f.byWeekday).toHaveLength(7);
      }),
      { numRuns: 200 },
    );
  });

  it('the figures of the whole are the merged figures of any two parts', () => {
    fc.assert(
      fc.property(sale, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), ({ bills, corrections: cs }, side) => {
        const pick = <T>(xs: T[], want: boolean) => xs.filter((_, i) => side[i % side.length] === want);
        const one = aggregateBills(pick(bills, true), pick(cs, true), CTX);
        const two = aggregateBills(pick(bills, false), pick(cs, false), CTX);
        expect(mergeFigures(one, two)).toEqual(aggregateBills(bills, cs, CTX));
      }),
      { numRuns: 200 },
    );
  });

  it('merging is associative and commutative, and the empty figures change nothing', () => {
    const figures = sale.map(({ bills, corrections: cs }) => aggregateBills(bills, cs, CTX));
    fc.assert(
      fc.property(figures, figures, figures, (a: SalesFigures, b: SalesFigures, c: SalesFigures) => {
        expect(mergeFigures(mergeFigures(a, b), c)).toEqual(mergeFigures(a, mergeFigures(b, c)));
        expect(mergeFigures(a, b)).toEqual(mergeFigures(b, a));
        expect(mergeFigures(emptyFigures(), a)).toEqual(a);
        expect(mergeFigures(a, emptyFigures())).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });
});
