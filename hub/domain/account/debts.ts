import type { Bill, ClosedDebt, Debt, EventOf, State } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import { getOwn, withoutOwn, withOwn } from '../records.ts';
import { foldIntoShift, withDebtPayments } from '../shift/totals.ts';

/**
 * The appliers of on-account debts (README.md here). Every device that folds
 * `order.settled` runs `withDebtOf`, so it stays a few lines: the rules that
 * settle and write off debts are hub-only (settle.ts, write-off.ts).
 */

/**
 * The state with the bill's on-account part opened as a debt. A replica
 * whose person may not see debts has no `accounts` slice (presenters): it
 * keeps none. A withdrawn order charged nothing, so it owes nothing.
 */
export function withDebtOf(s: State, bill: Bill): State {
  if (!s.accounts || bill.deleted === 2) return s;
  const owed = bill.payments.filter((p) => p.method === 'onAccount');
  if (owed.length === 0) return s;
  const debt: Debt = {
    billId: bill.id,
    billNo: bill.billNo,
    // The archive's day file (Lima calendar day, closing hour 0): where the bill is read back.
    day: businessDayOf(bill.paidAt, 0),
    person: owed[0]!.person,
    contact: owed[0]!.contact,
    owedCents: owed.reduce((sum, p) => sum + p.amountCents, 0),
    paidCents: 0,
    payments: [],
    openedAt: bill.paidAt,
  };
  return { ...s, accounts: withOwn(s.accounts, bill.id, debt) };
}

export const accountAppliers = {
  'account.paid': (s: State, e: EventOf<'account.paid'>): State => {
    const debt = s.accounts ? getOwn(s.accounts, e.billId) : undefined;
    // Money collected during a shift is in its drawer or terminals (hub/domain/shift/README.md).
    const folded = foldIntoShift(s, (t) => withDebtPayments(t, e.payments));
    if (!debt) return folded;
    if (e.closed) return { ...folded, accounts: withoutOwn(s.accounts, e.billId) };
    const paidCents = debt.paidCents + e.payments.reduce((sum, p) => sum + p.amountCents, 0);
    return { ...folded, accounts: withOwn(s.accounts, e.billId, { ...debt, paidCents, payments: [...debt.payments, ...e.payments] }) };
  },
  // The written-off debt goes to its day file (accountFiledBy in ../archived.ts).
  'account.writtenOff': (s: State, e: EventOf<'account.writtenOff'>): State => (s.accounts ? { ...s, accounts: withoutOwn(s.accounts, e.debt.billId) } : s),
};

/** The debt as it leaves the live state. */
export function closedDebt(debt: Debt, state: ClosedDebt['state'], at: string, by: string | null, extra: Pick<ClosedDebt, 'approvedBy' | 'reason'> = {}): ClosedDebt {
  return { ...debt, state, accountFlag: state === 'writtenOff' ? 2 : 1, closedAt: at, closedBy: by, ...extra };
}
