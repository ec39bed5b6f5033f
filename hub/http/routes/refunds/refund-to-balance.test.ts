import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, RefundPayout } from '#protocol';
import { memberById } from '#protocol';
import { command, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * A refund paid out to the bill's member's balance (issue 22) through the real app, as the refund
 * panel's "to the member's balance" sends it: the balance gets exactly the refund once, even with
 * two tills tapping at once; a bill without a member, or a refund larger than what the balance
 * paid, is refused with its code and changes neither the refund nor any balance.
 */
let t: TestHub;
let n = 0;
const memberId = randomUUID();
const PHONE = '987650071';
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
type Reply = { ok: boolean; code?: string };

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>) {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}
async function post(path: string, body: unknown): Promise<{ status: number; body: Reply }> {
  const res = await fetch(new URL(path, t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Reply };
}
const balance = () => memberById(t.hub.engine.state, memberId)!.balanceCents;

/** A bill of 1 × p-101 settled with `payments` (the member attached when `withMember`), S/ `askCents` asked back and accepted. */
async function acceptedRefund(payments: { method: 'balance' | 'cash'; amountCents: number }[], withMember: boolean, askCents: number): Promise<string> {
  const tableId = `t-rb${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `RB${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 + n });
  await asOwner('table.open', { tableId, orderId, people: 1, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true });
  if (withMember) await asOwner('order.attachMember', { orderId, memberId, verify: PHONE.slice(-4) });
  await asOwner('order.settle', { orderId, payments: payments as never, document: { kind: 'note', docId: '', name: '' }, print: false });
  const refundId = randomUUID();
  const asked = await post('/api/refunds', { id: refundId, billId: orderId, day: today(), request: { kind: 'amount', lines: [], amountCents: askCents, reason: 'Plato frío', contactPhone: '' } });
  expect(asked.body).toMatchObject({ ok: true });
  await asOwner('refund.accept', { refundId });
  return refundId;
}
const payOut = (refundId: string, method: RefundPayout, id = randomUUID()) => post(`/api/refunds/${refundId}/payout`, { id, method, operationNo: '' });

beforeAll(async () => {
  t = await startTestHub();
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: 'sh-refund-balance', floatCents: 5000 });
  await asOwner('member.register', { memberId, phone: PHONE, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: '41234500' });
  await asOwner('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 10_000, method: 2, print: false });
});
afterAll(async () => {
  await t?.close();
});

describe('a refund to the member balance', () => {
  it('two tills paying out at once: the balance gets the refund once', async () => {
    const refundId = await acceptedRefund([{ method: 'balance', amountCents: 1500 }, { method: 'cash', amountCents: 50_000 }], true, 1000);
    const before = balance();
    const replies = await Promise.all([payOut(refundId, 'balance'), payOut(refundId, 'balance')]);
    expect(replies.map((r) => r.body.ok).sort()).toEqual([false, true]);
    expect(replies.find((r) => !r.body.ok)!.body.code).toBe('REFUND_BAD_STATUS');
    expect(balance()).toBe(before + 1000);
    expect(t.hub.engine.state.refunds[refundId]).toMatchObject({ status: 5, payout: { method: 'balance' } });
  });

  it.each([
    ['a bill without a member', [{ method: 'cash', amountCents: 50_000 }], false, 1000, 'MEMBER_REQUIRED'],
    ['more than the balance paid of the bill', [{ method: 'balance', amountCents: 1000 }, { method: 'cash', amountCents: 50_000 }], true, 1500, 'REFUND_TOO_LARGE'],
  ] as const)('refuses %s and changes nothing', async (_name, payments, withMember, ask, code) => {
    const refundId = await acceptedRefund([...payments], withMember, ask);
    const before = { balance: balance(), refund: structuredClone(t.hub.engine.state.refunds[refundId]) };
    const r = await payOut(refundId, 'balance');
    expect([r.body.ok, r.body.code]).toEqual([false, code]);
    expect(balance()).toBe(before.balance);
    expect(t.hub.engine.state.refunds[refundId]).toEqual(before.refund);
    // The same refund still goes back in cash.
    expect((await payOut(refundId, 'cash')).body).toMatchObject({ ok: true });
  });
});
