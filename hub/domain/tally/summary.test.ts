import { describe, expect, it } from 'vitest';
import type { Bill, BillCorrection, BillPayment, PayMethod, TallyEntry } from '#protocol';
import { ACCOUNT_CODES } from '#protocol';
import { tallySummary } from './summary.ts';

const pay = (method: PayMethod, amountCents: number): BillPayment => ({ method, accountCode: ACCOUNT_CODES[method], amountCents, operationNo: '', usdCents: 0, rateMilli: 0, person: '', contact: '' });
/** Only the fields the summary reads; the rest of a bill does not change it. */
const bill = (totalCents: number, changeCents: number, payments: BillPayment[], deleted?: 2): Bill => ({ totalCents, changeCents, payments, ...(deleted ? { deleted } : {}) }) as Bill;
const entry = (kind: TallyEntry['kind'], category: TallyEntry['category'], amountCents: number, method: PayMethod = 'cash', removed = false): TallyEntry => ({
  id: `e-${category}-${amountCents}`,
  kind,
  category,
  amountCents,
  note: '',
  method,
  day: '2026-03-10',
  at: '2026-03-10T23:00:00.000Z',
  by: null,
  ...(removed ? { removed: { at: '2026-03-10T23:30:00.000Z', by: null, reason: 'error' } } : {}),
});
const refund = (method: PayMethod, amountCents: number): BillCorrection => ({ method, amountCents }) as BillCorrection;

describe('tallySummary: cash expected = cash kept (received − change) − cash refunds + cash income − cash expenses', () => {
  it.each([
    ['nothing happened', [], [], [], 0],
    ['a cash sale paid exactly', [bill(5000, 0, [pay('cash', 5000)])], [], [], 5000],
    ['a cash sale with change', [bill(4200, 800, [pay('cash', 5000)])], [], [], 4200],
    ['a card sale moves no cash', [bill(4200, 0, [pay('visa', 4200)])], [], [], 0],
    ['mixed: part cash with change, part Yape', [bill(6000, 500, [pay('cash', 3500), pay('yape', 3000)])], [], [], 3000],
    ['the market paid from the drawer', [bill(10_000, 0, [pay('cash', 10_000)])], [], [entry('expense', 'market', 3500)], 6500],
    ['wages paid by transfer do not touch the drawer', [bill(10_000, 0, [pay('cash', 10_000)])], [], [entry('expense', 'wages', 5000, 'transfer')], 10_000],
    ['other income in cash', [], [], [entry('income', 'otherIncome', 1200)], 1200],
    ['a removed expense counts for nothing', [bill(10_000, 0, [pay('cash', 10_000)])], [], [entry('expense', 'gas', 3000, 'cash', true)], 10_000],
    ['a withdrawn order counts for nothing', [bill(0, 0, [], 2)], [], [], 0],
    ['a cash refund leaves the drawer', [bill(10_000, 0, [pay('cash', 10_000)])], [refund('cash', 2500)], [], 7500],
    ['a card refund does not', [bill(10_000, 0, [pay('cash', 10_000)])], [refund('visa', 2500)], [], 10_000],
    ['dollars are kept apart from soles', [bill(3700, 300, [pay('usd', 4000)])], [], [], -300],
    ['expenses past the sales go negative (money added to the drawer)', [], [], [entry('expense', 'tips', 2000)], -2000],
  ] as const)('%s', (_why, bills, corrections, entries, expected) => {
    expect(tallySummary(bills, corrections, entries).expectedCashCents).toBe(expected);
  });

  it('adds up sales by method, income, expenses and categories', () => {
    const s = tallySummary(
      [bill(4200, 800, [pay('cash', 5000)]), bill(6000, 0, [pay('visa', 2000), pay('cash', 4000)]), bill(0, 0, [], 2)],
      [],
      [entry('expense', 'market', 3000), entry('expense', 'market', 1000, 'yape'), entry('expense', 'gas', 500, 'cash', true), entry('income', 'otherIncome', 700)],
    );
    expect(s).toEqual({
      billCount: 2,
      salesCents: 10_200,
      // By method is what the drawer kept: S/ 90 handed over, S/ 8 back.
      salesByMethod: { cash: 8200, visa: 2000 },
      changeCents: 800,
      cashRefundsCents: 0,
      incomeCents: 700,
      expenseCents: 4000,
      byCategory: { market: 4000, otherIncome: 700 },
      cashIncomeCents: 700,
      cashExpenseCents: 3000,
      debtsByMethod: {},
      cashDebtsCents: 0,
      expectedCashCents: 9000 - 800 + 700 - 3000,
    });
  });
});

describe('debts collected that day are in the drawer as the shift counts them (issue 19 item 2)', () => {
  const debt = (method: PayMethod, amountCents: number) => ({ method, amountCents });
  it.each([
    ['a debt paid in cash', [debt('cash', 3000)], 3000, { cash: 3000 }],
    ['a debt paid by Yape does not touch the drawer', [debt('yape', 3000)], 0, { yape: 3000 }],
    ['cash in two goes and a card', [debt('cash', 1200), debt('cash', 1800), debt('visa', 500)], 3000, { cash: 3000, visa: 500 }],
  ] as const)('%s', (_why, payments, cash, byMethod) => {
    const s = tallySummary([bill(5000, 0, [pay('cash', 5000)])], [], [], payments);
    expect(s.cashDebtsCents).toBe(cash);
    expect(s.debtsByMethod).toEqual(byMethod);
    expect(s.expectedCashCents).toBe(5000 + cash);
  });
});

describe('the book counts cash net of change (issue 18 item 15)', () => {
  it('a guest pays S/ 100 for S/ 54.60: cash S/ 54.60, change S/ 45.40 told apart', () => {
    const s = tallySummary([bill(5460, 4540, [pay('cash', 10_000)])], [], []);
    expect(s.salesByMethod).toEqual({ cash: 5460 });
    expect(s.changeCents).toBe(4540);
    expect(s.expectedCashCents).toBe(5460);
  });
});
