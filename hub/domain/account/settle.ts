import type { CommandPayload, DebtPayment, State } from '#protocol';
import { OPERATION_METHODS } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { closedDebt } from './debts.ts';

/** The same operation-number shape the till asks for (payment/payments.ts). */
const OPERATION_NO = /^[A-Za-z0-9-]{4,30}$/;

/**
 * `account.settle` (hub-only, ../hub-rules.ts): pays part or all of what an
 * open debt still owes. Cash may exceed it, the excess being change handed
 * back (taken off the cash payments as recorded); any other method must not,
 * since a card or a transfer has no change to give. Paid off, the debt leaves
 * the live state with who and when.
 */
export function settleDebt(state: State, p: CommandPayload<'account.settle'>, ctx: DecideContext): Decision {
  const debt = getOwn(state.accounts, p.billId);
  if (!debt) return refuse('DEBT_NOT_FOUND', 'billId');
  // Money is taken only inside a shift (the shift's drawer is where it went).
  if (!state.openShift) return refuse('NO_OPEN_SHIFT');
  for (const [i, pay] of p.payments.entries()) {
    if (OPERATION_METHODS.includes(pay.method) && !OPERATION_NO.test(pay.operationNo ?? '')) return refuse('OPERATION_NO_REQUIRED', `payments.${i}`);
  }
  const remaining = debt.owedCents - debt.paidCents;
  const given = p.payments.reduce((sum, x) => sum + x.amountCents, 0);
  const cash = p.payments.reduce((sum, x) => sum + (x.method === 'cash' ? x.amountCents : 0), 0);
  const changeCents = Math.max(0, given - remaining);
  if (changeCents > 0 && changeCents >= cash) return refuse('DEBT_OVERPAID', 'payments');

  // Change comes out of the cash handed over; what is recorded is what went to the debt.
  let change = changeCents;
  const payments: DebtPayment[] = [];
  for (const x of p.payments) {
    let amountCents = x.amountCents;
    if (x.method === 'cash' && change > 0) {
      const taken = Math.min(change, amountCents);
      amountCents -= taken;
      change -= taken;
    }
    if (amountCents > 0) payments.push({ method: x.method, amountCents, operationNo: x.operationNo ?? '', at: ctx.now, by: ctx.actor.staffId });
  }
  const paidCents = debt.paidCents + given - changeCents;
  const closed = paidCents === debt.owedCents ? closedDebt({ ...debt, paidCents, payments: [...debt.payments, ...payments] }, 'settled', ctx.now, ctx.actor.staffId) : null;
  return accept([{ type: 'account.paid', billId: debt.billId, payments, changeCents, closed }], { changeCents });
}
