import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import type { CommandPayload, CommandType, CorrectionRequest } from '#protocol';
import { command, DEMO_OWNER, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { BillReply, CorrectionReply } from './schema.ts';

/**
 * GET /api/bills/:billId?day= and POST /api/bills/:billId/corrections through
 * the real app and a real hub: who may, a bill still in memory and one
 * already in the archive, resends, races and hostile ids.
 */

let t: TestHub;
let waiter = '';
let cashier = '';
let n = 0;
/** The Lima day of now: the settlements below are today's. */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const VOID: CorrectionRequest = { kind: 'void', lines: [], reason: 'Cliente se retiró', method: 'cash' };

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}

/** A boleta settled now on a fresh table: 2 × p-101 and 1 × p-102. Returns the bill id and its line ids. */
async function settledBoleta(): Promise<{ billId: string; lines: string[] }> {
  const tableId = `t-b${++n}`;
  const orderId = randomUUID();
  const lines = [randomUUID(), randomUUID()];
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `B${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 300 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: lines[0]!, productId: 'p-101', qty: 2, remark: '' }, { lineId: lines[1]!, productId: 'p-102', qty: 1, remark: '' }] });
  await asOwner('order.send', { orderId });
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: false });
  return { billId: orderId, lines };
}

async function post(billId: string, body: unknown, cookie?: string) {
  const res = await fetch(new URL(`/api/bills/${billId}/corrections`, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie ?? t.cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as CorrectionReply | { ok: false; code: string; message: string } };
}
const read = (billId: string, day = today(), cookie?: string) => getJson<BillReply | { ok: false; code: string }>(t.url, `/api/bills/${billId}?day=${day}`, cookie === undefined ? {} : { cookie });
const correctionsNow = (billId: string) => t.hub.engine.state.billCorrections[billId];

beforeAll(async () => {
  t = await startTestHub();
  await asOwner('fiscal.saveSettings', SAMPLE_FISCAL);
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  cashier = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'cashier')!.code, '2222', 'cashier-till');
});
afterAll(async () => {
  await t?.close();
});

describe('reading a closed bill', () => {
  it('a bill still in memory (not yet archived): the bill and no corrections', async () => {
    const { billId } = await settledBoleta();
    const r = await read(billId);
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.code);
    expect(r.body.bill).toMatchObject({ id: billId, fiscal: { type: '03', series: 'B001' }, totalCents: expect.any(Number) });
    expect(r.body.corrections).toEqual({ voided: false, corrections: [] });
    // Another day's file does not have it.
    expect((await read(billId, '2020-01-01')).body).toMatchObject({ ok: false, code: 'BILL_NOT_FOUND' });
  });

  it('refuses a waiter (403) and lets a cashier read (M003)', async () => {
    const { billId } = await settledBoleta();
    expect(await read(billId, today(), waiter)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await read(billId, today(), cashier)).status).toBe(200);
  });

  it.each(['__proto__', 'constructor', 'no-such-bill', '..%2F..%2Fsnapshot'])('an id no bill has (%s): 404 BILL_NOT_FOUND', async (id) => {
    expect(await read(id)).toMatchObject({ status: 404, body: { code: 'BILL_NOT_FOUND' } });
  });

  it.each(['2026-02-30', '../../x', '', 'today'])('a day that is no calendar day (%s): 400, nothing read', async (day) => {
    const { billId } = await settledBoleta();
    expect((await read(billId, day)).status).toBe(400);
  });
});

describe('voiding and refunding', () => {
  it('the owner voids a boleta: a credit note BC01 in the same record, queued for the summary', async () => {
    const { billId } = await settledBoleta();
    const r = await post(billId, { id: randomUUID(), day: today(), request: VOID });
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.code);
    const [correction] = r.body.corrections.corrections;
    expect(r.body.corrections.voided).toBe(true);
    expect(correction).toMatchObject({ billId, kind: 'void', by: DEMO_OWNER.id, creditNote: { type: '07', series: 'BC01', of: { type: '03', series: 'B001' } } });
    expect(r.body.result.totalCents).toBe(correction!.amountCents);
    const key = `07-BC01-${correction!.creditNote!.number}`;
    expect(t.hub.engine.state.pendingSummary[key]).toMatchObject({ line: { type: '07', reference: { type: '03', series: 'B001' } } });
    expect([...t.hub.engine.jobs.values()].some((j) => j.kind === 'einvoice.send' && j.payload.key === key)).toBe(true);
  });

  it('refuses a waiter and a cashier (no `refund`): 403, nothing recorded', async () => {
    const { billId } = await settledBoleta();
    for (const cookie of [waiter, cashier]) {
      expect(await post(billId, { id: randomUUID(), day: today(), request: VOID }, cookie)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect(correctionsNow(billId)).toBeUndefined();
  });

  it('a resend with the same id is answered once: the same answer, one correction', async () => {
    const { billId, lines } = await settledBoleta();
    const body = { id: randomUUID(), day: today(), request: { kind: 'refund', lines: [{ lineId: lines[0], qty: 1 }], reason: 'Frío', method: 'cash' } };
    const first = await post(billId, body);
    const again = await post(billId, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.ok && first.body.ok && again.body.seq).toBe(first.body.ok && first.body.seq);
    expect(correctionsNow(billId)?.corrections).toHaveLength(1);
  });

  it('two voids at once: one wins, the other is refused BILL_ALREADY_VOIDED', async () => {
    const { billId } = await settledBoleta();
    const replies = await Promise.all([1, 2].map(() => post(billId, { id: randomUUID(), day: today(), request: VOID })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body).toMatchObject({ code: 'BILL_ALREADY_VOIDED' });
    expect(correctionsNow(billId)?.corrections).toHaveLength(1);
  });

  it.each([
    ['__proto__', 400],
    ['constructor', 400],
    ['not-a-line', 409],
  ] as const)('a refund of line %s: refused (%i), nothing recorded', async (lineId, status) => {
    const { billId } = await settledBoleta();
    const r = await post(billId, { id: randomUUID(), day: today(), request: { kind: 'refund', lines: [{ lineId, qty: 1 }], reason: 'x', method: 'cash' } });
    expect(r.status).toBe(status);
    expect(r.body.ok).toBe(false);
    expect(correctionsNow(billId)).toBeUndefined();
  });

  it('more portions than were sold: 409 REFUND_TOO_LARGE; no lines: 400 REFUND_LINES_REQUIRED', async () => {
    const { billId, lines } = await settledBoleta();
    const refund = (l: { lineId: string; qty: number }[]) => ({ id: randomUUID(), day: today(), request: { kind: 'refund', lines: l, reason: 'x', method: 'cash' } });
    expect(await post(billId, refund([{ lineId: lines[0]!, qty: 3 }]))).toMatchObject({ status: 409, body: { code: 'REFUND_TOO_LARGE' } });
    expect(await post(billId, refund([]))).toMatchObject({ status: 400, body: { code: 'REFUND_LINES_REQUIRED' } });
    expect(await post('__proto__', refund([{ lineId: lines[0]!, qty: 1 }]))).toMatchObject({ status: 404, body: { code: 'BILL_NOT_FOUND' } });
    expect(await post(billId, { ...refund([{ lineId: lines[0]!, qty: 1 }]), id: 'not-a-uuid' })).toMatchObject({ status: 400 });
    expect(correctionsNow(billId)).toBeUndefined();
  });

  it('a bill already archived (after a snapshot) is read from its day file and voided', async () => {
    const { billId, lines } = await settledBoleta();
    const partial = await post(billId, { id: randomUUID(), day: today(), request: { kind: 'refund', lines: [{ lineId: lines[1]!, qty: 1 }], reason: 'Frío', method: 'yape' } });
    expect(partial.status).toBe(200);
    await t.hub.engine.snapshot();
    expect(t.hub.engine.state.orders[billId]).toBeUndefined();
    expect((await t.hub.engine.archive.readDay(today())).some((b) => b.bill.id === billId)).toBe(true);
    const r = await read(billId);
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.code);
    const total = r.body.bill.totalCents;
    const v = await post(billId, { id: randomUUID(), day: today(), request: VOID });
    expect(v.status).toBe(200);
    if (!v.body.ok) throw new Error(v.body.code);
    // The refund and the void give back exactly the bill's total.
    expect(v.body.corrections.corrections.reduce((sum, c) => sum + c.amountCents, 0)).toBe(total);
    expect(v.body.corrections.corrections.map((c) => c.creditNote?.series)).toEqual(['BC01', 'BC01']);
  });
});
