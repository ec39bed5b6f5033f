import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { ActivityPage } from '#protocol';
import { command, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
let waiterCookie = '';
let cashierCookie = '';
const [, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const orderId = crypto.randomUUID();

beforeAll(async () => {
  t = await startTestHub();
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
  cashierCookie = await signedIn(t.url, cashier.code, cashier.pin, 'till-1');
  const as = (cookie: string) => ({ cookie });
  await postCommand(t.url, command('table.open', { tableId: 't-s1', orderId, people: 2, customer: NO_CUSTOMER }), {}, as(waiterCookie));
  await postCommand(t.url, command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId: 'p-101', qty: 1, remark: '' }] }), {}, as(waiterCookie));
  await postCommand(t.url, command('order.send', { orderId }), {}, as(waiterCookie));
  await postCommand(t.url, command('order.settleCash', { orderId, receivedCents: 5000 }), {}, as(cashierCookie));
});
afterAll(async () => {
  await t?.close();
});

const activity = async (query = '', cookie?: string) => getJson<ActivityPage>(t.url, `/api/activity${query}`, cookie ? { cookie } : {});

describe('GET /api/activity', () => {
  it('tells the owner who did what, when and from which device, newest first', async () => {
    const r = await activity();
    expect(r.status).toBe(200);
    const mine = r.body.entries.filter((e) => e.staffId === waiter.id || e.staffId === cashier.id).filter((e) => !e.type.startsWith('staff.'));
    expect(mine.map((e) => [e.type, e.staffId, e.deviceId])).toEqual([
      ['order.settleCash', cashier.id, 'till-1'],
      ['order.send', waiter.id, 'waiter-phone'],
      ['order.addLines', waiter.id, 'waiter-phone'],
      ['table.open', waiter.id, 'waiter-phone'],
    ]);
    const settle = mine[0]!;
    expect(settle.detail).toMatchObject({ 'bill.tableId': 't-s1', 'bill.totalCents': 3200 });
    expect(r.body.devices['waiter-phone']).toBeTruthy();
    const seqs = r.body.entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it('filters by staff member, device, kind of command and days', async () => {
    const byWaiter = (await activity(`?staffId=${waiter.id}`)).body.entries;
    expect(byWaiter.length).toBeGreaterThan(0);
    expect(byWaiter.every((e) => e.staffId === waiter.id)).toBe(true);
    expect((await activity('?deviceId=till-1')).body.entries.every((e) => e.deviceId === 'till-1')).toBe(true);
    const orders = (await activity('?type=order')).body.entries;
    expect(orders.map((e) => e.type)).toEqual(['order.settleCash', 'order.send', 'order.addLines']);
    // The hub's own records (the demo seed) are asked for as staffId=hub.
    expect((await activity('?staffId=hub&type=staff.save')).body.entries.length).toBe(DEMO_STAFF.length);
    expect((await activity('?from=2020-01-01&to=2020-01-31')).body.entries).toEqual([]);
    expect((await activity('?from=2020-01-01&to=2021-01-31')).status).toBe(400);
    expect((await activity('?limit=2')).body).toMatchObject({ truncated: true });
  });

  it('keeps the activity in day files once a snapshot drops the log it came from', async () => {
    const before = (await activity()).body.entries;
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentActivity()).toEqual([]);
    const day = t.hub.engine.activity.dayAt(new Date().toISOString());
    expect(existsSync(path.join(t.dataDir, 'activity', `${day}.jsonl`))).toBe(true);
    expect((await activity()).body.entries).toEqual(before);
  });

  it('is for those who manage staff: a waiter is refused', async () => {
    const r = await activity('', waiterCookie);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'FORBIDDEN' });
  });
});
