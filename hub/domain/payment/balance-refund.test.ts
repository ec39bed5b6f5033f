import { describe, expect, it } from 'vitest';
import type { Bill, CorrectionRequest, PaymentInput, State } from '#protocol';
import { memberById } from '#protocol';
import { applyAll } from '../apply.ts';
import { correct, VOID } from '../bills/test-bills.ts';
import { ctxAt, decideOn, deepFreeze, exec, LATER, T } from '../test-fixtures.ts';
import { ANA, CEVICHE_LINE, ORDER, vipOrder } from './test-members.ts';

/**
 * A bill paid by a member's balance, corrected (issue 22): the balance share goes back to the
 * balance as a ledger entry of kind refund, in the correction's own record; never more than the
 * balance paid of that bill; never to a bill without a member. Refusals change nothing.
 */
const NOTE = { kind: 'note', docId: '', name: '' } as const;
const balanceOf = (s: State) => memberById(s, ANA)!.balanceCents;

/** Ana (S/ 80 recharged) attached to S1's order (VIP S/ 100.00), settled with `payments`; the state after and the bill. */
function settled(payments: PaymentInput[], attach = true): { s: State; bill: Bill } {
  let s = vipOrder('sent', T.s1, 8000);
  if (attach) s = exec(s, 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
  const d = decideOn(s, 'order.settle', { orderId: ORDER, payments, document: NOTE, print: false }, ctxAt(LATER));
  if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
  return { s: applyAll(s, d.events), bill: d.events[0].bill };
}
const toBalance = (request: CorrectionRequest): CorrectionRequest => ({ ...request, method: 'balance' });

describe('settling spends the balance in the same record', () => {
  it('one ledger entry of kind spend, with the bill and its day; the balance goes down by exactly that', () => {
    const { s, bill } = settled([{ method: 'balance', amountCents: 6000 }, { method: 'cash', amountCents: 4000 }]);
    const entry = memberById(s, ANA)!.recent[0]!;
    expect(entry).toMatchObject({ kind: 'spend', cents: -6000, balanceAfterCents: 2000, billId: bill.id, billDay: '2025-03-14' });
    expect(balanceOf(s)).toBe(2000);
  });
});

describe('bill.correct to the balance', () => {
  it('the balance share of a bill goes back to the balance; the cash part by cash, as a second correction', () => {
    const { s, bill } = settled([{ method: 'balance', amountCents: 8000 }, { method: 'cash', amountCents: 2000 }]);
    // The balance share only: S/ 80 of the S/ 100; the cash part goes back as a second correction.
    const d = correct(s, bill, toBalance({ kind: 'refund', lines: [], amountCents: 8000, reason: 'Cobro duplicado', method: 'balance' }));
    if (!d.ok) throw new Error(d.code);
    const after = applyAll(s, d.events);
    expect(balanceOf(after)).toBe(8000);
    expect(memberById(after, ANA)!.recent[0]).toMatchObject({ kind: 'refund', cents: 8000, billId: bill.id, reason: 'Cobro duplicado' });
    const rest = correct(after, bill, { kind: 'refund', lines: [], amountCents: 2000, reason: 'Resto', method: 'cash' });
    expect(rest.ok).toBe(true);
  });

  it('a refund of some portions to the balance', () => {
    const { s, bill } = settled([{ method: 'balance', amountCents: 8000 }, { method: 'cash', amountCents: 2000 }]);
    const d = correct(s, bill, { kind: 'refund', lines: [{ lineId: CEVICHE_LINE, qty: 1 }], reason: 'Frío', method: 'balance' });
    if (!d.ok) throw new Error(d.code);
    expect(balanceOf(applyAll(s, d.events))).toBe(2800);
  });

  const cases: { name: string; make: () => { s: State; bill: Bill }; request: CorrectionRequest; code: string }[] = [
    { name: 'more than the balance paid of the bill', make: () => settled([{ method: 'balance', amountCents: 3000 }, { method: 'cash', amountCents: 7000 }]), request: toBalance(VOID), code: 'REFUND_TOO_LARGE' },
    { name: 'a bill without a member', make: () => settled([{ method: 'cash', amountCents: 10_800 }], false), request: { kind: 'refund', lines: [], amountCents: 100, reason: 'x', method: 'balance' }, code: 'MEMBER_REQUIRED' },
  ];
  it.each(cases)('$name → $code, nothing changes', ({ make, request, code }) => {
    const { s, bill } = make();
    const before = deepFreeze(s);
    expect(correct(before, bill, request)).toMatchObject({ ok: false, code });
  });

  it('twice to the balance: the second only up to what is left of the balance share', () => {
    const { s, bill } = settled([{ method: 'balance', amountCents: 5000 }, { method: 'cash', amountCents: 5000 }]);
    const first = correct(s, bill, { kind: 'refund', lines: [], amountCents: 4000, reason: 'a', method: 'balance' }, undefined, 'c-1');
    if (!first.ok) throw new Error(first.code);
    const after = applyAll(s, first.events);
    expect(correct(deepFreeze(after), bill, { kind: 'refund', lines: [], amountCents: 1001, reason: 'b', method: 'balance' }, undefined, 'c-2')).toMatchObject({ ok: false, code: 'REFUND_TOO_LARGE' });
    expect(correct(after, bill, { kind: 'refund', lines: [], amountCents: 1000, reason: 'b', method: 'balance' }, undefined, 'c-3').ok).toBe(true);
  });
});

describe("a guest's refund paid out to the balance (refunds' pay-out)", () => {
  it('apply, accept, pay out to the balance: the ledger refund rides in the payout record', () => {
    const { s, bill } = settled([{ method: 'balance', amountCents: 6000 }, { method: 'cash', amountCents: 4000 }]);
    const refundId = '00000000-0000-4000-8000-0000000000b1';
    let r = exec(s, 'refund.apply', { refundId, bill, billDay: '2025-03-14', request: { kind: 'amount', lines: [], amountCents: 2500, reason: 'Llegó frío', contactPhone: '' } }, ctxAt(LATER, null)).state;
    r = exec(r, 'refund.accept', { refundId }, ctxAt(LATER, null)).state;
    const paid = exec(r, 'refund.payOut', { refundId, bill, method: 'balance', operationNo: '' }, ctxAt(LATER, null));
    expect(paid.events.map((e) => e.type)).toEqual(expect.arrayContaining(['bill.corrected', 'member.ledgerEntered', 'refund.paidOut']));
    expect(balanceOf(paid.state)).toBe(2000 + 2500);
    expect(paid.state.refunds[refundId]).toMatchObject({ status: 5, payout: { method: 'balance' } });
  });

  it('to the balance of a bill no member paid: refused, nothing changes', () => {
    const { s, bill } = settled([{ method: 'cash', amountCents: 10_800 }], false);
    const refundId = '00000000-0000-4000-8000-0000000000b2';
    let r = exec(s, 'refund.apply', { refundId, bill, billDay: '2025-03-14', request: { kind: 'amount', lines: [], amountCents: 500, reason: 'x', contactPhone: '' } }, ctxAt(LATER, null)).state;
    r = deepFreeze(exec(r, 'refund.accept', { refundId }, ctxAt(LATER, null)).state);
    expect(decideOn(r, 'refund.payOut', { refundId, bill, method: 'balance', operationNo: '' }, ctxAt(LATER, null))).toMatchObject({ ok: false, code: 'MEMBER_REQUIRED' });
  });
});
