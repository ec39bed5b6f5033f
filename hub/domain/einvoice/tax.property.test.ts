import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FiscalLine } from '#protocol';
import { fiscalDocumentOf } from './tax.ts';
import { testBill, testSettings, type BillSpec, type LineSpec } from './test-bills.ts';

/**
 * For any bill (dishes with returns, gifts and line discounts, an order
 * discount, a tip, lunch boxes, a table minimum, a deposit, plastic bags,
 * either regime, any day from 2023 to 2029) the document adds up to the
 * céntimo:
 *   Σ line values − global discount = taxable
 *   taxable + IGV + ICBPER = tax inclusive; + tip (charge) = payable = the bill's total
 * and every line's IGV is within SUNAT's tolerance of value × rate (±S/ 1,
 * errors 3103/3271 of ValidaExprRegFactura-2.0.1.xsl; ours is within 1 céntimo).
 */

const BAG = 'p-bolsa';
const cents = (s: string) => Math.round(Number(s) * 100);

const line: fc.Arbitrary<LineSpec> = fc
  .record({ price: fc.integer({ min: 1, max: 50_000 }), qty: fc.integer({ min: 1, max: 12 }), gifted: fc.integer({ min: 0, max: 3 }), returned: fc.integer({ min: 0, max: 2 }), discount: fc.integer({ min: 0, max: 20_000 }), bag: fc.boolean() })
  .map(({ bag, ...l }) => {
    const returned = Math.min(l.returned, l.qty - 1);
    const gifted = Math.min(l.gifted, l.qty - returned);
    // A bag's price always covers its ICBPER (a cheaper one is refused, tested apart).
    return bag ? { price: 50 + (l.price % 150), qty: l.qty, productId: BAG, returned } : { ...l, returned, gifted };
  });

const spec: fc.Arbitrary<BillSpec> = fc.record({
  orderDiscount: fc.oneof(fc.constant(undefined), fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 0, max: 99 }) }), fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 100_000 }) })),
  tip: fc.integer({ min: 0, max: 5_000 }),
  lunchBox: fc.oneof(fc.constant(undefined), fc.record({ mode: fc.constantFrom('perItem' as const, 'perOrder' as const), priceCents: fc.integer({ min: 0, max: 500 }) })),
  minimum: fc.integer({ min: 0, max: 30_000 }),
  deposit: fc.integer({ min: 0, max: 10_000 }),
  paidAt: fc.date({ min: new Date('2023-01-01T05:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
}).map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as BillSpec);

describe('tax rules: any bill adds up to the céntimo', () => {
  it('payable = the bill total, totals add up, every line within SUNAT tolerance', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), spec, fc.constantFrom('general' as const, 'reduced' as const), (lines, s, regime) => {
        const bill = testBill(lines, s);
        const r = fiscalDocumentOf(bill, testSettings({ regime, bagProductIds: [BAG] }));
        if (!r.ok) throw new Error(r.code);
        const t = r.document.totals;
        const paid = r.document.lines.filter((l) => !l.free);
        const discount = t.globalDiscount ? cents(t.globalDiscount.amount) : 0;
        expect(paid.reduce((n, l) => n + cents(l.lineExtension), 0) - discount).toBe(cents(t.taxable));
        expect(cents(t.taxable) + cents(t.igv) + cents(t.icbper)).toBe(cents(t.taxInclusive));
        expect(cents(t.taxInclusive) + cents(t.charges) - cents(t.allowances)).toBe(cents(t.payable));
        expect(cents(t.payable)).toBe(bill.totalCents);
        expect(cents(t.charges)).toBe(bill.tipCents);
        for (const l of r.document.lines) checkLine(l);
        const rate = Number(r.document.lines[0]?.igvPercent ?? '0') / 100;
        // The document's IGV against its taxable base (SUNAT: ±1 sol); a céntimo per line at most here.
        expect(Math.abs(cents(t.igv) - cents(t.taxable) * rate)).toBeLessThanOrEqual(paid.length + 1);
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * One line: IGV = value × rate within 1 céntimo; unit value × qty − discount = value within 1
 * céntimo; the unit price with taxes is (value + IGV + ICBPER) ÷ qty rounded to the céntimo
 * (SUNAT's rule 3270 allows 1.00 either way).
 */
function checkLine(l: FiscalLine): void {
  const rate = Number(l.igvPercent) / 100;
  expect(Math.abs(cents(l.igv) - cents(l.lineExtension) * rate)).toBeLessThanOrEqual(1);
  const unitTimesQty = Number(l.unitValue) * Number(l.qty) * 100;
  const allowance = l.discount ? cents(l.discount.amount) : 0;
  expect(Math.abs(unitTimesQty - allowance - cents(l.lineExtension))).toBeLessThanOrEqual(1);
  if (l.free) return;
  const icbper = l.icbper ? cents(l.icbper.amount) : 0;
  const charged = cents(l.lineExtension) + cents(l.igv) + icbper;
  expect(Math.abs(cents(l.unitPrice) - charged / Number(l.qty))).toBeLessThanOrEqual(0.5);
}
