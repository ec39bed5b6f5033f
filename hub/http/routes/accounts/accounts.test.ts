import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountListResponse, ApprovalGrant, ClosedDebt, CommandPayload, CommandReply, CommandType } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, DEMO_OWNER, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * GET /api/accounts and the two debt commands on a real hub: a bill settled
 * on account at the till shows as an open debt, is paid later in parts (two
 * tills paying it off at once: one wins), written off only with a manager's
 * PIN, and the closed debts are read back from memory and from their day file.
 */

let t: TestHub;
let cashier = '';
let waiter = '';
let n = 0;
const CASHIER = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;

async function send<K extends CommandType>(type: K, payload: CommandPayload<K>, cookie?: string, approval?: string): Promise<CommandReply> {
  const cmd = command(type, payload);
  return (await postCommand(t.url, approval ? { ...cmd, approval } : cmd, {}, cookie === undefined ? {} : { cookie })).body;
}
async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
  const r = await send(type, payload);
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code} ${r.message ?? ''}`);
  return r;
}
const list = (query: string, cookie?: string) => getJson<AccountListResponse | { ok: false; code: string; message?: string }>(t.url, `/api/accounts${query}`, cookie === undefined ? {} : { cookie });
async function debts(query: string): Promise<AccountListResponse['debts']> {
  const r = await list(query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as AccountListResponse).debts;
}

/** A bill of two ceviches settled now: `onAccountCents` owed by `person`, the rest in cash. Returns its id and total. */
async function billOnAccount(person: string, onAccountCents: number): Promise<{ billId: string; totalCents: number }> {
  const tableId = `t-acc${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `AC${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] });
  await asOwner('order.send', { orderId });
  const r = await asOwner('order.settle', {
    orderId,
    payments: [
      { method: 'onAccount', amountCents: onAccountCents, person, contact: '987654321' },
      { method: 'cash', amountCents: 100_000 },
    ],
    document: { kind: 'note', docId: '', name: '' },
    print: false,
  });
  if (!r.ok) throw new Error('unreachable');
  return { billId: orderId, totalCents: r.result.totalCents! };
}

beforeAll(async () => {
  t = await startTestHub();
  cashier = await signedIn(t.url, CASHIER.code, CASHIER.pin, 'cashier-till');
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
});
afterAll(async () => {
  await t?.close();
});

describe('on-account debts over HTTP', () => {
  let rosa = '';
  let juan = '';

  it('lists the open debts, by person, filtered by a part of the name', async () => {
    rosa = (await billOnAccount('Rosa Quispe', 2_000)).billId;
    juan = (await billOnAccount('Juan Pérez', 1_500)).billId;
    const open = await debts('?state=open');
    expect(open.map((d) => [d.person, d.owedCents, d.paidCents])).toEqual([
      ['Juan Pérez', 1_500, 0],
      ['Rosa Quispe', 2_000, 0],
    ]);
    expect((await debts('?person=rosa')).map((d) => d.billId)).toEqual([rosa]);
  });

  it('the cashier pays part in cash, then two tills pay off the rest at once: one is accepted', async () => {
    expect(await send('account.settle', { billId: rosa, payments: [{ method: 'cash', amountCents: 500 }] }, cashier)).toMatchObject({ ok: true });
    const both = await Promise.all([
      send('account.settle', { billId: rosa, payments: [{ method: 'visa', amountCents: 1_500 }] }, cashier),
      send('account.settle', { billId: rosa, payments: [{ method: 'cash', amountCents: 2_000 }] }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ code: 'DEBT_NOT_FOUND' });
    expect((await debts('?state=open')).map((d) => d.billId)).toEqual([juan]);
    const settled = (await debts('?state=settled')) as ClosedDebt[];
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ billId: rosa, state: 'settled', accountFlag: 1, paidCents: 2_000 });
  });

  it('refuses an overpayment by card, and a hostile bill id, changing nothing', async () => {
    expect(await send('account.settle', { billId: juan, payments: [{ method: 'visa', amountCents: 1_501 }] }, cashier)).toMatchObject({ ok: false, code: 'DEBT_OVERPAID' });
    // Ids named like Object members never pass the door (idSchema); the rules refuse them too (account.test.ts).
    expect(await send('account.settle', { billId: '__proto__', payments: [{ method: 'cash', amountCents: 1 }] }, cashier)).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(await send('account.writeOff', { billId: 'constructor', reason: 'x' })).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(await send('account.writeOff', { billId: randomUUID(), reason: 'x' })).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
    // A debt cannot pay a debt: the schema has no such method.
    const onAccount = await postCommand(t.url, { ...command('account.settle', { billId: juan, payments: [{ method: 'cash', amountCents: 1 }] }), payload: { billId: juan, payments: [{ method: 'onAccount', amountCents: 1 }] } });
    expect(onAccount.status).toBe(400);
    expect((await debts('?state=open')).find((d) => d.billId === juan)).toMatchObject({ paidCents: 0 });
  });

  it('a cashier writes off only with a manager PIN; then the debt cannot be settled', async () => {
    expect(await send('account.writeOff', { billId: juan, reason: 'Se mudó' }, cashier)).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'refund' });
    const cmd = command('account.writeOff', { billId: juan, reason: 'Se mudó' });
    const res = await fetch(new URL('/api/approval', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cashier },
      body: JSON.stringify({ staffId: DEMO_OWNER.id, pin: DEMO_OWNER.pin, commandId: cmd.id, type: cmd.type, payload: cmd.payload }),
    });
    expect(res.status).toBe(200);
    const grant = (await res.json()) as ApprovalGrant;
    const r = await postCommand(t.url, { ...cmd, approval: grant.token }, {}, { cookie: cashier });
    expect(r.body).toMatchObject({ ok: true });
    expect(await send('account.settle', { billId: juan, payments: [{ method: 'cash', amountCents: 100 }] }, cashier)).toMatchObject({ ok: false, code: 'DEBT_NOT_FOUND' });
    const off = (await debts('?state=writtenOff')) as ClosedDebt[];
    expect(off).toEqual([expect.objectContaining({ billId: juan, accountFlag: 2, approvedBy: DEMO_OWNER.id, closedBy: CASHIER.id, reason: 'Se mudó' })]);
  });

  it('closed debts are read back from their day file once a snapshot filed them', async () => {
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentFiledDebts()).toHaveLength(0);
    expect((await t.hub.engine.accountDays.days()).length).toBeGreaterThan(0);
    expect((await debts('?state=settled')).map((d) => d.billId)).toEqual([rosa]);
    expect((await debts('?state=writtenOff')).map((d) => d.billId)).toEqual([juan]);
  });

  it.each<[string, string, number, string]>([
    ['a waiter', '', 403, 'FORBIDDEN'],
    ['an unknown state', '?state=__proto__', 400, 'INCORRECT_INPUT'],
    ['a day that is no date', '?state=settled&from=../../etc', 400, 'INCORRECT_INPUT'],
    ['from after to', '?state=settled&from=2026-03-02&to=2026-03-01', 400, 'INCORRECT_INPUT'],
    ['more than a year', '?state=settled&from=2024-01-01&to=2026-03-01', 400, 'INCORRECT_INPUT'],
  ])('refuses %s', async (who, query, status, code) => {
    const r = await list(query, who === 'a waiter' ? waiter : undefined);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ ok: false, code });
  });
});
