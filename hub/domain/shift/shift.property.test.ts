import type { DomainEvent, PayMethod, State } from '#protocol';
import { PAY_METHODS } from '#protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { emptyState } from '../registry.ts';
import { command, ctxAt } from '../test-fixtures.ts';
import { paidBill, pay, refund } from './test-shift.ts';
import { expectedByMethod } from './totals.ts';

/** One thing that happens during a shift: a bill settled, cash moved, money given back. */
type Step =
  | { kind: 'bill'; payments: [PayMethod, number][]; change: number }
  | { kind: 'move'; direction: 'in' | 'out'; amount: number }
  | { kind: 'refund'; method: PayMethod; amount: number };

const method = fc.constantFrom(...PAY_METHODS);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), payments: fc.array(fc.tuple(method, fc.integer({ min: 1, max: 50_000 })), { minLength: 1, maxLength: 3 }), change: fc.integer({ min: 0, max: 2_000 }) }),
  fc.record({ kind: fc.constant('move' as const), direction: fc.constantFrom('in' as const, 'out' as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ kind: fc.constant('refund' as const), method, amount: fc.integer({ min: 1, max: 10_000 }) }),
);

/** The figure each method should show, added up from the steps the hub accepted (no running totals). */
function addedUp(float: number, accepted: Step[]): Map<string, number> {
  const out = new Map<string, number>([['cash', float]]);
  const bump = (m: string, c: number) => out.set(m, (out.get(m) ?? 0) + c);
  for (const s of accepted) {
    if (s.kind === 'bill') {
      for (const [m, c] of s.payments) bump(m, c);
      bump('cash', -s.change);
    } else if (s.kind === 'move') bump('cash', s.direction === 'in' ? s.amount : -s.amount);
    else bump(s.method, -s.amount);
  }
  out.delete('onAccount');
  out.delete('balance');
  return out;
}

describe('the running totals', () => {
  it('expect per method what the settled bills, movements and refunds add up to', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.array(step, { maxLength: 40 }), (float, steps) => {
        let s: State = applyAll(emptyState(), [{ type: 'shift.opened', shift: { id: 'sh-1', openedAt: '', openedBy: null, floatCents: float, totals: { salesCount: 0, salesCents: 0, receivedByMethod: {}, usdCents: 0, changeCents: 0, discountCents: 0, giftCents: 0, tipCents: 0, refundCount: 0, refundsByMethod: {} }, moves: [] } }]);
        const accepted: Step[] = [];
        steps.forEach((st, i) => {
          if (st.kind === 'bill') {
            const total = st.payments.reduce((a, [, c]) => a + c, 0);
            const bill = paidBill(i, total, st.payments.map(([m, c]) => pay(m, c, m === 'usd' ? c : 0)), st.change);
            s = applyAll(s, [{ type: 'order.settled', bill } satisfies DomainEvent]);
            accepted.push(st);
          } else if (st.kind === 'move') {
            // Through the rules: a cash-out past the drawer is refused and must not count.
            const d = decide(s, command('shift.cashMove', { id: `mv-${i}`, direction: st.direction, amountCents: st.amount, reason: 'x' }), ctxAt());
            if (d.ok) {
              s = applyAll(s, d.events);
              accepted.push(st);
            }
          } else {
            s = applyAll(s, [{ type: 'bill.corrected', correction: refund(i, st.amount, st.method) } satisfies DomainEvent]);
            accepted.push(st);
          }
        });
        const expected = new Map(Object.entries(expectedByMethod(s.openShift!)));
        expect(expected).toEqual(addedUp(float, accepted));
        expect(s.openShift!.totals.salesCount).toBe(accepted.filter((a) => a.kind === 'bill').length);
      }),
      { numRuns: 300 },
    );
  });
});
