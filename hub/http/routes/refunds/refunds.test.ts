import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { CommandPayload, CommandType, RefundPage, RefundRequest } from '#protocol';
import { command, connectDevice, getJson, NO_CUSTOMER, postCommand, sendCommand, signedIn, startTestHub, whenConnected, type TestHub } from '#hub/testing/test-hub.ts';
import type { RefundReply } from './schema.ts';

/**
 * The refunds routes through the real app and a real hub: a refund applied, accepted, paid out
 * (the bill's correction: its credit note on a boleta, the drawer), finished and read back from
 * history; two tills paying out at once; who may; hostile ids and bodies.
 */

let t: TestHub;
let waiter = '';
let n = 0;
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const DEMO_OWNER_CODE = DEMO_STAFF[0]!.code;
const DEMO_OWNER_PIN = DEMO_STAFF[0]!.pin;
const FULL: RefundRequest = { kind: 'full', lines: [], reason: 'Pedido equivocado', contactPhone: '987654321' };

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>) {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
  return r.body;
}

/** A bill settled now on a fresh table: 2 × p-101 and 1 × p-102, paid in cash; a sale note or a boleta. */
async function settled(kind: 'note' | 'boleta'): Promise<{ billId: string; lines: string[] }> {
  const tableId = `t-r${++n}`;
  const orderId = randomUUID();
  const lines = [randomUUID(), randomUUID()];
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `R${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 400 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: lines[0]!, productId: 'p-101', qty: 2, remark: '' }, { lineId: lines[1]!, productId: 'p-102', qty: 1, remark: '' }] });
  await asOwner('order.send', { orderId });
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind, docId: '', name: '' }, print: false });
  return { billId: orderId, lines };
}

async function post<T = RefundReply>(path: string, body: unknown, cookie = t.cookie) {
  const res = await fetch(new URL(path, t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T | { ok: false; code: string; message: string } };
}
const apply = (billId: string, request: RefundRequest = FULL, id = randomUUID(), cookie?: string) => post('/api/refunds', { id, billId, day: today(), request }, cookie);
const payOut = (refundId: string, method: 'cash' | 'transfer', operationNo = '', id = randomUUID()) => post(`/api/refunds/${refundId}/payout`, { id, method, operationNo });
const page = (q: string, cookie?: string) => getJson<RefundPage>(t.url, `/api/refunds${q}`, cookie === undefined ? {} : { cookie });
const drawer = () => expectedByMethod(t.hub.engine.state.openShift!).cash ?? 0;

async function applied(kind: 'note' | 'boleta', request: RefundRequest = FULL): Promise<{ billId: string; refundId: string; lines: string[] }> {
  const bill = await settled(kind);
  const refundId = randomUUID();
  const r = await apply(bill.billId, request, refundId);
  if (!r.body.ok) throw new Error(`apply: ${r.body.code}`);
  return { ...bill, refundId };
}

beforeAll(async () => {
  t = await startTestHub();
  await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: 'sh-refunds', floatCents: 5000 });
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
});
afterAll(async () => {
  await t?.close();
});

describe('a refund accepted and paid out', () => {
  it('applied (1), accepted (2), paid out in cash from the drawer (5), finished (6) and read back from the day', async () => {
    const { billId, refundId } = await applied('note');
    const live = t.hub.engine.state.refunds[refundId]!;
    expect(live).toMatchObject({ status: 1, billId, billDay: today(), contactPhone: '987654321' });
    expect((await asOwner('refund.accept', { refundId })).ok).toBe(true);
    const before = drawer();
    const paid = await payOut(refundId, 'cash');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ ok: true, refund: { status: 5, payout: { method: 'cash' }, correctionId: `${billId}-1`, amountCents: live.amountCents } });
    // The same correction the bills page makes: the bill is voided, the shift counts the cash, the drawer holds less.
    expect(t.hub.engine.state.billCorrections[billId]).toMatchObject({ voided: true, corrections: [{ method: 'cash', amountCents: live.amountCents }] });
    expect(drawer()).toBe(before - live.amountCents);
    await asOwner('refund.finish', { refundId });
    expect(t.hub.engine.state.refunds[refundId]).toBeUndefined();
    const fromMemory = await page(`?day=${today()}`);
    expect(fromMemory.body.refunds.find((r) => r.id === refundId)).toMatchObject({ status: 6 });
    await t.hub.engine.snapshot();
    const fromFile = await page(`?day=${today()}`);
    expect(fromFile.body.refunds).toEqual(fromMemory.body.refunds);
  });

  it('a boleta refunded by lines, by transfer: its credit note through the bills machinery', async () => {
    const bill = await settled('boleta');
    const refundId = randomUUID();
    expect((await apply(bill.billId, { kind: 'lines', lines: [{ lineId: bill.lines[0]!, qty: 1 }], reason: 'Frío', contactPhone: '' }, refundId)).status).toBe(200);
    await asOwner('refund.accept', { refundId });
    expect((await payOut(refundId, 'transfer')).body).toMatchObject({ ok: false, code: 'REFUND_OPERATION_REQUIRED' });
    const paid = await payOut(refundId, 'transfer', 'OP 00123');
    expect(paid.body).toMatchObject({ ok: true, refund: { status: 5, creditNote: { type: '07', of: { type: '03' } } } });
    expect(t.hub.engine.state.billCorrections[bill.billId]?.corrections[0]?.creditNote).toBeDefined();
  });

  it('two tills paying out the same refund at once: exactly one correction', async () => {
    const { billId, refundId } = await applied('note', { kind: 'amount', lines: [], amountCents: 500, reason: 'Llegó tarde', contactPhone: '' });
    await asOwner('refund.accept', { refundId });
    const [a, b] = await Promise.all([payOut(refundId, 'cash'), payOut(refundId, 'transfer', 'OP-1')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body, b.body].find((x) => !x.ok)).toMatchObject({ code: 'REFUND_BAD_STATUS' });
    expect(t.hub.engine.state.billCorrections[billId]?.corrections).toHaveLength(1);
  });

  it('two tills accepting the same refund at once over their sockets: exactly one wins', async () => {
    const { refundId } = await applied('note');
    const second = await signedIn(t.url, DEMO_OWNER_CODE, DEMO_OWNER_PIN, 'till-2');
    const a = connectDevice(t.url, { deviceId: 'till-1' });
    const b = connectDevice(t.url, { deviceId: 'till-2', cookie: second });
    try {
      await Promise.all([whenConnected(a), whenConnected(b)]);
      const replies = await Promise.all([sendCommand(a, command('refund.accept', { refundId })), sendCommand(b, command('refund.accept', { refundId }))]);
      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'REFUND_BAD_STATUS' });
      expect(t.hub.engine.state.refunds[refundId]?.status).toBe(2);
    } finally {
      a.close();
      b.close();
    }
  });

  it('the same application resent (a lost answer) is recorded once', async () => {
    const bill = await settled('note');
    const id = randomUUID();
    const [a, b] = await Promise.all([apply(bill.billId, FULL, id), apply(bill.billId, FULL, id)]);
    expect(a.body.ok && b.body.ok).toBe(true);
    expect(Object.values(t.hub.engine.state.refunds).filter((r) => r.billId === bill.billId)).toHaveLength(1);
  });
});

describe('refusals change nothing', () => {
  it('cash past the drawer, on the refunds route and on the bills page', async () => {
    const { billId, refundId } = await applied('note');
    await asOwner('refund.accept', { refundId });
    await asOwner('shift.cashMove', { id: `mv-${++n}`, direction: 'out', amountCents: drawer(), reason: 'Depósito al banco' });
    const r = await payOut(refundId, 'cash');
    expect(r).toMatchObject({ status: 409, body: { ok: false, code: 'REFUND_EXCEEDS_DRAWER', message: '0' } });
    expect(t.hub.engine.state.refunds[refundId]?.status).toBe(2);
    const onBills = await post(`/api/bills/${billId}/corrections`, { id: randomUUID(), day: today(), request: { kind: 'void', lines: [], reason: 'x', method: 'cash' } });
    expect(onBills).toMatchObject({ status: 409, body: { code: 'REFUND_EXCEEDS_DRAWER' } });
    expect(t.hub.engine.state.billCorrections[billId]).toBeUndefined();
    await asOwner('shift.cashMove', { id: `mv-${++n}`, direction: 'in', amountCents: 100_000, reason: 'Sencillo' });
  });

  it('a waiter (no `refund`) may not apply, pay out or read', async () => {
    const bill = await settled('note');
    expect((await apply(bill.billId, FULL, randomUUID(), waiter)).status).toBe(403);
    expect((await page('', waiter)).status).toBe(403);
  });

  it('hostile ids and bodies', async () => {
    const bill = await settled('note');
    for (const billId of ['__proto__', 'constructor', '../../etc/passwd', 'x'.repeat(65)]) expect((await apply(billId)).status, billId).toBeGreaterThanOrEqual(400);
    expect((await payOut('__proto__', 'cash')).status).toBe(404);
    expect((await post('/api/refunds', { id: randomUUID(), billId: bill.billId, day: today(), request: FULL, extra: 1 })).status).toBe(400);
    expect((await apply(bill.billId, { ...FULL, reason: '' })).status).toBe(400);
    expect((await apply(bill.billId, { ...FULL, contactPhone: '<img src=x>' })).status).toBe(400);
    expect((await apply(bill.billId, { kind: 'amount', lines: [], amountCents: 10_000_000, reason: 'x', contactPhone: '' })).body).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    for (const q of ['?day=../../etc', '?day=2025-13-40', '?limit=100000', '?offset=-1', '?day=__proto__', '?__proto__=1']) expect((await page(q)).status, q).toBe(400);
    expect(Object.values(t.hub.engine.state.refunds).some((r) => r.billId === bill.billId)).toBe(false);
  });
});
