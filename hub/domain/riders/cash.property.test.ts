import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, State } from '#protocol';
import { decide } from '../decide.ts';
import { applyAll } from '../apply.ts';
import { expectedByMethod } from '../shift/totals.ts';
import { command } from '../test-fixtures.ts';
import { heldPay, paidBill, pay, R, ridersRestaurant } from './test-riders.ts';

/**
 * Riders' cash is never double-counted (README.md here), over random days: bills at the till and
 * at doors (with the rider's change), hand-ins of any amount (too large ones refused), shifts
 * closed and opened between them. After every step: the drawer expects the float, the till's own
 * cash net of change, the cash moved, and what riders handed in during the shift, never what
 * they still hold; each rider holds what they collected less what they handed in, never below 0.
 */
const RIDERS = [R.ana, R.beto] as const;
type Step =
  | { kind: 'till'; cents: number; change: number }
  | { kind: 'door'; rider: 0 | 1; cents: number; change: number }
  | { kind: 'handIn'; rider: 0 | 1; cents: number; again: boolean }
  | { kind: 'handover' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('till' as const), cents: fc.integer({ min: 1, max: 20_000 }), change: fc.integer({ min: 0, max: 5_000 }) }),
  fc.record({ kind: fc.constant('door' as const), rider: fc.constantFrom(0 as const, 1 as const), cents: fc.integer({ min: 1, max: 20_000 }), change: fc.integer({ min: 0, max: 5_000 }) }),
  fc.record({ kind: fc.constant('handIn' as const), rider: fc.constantFrom(0 as const, 1 as const), cents: fc.integer({ min: 1, max: 30_000 }), again: fc.boolean() }),
  fc.constant({ kind: 'handover' as const }),
);

const AT = '2025-03-14T19:30:00.000Z';
const ctx = { now: AT, actor: { staffId: R.owner, deviceId: 'till' } };

function run(s: State, type: Parameters<typeof command>[0], payload: unknown): { state: State; ok: boolean } {
  const d = decide(s, command(type, payload as never), ctx);
  return d.ok ? { state: applyAll(s, d.events), ok: true } : { state: s, ok: false };
}

describe('riders\' cash over random days', () => {
  it('is counted in the drawer once, when handed in, and each rider holds collected − handed in', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let s = ridersRestaurant(5_000);
        let drawer = 5_000; // what the current shift's drawer should hold, added up by hand
        const holds = [0, 0];
        let n = 0;
        let lastHandIn = '';
        for (const st of steps) {
          n += 1;
          if (st.kind === 'till') {
            s = applyAll(s, [{ type: 'order.settled', bill: paidBill(n, st.cents, [pay('cash', st.cents + st.change)], st.change) }]);
            drawer += st.cents;
          } else if (st.kind === 'door') {
            const bill: Bill = paidBill(n, st.cents, [heldPay(RIDERS[st.rider], st.cents + st.change)], st.change);
            s = applyAll(s, [{ type: 'order.settled', bill }]);
            holds[st.rider]! += st.cents;
          } else if (st.kind === 'handIn') {
            const id = st.again && lastHandIn ? lastHandIn : `hi-${n}`;
            // The same dialog confirmed again (this rider's last hand-in id) counts once; more than held is refused.
            const done = s.riders[RIDERS[st.rider]]?.lastHandInId === id;
            const r = run(s, 'rider.handIn', { id, riderId: RIDERS[st.rider], cents: st.cents });
            expect(r.ok).toBe(!done && st.cents <= holds[st.rider]!);
            if (r.ok) {
              holds[st.rider]! -= st.cents;
              drawer += st.cents;
              lastHandIn = id;
            }
            s = r.state;
          } else {
            const counted = expectedByMethod(s.openShift!).cash!;
            s = run(s, 'shift.close', { counted: { cash: counted }, note: '' }).state;
            s = run(s, 'shift.open', { id: `sh-${n}`, floatCents: 5_000 }).state;
            drawer = 5_000;
          }
          expect(expectedByMethod(s.openShift!).cash).toBe(drawer);
          RIDERS.forEach((id, i) => expect(s.riders[id]?.heldCents ?? 0).toBe(holds[i]));
          for (const h of holds) expect(h).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });
});
