import type { Bill, BillCorrection, PayMethod, TallyEntry, TallySummary } from '#protocol';
import { keptByMethod } from '../kept-by-method.ts';

/**
 * The day's figures of the bookkeeping page, from the bills closed that
 * business day, the voids and refunds recorded that day and the day's
 * entries (removed ones left out). The caller picks which bills and
 * corrections belong to the day (hub/http/routes/tally).
 *
 * The cash that should be in the drawer, from the day's movements only
 * (the opening float and counted handovers are the shift's: hub/domain/shift):
 *
 *   expected = cash kept from guests (handed over − change handed back)
 *            + debts collected in cash that day (net of change, as the shift counts them)
 *            − cash given back by voids and refunds
 *            + cash income entries − cash expense entries
 *
 * "Cash" is soles cash; dollars (`usd`) are kept apart, as the drawer keeps them.
 */
export function tallySummary(
  bills: readonly Bill[],
  corrections: readonly BillCorrection[],
  entries: readonly TallyEntry[],
  debtPayments: readonly { method: PayMethod; amountCents: number }[] = [],
): TallySummary {
  const salesByMethod: Partial<Record<PayMethod, number>> = {};
  let billCount = 0;
  let salesCents = 0;
  let changeCents = 0;
  for (const bill of bills) {
    // A withdrawn order (delete flag 2) charged nothing.
    if (bill.deleted === 2) continue;
    billCount++;
    salesCents += bill.totalCents;
    changeCents += bill.changeCents;
    for (const p of bill.payments) salesByMethod[p.method] = (salesByMethod[p.method] ?? 0) + p.amountCents;
  }
  const cashRefundsCents = corrections.filter((c) => c.method === 'cash').reduce((n, c) => n + c.amountCents, 0);
  const byCategory: TallySummary['byCategory'] = {};
  let incomeCents = 0;
  let expenseCents = 0;
  let cashIncomeCents = 0;
  let cashExpenseCents = 0;
  for (const e of entries) {
    if (e.removed) continue;
    byCategory[e.category] = (byCategory[e.category] ?? 0) + e.amountCents;
    const cash = e.method === 'cash' ? e.amountCents : 0;
    if (e.kind === 'income') {
      incomeCents += e.amountCents;
      cashIncomeCents += cash;
    } else {
      expenseCents += e.amountCents;
      cashExpenseCents += cash;
    }
  }
  // By method is what each drawer or terminal kept: soles cash less the change (../kept-by-method.ts).
  const kept = keptByMethod(salesByMethod, changeCents);
  // Debts collected that day went into the same drawer or terminal, net of change, as the shift counts them (issue 19 item 2).
  const debtsByMethod: Partial<Record<PayMethod, number>> = {};
  for (const p of debtPayments) debtsByMethod[p.method] = (debtsByMethod[p.method] ?? 0) + p.amountCents;
  const cashDebtsCents = debtsByMethod.cash ?? 0;
  const expectedCashCents = (kept.cash ?? 0) + cashDebtsCents - cashRefundsCents + cashIncomeCents - cashExpenseCents;
  return { billCount, salesCents, salesByMethod: kept, changeCents, cashRefundsCents, incomeCents, expenseCents, byCategory, cashIncomeCents, cashExpenseCents, debtsByMethod, cashDebtsCents, expectedCashCents };
}
