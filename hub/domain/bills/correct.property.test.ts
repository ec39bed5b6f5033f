import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillSpec, LineSpec } from '../einvoice/test-bills.ts';
import type { DomainEvent, EventOf, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { testBill, testSettings } from '../einvoice/test-bills.ts';
import { chargedQty } from '../money.ts';
import { correct, fiscalState, refund, VOID } from './test-bills.ts';

/**
 * For any bill (gifts, line discounts, an order discount, a tip, lunch boxes,
 * a table minimum, plastic bags) and any run of refunds: each refund gives
 * back something between zero and what is left, the refunds never pass the
 * bill's total, a void after them brings the sum to exactly the total, and
 * every credit note is for exactly the amount given back and adds up.
 */

const BAG = 'p-bolsa';
const cents = (s: string) => Math.round(Number(s) * 100);

const line: fc.Arbitrary<LineSpec> = fc
  .record({ price: fc.integer({ min: 1, max: 20_000 }), qty: fc.integer({ min: 1, max: 6 }), gifted: fc.integer({ min: 0, max: 2 }), discount: fc.integer({ min: 0, max: 8_000 }), bag: fc.boolean() })
  .map(({ bag, ...l }) => (bag ? { price: 50 + (l.price % 150), qty: l.qty, productId: BAG } : { ...l, gifted: Math.min(l.gifted, l.qty) }));

const spec: fc.Arbitrary<BillSpec> = fc
  .record({
    orderDiscount: fc.oneof(fc.constant(undefined), fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 0, max: 100 }) }), fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 50_000 }) })),
    tip: fc.integer({ min: 0, max: 3_000 }),
    lunchBox: fc.oneof(fc.constant(undefined), fc.record({ mode: fc.constantFrom('perItem' as const, 'perOrder' as const), priceCents: fc.integer({ min: 0, max: 300 }) })),
    minimum: fc.integer({ min: 0, max: 20_000 }),
  })
  .map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as BillSpec);

/** Refund requests as (line index, portions) picks; each clipped to what the line has, refused ones skipped. */
const picks = fc.array(fc.array(fc.record({ line: fc.nat(7), qty: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }), { maxLength: 6 });

describe('refunds and voids: exact to the céntimo', () => {
  it('never more than the total; a void after refunds makes exactly the total; every note = its amount', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), spec, picks, fc.boolean(), (lines, billSpec, runs, numbered) => {
        const bill = testBill(lines, numbered ? billSpec : { ...billSpec, fiscal: null });
        let s: State = fiscalState(testSettings({ bagProductIds: [BAG] }));
        let given = 0;
        const check = (events: DomainEvent[]): number => {
          const e = events.find((x): x is EventOf<'bill.corrected'> => x.type === 'bill.corrected')!;
          const amount = e.correction.amountCents;
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(Boolean(e.document)).toBe(numbered && amount > 0);
          if (e.document) {
            const t = e.document.totals;
            expect(cents(t.payable)).toBe(amount);
            expect(cents(t.taxable) + cents(t.igv) + cents(t.icbper)).toBe(cents(t.taxInclusive));
            expect(cents(t.taxInclusive) + cents(t.charges) - cents(t.allowances)).toBe(amount);
            // Every discount folded into the lines, as SUNAT's rules for notes read them (3271, 3277).
            expect(t.globalDiscount).toBeUndefined();
            expect(e.document.lines.filter((l) => l.discount)).toEqual([]);
            const paid = e.document.lines.filter((l) => !l.free);
            expect(paid.reduce((n, l) => n + cents(l.lineExtension), 0)).toBe(cents(t.taxable));
          }
          return amount;
        };
        for (const run of runs) {
          const asked = run.flatMap((p) => {
            const l = bill.lines[p.line % bill.lines.length]!;
            return chargedQty(l) > 0 ? [{ lineId: l.id, qty: p.qty }] : [];
          });
          const d = correct(s, bill, refund(asked));
          if (!d.ok) {
            expect(['REFUND_TOO_LARGE', 'REFUND_LINES_REQUIRED']).toContain(d.code);
            continue;
          }
          given += check(d.events);
          expect(given).toBeLessThanOrEqual(bill.totalCents);
          s = applyAll(s, d.events);
        }
        const v = correct(s, bill, VOID);
        if (!v.ok) throw new Error(v.code);
        given += check(v.events);
        expect(given).toBe(bill.totalCents);
      }),
      { numRuns: 400 },
    );
  });
});
