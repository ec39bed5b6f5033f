import { describe, expect, it } from 'vitest';
import type { Bill, MethodRow } from '#protocol';
import { aggregateBills } from './reports/aggregate.ts';
import { reportBill } from './reports/test-reports.ts';
import { pay } from './shift/test-shift.ts';
import { figuresFromTotals } from './shift/report.ts';
import { emptyTotals, withBill } from './shift/totals.ts';
import { tallySummary } from './tally/summary.ts';
import { keptByMethod, keptRows } from './kept-by-method.ts';

/**
 * Cash by method is what the drawer kept (issue 18 item 15: S/ 430.67 of cash
 * "received" against S/ 354.40 of sales). The worked case: a guest pays with
 * S/ 100 for S/ 54.60 and gets S/ 45.40 back; the order report, the shift's
 * Z report and the book all say cash S/ 54.60.
 */

const row = (method: MethodRow['method'], cents: number, count = 1): MethodRow => ({ method, count, cents, usdCents: 0 });

describe('keptByMethod / keptRows', () => {
  it.each([
    ['no change: as received', { cash: 5000, visa: 2000 }, 0, { cash: 5000, visa: 2000 }],
    ['S/ 100 for S/ 54.60', { cash: 10_000 }, 4540, { cash: 5460 }],
    ['card and cash, change out of the cash', { cash: 5000, visa: 4000 }, 800, { cash: 4200, visa: 4000 }],
    ['dollars with change in soles: the soles drawer gave it', { usd: 3750 }, 750, { usd: 3750, cash: -750 }],
  ] as const)('%s', (_why, received, change, kept) => {
    expect(keptByMethod(received, change)).toEqual(kept);
  });

  it('rows keep their counts and dollars; the input is not changed', () => {
    const rows = [row('cash', 10_000), { ...row('usd', 3750), usdCents: 1000 }];
    expect(keptRows(rows, 4540)).toEqual([row('cash', 5460), { ...row('usd', 3750), usdCents: 1000 }]);
    expect(rows[0]!.cents).toBe(10_000);
  });
});

describe('every by-method figure reads cash net of change', () => {
  const bill: Bill = reportBill([{ price: 5460 }], { payments: [pay('cash', 10_000)], change: 4540 });
  const cash = (rows: readonly MethodRow[]) => rows.find((r) => r.method === 'cash')?.cents;

  it('the order report (and the shift report, which is built from it)', () => {
    expect(cash(aggregateBills([bill], [], { closingHour: 4, categoryOf: () => ({ id: 'c', name: 'c' }) }).byMethod)).toBe(5460);
  });
  it('the Z report made at the close from the running totals', () => {
    expect(cash(figuresFromTotals(withBill(emptyTotals(), bill)).byMethod)).toBe(5460);
  });
  it('the book', () => {
    expect(tallySummary([bill], [], []).salesByMethod.cash).toBe(5460);
  });
});
