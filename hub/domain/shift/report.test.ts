import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, BillCorrection, ClosedShift, PayMethod } from '#protocol';
import { testBill } from '../einvoice/test-bills.ts';
import { aggregateBills } from '../reports/aggregate.ts';
import { figuresFromTotals, registerOf, shiftDayOf, shiftReportOf } from './report.ts';
import { emptyTotals, withBill, withCorrection } from './totals.ts';
import { pay } from './test-shift.ts';

/**
 * The shift report adds up to the bills it covers (README.md "The report"):
 * random bills with gifts, discounts, returns, lunch boxes, deposits, tips,
 * withdrawn orders and split payments, through the real money rules.
 */

const ctx = { closingHour: 4, categoryOf: (id: string | null) => (id === null ? { id: 'custom', name: '' } : { id: `cat-${id.length % 3}`, name: `Cat ${id.length % 3}` }) };
const METHODS: PayMethod[] = ['cash', 'visa', 'yape', 'onAccount'];

const lineSpec = fc.record({
  price: fc.integer({ min: 100, max: 9000 }),
  qty: fc.integer({ min: 1, max: 4 }),
  gifted: fc.integer({ min: 0, max: 1 }),
  returned: fc.integer({ min: 0, max: 1 }),
  discount: fc.integer({ min: 0, max: 300 }),
  productId: fc.constantFrom('p-1', 'p-22', 'p-333', '__proto__', 'constructor'),
});
const draft = fc.record({
  lines: fc.array(lineSpec, { minLength: 1, maxLength: 5 }),
  tip: fc.integer({ min: 0, max: 500 }),
  lunchBox: fc.boolean(),
  deposit: fc.integer({ min: 0, max: 1000 }),
  people: fc.integer({ min: 1, max: 8 }),
  split: fc.constantFrom(...METHODS),
  change: fc.integer({ min: 0, max: 2000 }),
  withdrawn: fc.boolean(),
  minute: fc.integer({ min: 0, max: 600 }),
});

const OPENED = '2026-11-23T17:00:00.000Z';

type Draft = typeof draft extends fc.Arbitrary<infer T> ? T : never;

function billOf(d: Draft, i: number): Bill {
  const lines = d.lines.map((l) => ({ ...l, gifted: Math.min(l.gifted, l.qty - l.returned) }));
  const paidAt = new Date(Date.parse(OPENED) + d.minute * 60_000).toISOString();
  const base = testBill(lines, { tip: d.tip, deposit: d.deposit, paidAt, fiscal: null, ...(d.lunchBox ? { lunchBox: { mode: 'perOrder' as const, priceCents: 150 } } : {}) });
  const due = base.dueCents;
  const half = Math.floor(due / 2);
  // Nothing due (a deposit covered it): nothing paid, no change.
  const change = due === 0 ? 0 : d.change;
  const payments = due === 0 ? [] : [pay('cash', due - half + change), ...(half > 0 ? [pay(d.split, half)] : [])];
  const bill: Bill = { ...base, id: `b-${i}`, billNo: i + 1, orderNo: i + 1, people: d.people, payments, receivedCents: due + change, changeCents: change, isAccount: d.split === 'onAccount' && half > 0 ? 1 : 0 };
  return d.withdrawn ? { ...bill, deleted: 2, payments: [], receivedCents: 0, changeCents: 0 } : bill;
}

const refundsOf = (bills: Bill[], amounts: number[]): BillCorrection[] =>
  amounts.slice(0, bills.length).map((cents, i) => ({ id: `c-${i}`, billId: bills[i]!.id, billNo: bills[i]!.billNo, kind: 'refund', lines: [], amountCents: cents, reason: 'Frío', method: i % 2 ? 'visa' : 'cash', at: '2026-11-23T20:00:00.000Z', by: null }));

function closedShift(bills: Bill[], corrections: BillCorrection[]): ClosedShift {
  let totals = emptyTotals();
  for (const b of bills) totals = withBill(totals, b);
  for (const c of corrections) totals = withCorrection(totals, c);
  return { id: 'sh-1', openedAt: OPENED, openedBy: 'staff-1', floatCents: 10_000, totals, moves: [], closedAt: '2026-11-24T05:00:00.000Z', closedBy: 'staff-2', counts: [], note: '' };
}

function reportOf(bills: Bill[], corrections: BillCorrection[]) {
  const shift = closedShift(bills, corrections);
  const figures = aggregateBills(bills, corrections, ctx);
  return { shift, report: shiftReportOf({ shift, figures, bills, corrections, register: '1', restaurant: 'Chifa', nameOf: (id) => id ?? '', writeOffs: { count: 0, cents: 0 } }) };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('shift report: totals equal the sum of the shift\'s bills', () => {
  it('for random bills and refunds', () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 20 }), fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 5 }), (drafts, amounts) => {
        const bills = drafts.map(billOf);
        const corrections = refundsOf(bills, amounts);
        const { shift, report: r } = reportOf(bills, corrections);
        const paid = bills.filter((b) => b.deleted !== 2);
        expect(r.salesCount).toBe(paid.length);
        expect(r.salesCents).toBe(sum(paid.map((b) => b.totalCents)));
        expect(r.actualCents).toBe(sum(paid.map((b) => b.receivedCents - b.changeCents)));
        expect(r.people).toBe(sum(paid.map((b) => b.people)));
        // Deposits taken during the shift, from its own totals (none here); what bills credited is in the figures.
        expect(r.depositCents).toBe(0);
        expect(r.figures.depositCents).toBe(sum(paid.map((b) => b.depositCents)));
        expect(r.discountCents).toBe(sum(paid.map((b) => b.lineDiscountCents + b.orderDiscountCents)));
        expect(r.orderCents).toBe(r.salesCents + r.discountCents + r.giftCents);
        expect(r.refundCents).toBe(sum(corrections.map((c) => c.amountCents)));
        expect(r.withdrawnCount).toBe(bills.length - paid.length);
        // Every split adds back up: channels, methods, hours, transactions, units and dishes.
        expect(sum(r.channels.map((c) => c.cents))).toBe(r.salesCents);
        expect(sum(r.channels.map((c) => c.bills))).toBe(r.salesCount);
        expect(sum(r.channels.map((c) => c.people))).toBe(r.people);
        expect(sum(r.byMethod.map((m) => m.cents))).toBe(r.actualCents);
        expect(sum(r.figures.byHour.map((h) => h.cents))).toBe(r.salesCents);
        expect(r.transactions).toHaveLength(bills.length);
        expect(sum(r.transactions.map((t) => t.totalCents))).toBe(r.salesCents);
        expect(sum(r.transactions.map((t) => t.refundedCents))).toBe(r.refundCents);
        expect(sum(r.units.map((u) => u.cents))).toBe(sum(r.figures.byDish.map((d) => d.cents)));
        expect(sum(r.units.map((u) => u.qty))).toBe(sum(r.figures.byDish.map((d) => d.qty)));
        // The Z report made at the close from the running totals agrees with the archive's on every figure both hold.
        const z = figuresFromTotals(shift.totals);
        expect([z.bills, z.salesCents, z.receivedCents - z.changeCents, z.lineDiscountCents, z.giftCents, z.refundCents]).toEqual([
          r.salesCount, r.salesCents, r.actualCents, r.discountCents, r.giftCents, r.refundCents,
        ]);
        expect(z.byMethod.map((m) => [m.method, m.cents]).sort()).toEqual(r.byMethod.map((m) => [m.method, m.cents]).sort());
      }),
      { numRuns: 150 },
    );
  });
});

describe('shift report: worked example', () => {
  const plain = { ...testBill([{ price: 2000, qty: 2 }], { fiscal: null }), id: 'b-1', billNo: 1, people: 2, paidAt: '2026-11-23T18:10:00.000Z' };
  const packed = { ...testBill([{ price: 1500, gifted: 0 }], { fiscal: null, lunchBox: { mode: 'perOrder', priceCents: 100 } }), id: 'b-2', billNo: 2, people: 1, paidAt: '2026-11-23T19:20:00.000Z' };
  const { report } = reportOf([plain, packed], []);

  it('counts a table\'s bill packed with a lunch box as dine-in: take-away is a takeout\'s bill (report-takeout.test.ts)', () => {
    expect(report.channels).toEqual([
      { key: 'dineIn', name: 'dineIn', bills: 2, cents: 5600, people: 3 },
      { key: 'takeAway', name: 'takeAway', bills: 0, cents: 0, people: 0 },
      { key: 'delivery', name: 'delivery', bills: 0, cents: 0, people: 0 },
    ]);
  });
  it('averages per bill and per person, rounded', () => {
    expect([report.averageBillCents, report.averagePersonCents]).toEqual([2800, 1867]);
  });
  it('lists the newest bill first, and counts portions per dish and size', () => {
    expect(report.transactions.map((t) => t.billNo)).toEqual([2, 1]);
    // Both bills' dish is product p-1 with no size: one row, at what each portion brought.
    expect(report.units.map((u) => [u.name, u.qty, u.cents])).toEqual([['Plato 1', 3, 5500]]);
  });
  it('has no member recharges (no members yet) and keeps the counts of the close', () => {
    expect([report.memberRechargeCount, report.memberRechargeCents, report.open, report.closedAt]).toEqual([0, 0, false, '2026-11-24T05:00:00.000Z']);
  });
});

describe('register and day of a shift', () => {
  it.each([
    [{ hostNames: ['caja.local', 'pos'] }, 'caja.local'],
    [{ hostNames: [] }, '1'],
    [{}, '1'],
  ])('register of %j is %s', (settings, name) => expect(registerOf(settings)).toBe(name));
  it.each([
    ['2026-11-24T04:59:59.000Z', '2026-11-23'],
    ['2026-11-24T05:00:00.000Z', '2026-11-24'],
  ])('a shift closed at %s is filed on %s (Lima calendar day)', (at, day) => expect(shiftDayOf(at)).toBe(day));
});
