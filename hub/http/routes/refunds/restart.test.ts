import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, RefundPage } from '#protocol';
import { command, getJson, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Refunds across a restart: an open refund comes back live, and a rejected one (filed out of the
 * live state) comes back in its day's history, from the log or the day file the close wrote.
 */

let dataDir = '';
let t: TestHub;
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const start = () => startTestHub({ dataDir });

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>) {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code}`);
}

async function appliedOn(table: string): Promise<string> {
  const orderId = randomUUID();
  await asOwner('table.save', { id: table, areaId: 'area-salon', name: table, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 });
  await asOwner('table.open', { tableId: table, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }] });
  await asOwner('order.send', { orderId });
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  const refundId = randomUUID();
  const res = await fetch(new URL('/api/refunds', t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: t.cookie },
    body: JSON.stringify({ id: refundId, billId: orderId, day: today(), request: { kind: 'full', lines: [], reason: 'Frío', contactPhone: '' } }),
  });
  if (res.status !== 200) throw new Error(`apply: ${res.status}`);
  return refundId;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-refunds-'));
  t = await start();
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('refunds across a restart', () => {
  it('the open one is live again, the rejected one is in its day', async () => {
    const open = await appliedOn('t-rr1');
    const rejected = await appliedOn('t-rr2');
    await asOwner('refund.reject', { refundId: rejected, reason: 'Ya se consumió' });
    await t.hub.close();
    t = await start();
    expect(t.hub.engine.state.refunds[open]).toMatchObject({ status: 1 });
    expect(t.hub.engine.state.refunds[rejected]).toBeUndefined();
    const day = await getJson<RefundPage>(t.url, `/api/refunds?day=${today()}`);
    expect(day.body.refunds).toMatchObject([{ id: rejected, status: 3, rejectReason: 'Ya se consumió' }]);
    const live = await getJson<RefundPage>(t.url, '/api/refunds');
    expect(live.body.refunds.map((r) => r.id)).toEqual([open]);
  });
});
