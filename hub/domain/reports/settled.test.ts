import type { Bill, State } from '#protocol';
import { describe, expect, it } from 'vitest';
import { ctxAt, decideOn, exec, LATER, orderAt, uid } from '../test-fixtures.ts';
import { aggregateBills } from './index.ts';
import { CTX } from './test-reports.ts';

/**
 * A bill as the real settlement rules write it (order.settle on the shared
 * fixtures: 2 ceviche at S/ 32 and a chicha at S/ 6 on S1, S/ 70.00), paid in
 * dollars and soles with change, read back by the report.
 */
function settledBill(): Bill {
  const s: State = exec(orderAt('sent'), 'payment.setExchangeRate', { rateMilli: 3750 }).state;
  const d = decideOn(s, 'order.settle', { orderId: uid(1), payments: [{ method: 'usd', usdCents: 1000 }, { method: 'cash', amountCents: 5000 }], document: { kind: 'note', docId: '', name: '' }, print: false }, ctxAt(LATER, 'cajera-2'));
  if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error('settlement refused');
  return d.events[0].bill;
}

describe('aggregateBills on a bill from the settlement rules', () => {
  it('shows the sale, the dollars, the change and the dishes', () => {
    const bill = settledBill();
    const f = aggregateBills([bill], [], CTX);
    // US$ 10.00 at 3.750 = S/ 37.50, plus S/ 50.00 cash: S/ 87.50 for S/ 70.00, S/ 17.50 back.
    expect(f).toMatchObject({ bills: 1, salesCents: 7000, goodsCents: 7000, receivedCents: 8750, changeCents: 1750 });
    expect(f.byMethod).toEqual([
      // S/ 50.00 handed over, S/ 17.50 back: the soles drawer kept S/ 32.50 (kept-by-method.ts).
      { method: 'usd', count: 1, cents: 3750, usdCents: 1000 },
      { method: 'cash', count: 1, cents: 3250, usdCents: 0 },
    ]);
    expect(f.byStaff).toEqual([{ key: 'cajera-2', name: '', bills: 1, people: bill.people, cents: 7000 }]);
    expect(f.byDish.map((r) => [r.name, r.qty, r.cents])).toEqual(bill.lines.map((l) => [l.names.es, l.qty, l.qty * l.unitPriceCents]).sort((a, b) => Number(b[2]) - Number(a[2])));
    // 21:05 UTC is 16:05 in Lima, on Friday 14 March 2025.
    expect(f.byHour.find((r) => r.bills)?.key).toBe('16');
    expect(f.byDay.map((r) => r.key)).toEqual(['2025-03-14']);
    expect(f.byWeekday.find((r) => r.bills)?.key).toBe('5');
  });

  it('refuses a bill whose payment time is not an instant (a damaged archive line)', () => {
    expect(() => aggregateBills([{ ...settledBill(), paidAt: 'yesterday' }], [], CTX)).toThrow(RangeError);
  });
});
