import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, connectDevice, getJson, openTable, postCommand, recordMessages, signedIn, startTestHub, waitUntil, type DeviceSocket, type Received, type TestHub } from '#hub/testing/test-hub.ts';
import type { Snapshot } from '#protocol';
import { withoutAmounts } from './amounts.ts';

/**
 * Issue 18 item 4: a kitchen screen never receives bill amounts. Over a real
 * hub and real sockets, a kitchen-role device and a waiter's phone watch one
 * table being ordered, sent, pre-billed and paid; every `...Cents` number the
 * kitchen receives (snapshot, each change, GET /api/state) is 0, while the
 * waiter receives the prices.
 */

/** Every non-zero number under a key ending in `Cents`, with its path. */
function amountsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => amountsIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k.endsWith('Cents') && typeof v === 'number' && v !== 0 ? [`${path}.${k}=${v}`] : amountsIn(v, `${path}.${k}`)));
}

let t: TestHub;
let kitchenCookie = '';
let waiterCookie = '';
const sockets: DeviceSocket[] = [];
const waiter = DEMO_STAFF[2]!;

beforeAll(async () => {
  t = await startTestHub();
  const ok = async (body: unknown) => expect((await postCommand(t.url, body)).body).toMatchObject({ ok: true });
  await ok(command('staff.save', { id: 'staff-cocina', name: 'Rosa', code: '77', roleId: 'kitchen' }));
  const pin = await fetch(new URL('/api/staff/staff-cocina/credentials', t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '7777' }) });
  expect(pin.status).toBe(200);
  kitchenCookie = await signedIn(t.url, '77', '7777', 'kds-tablet');
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'phone-1');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

function watch(cookie: string): Received[] {
  const socket = connectDevice(t.url, { cookie });
  sockets.push(socket);
  return recordMessages(socket);
}

describe('presenters: the kitchen role receives no amounts', () => {
  it('zeroes every amount and leaves everything else as it is (pure, the input untouched)', () => {
    const input = { priceCents: 1200, vipPriceCents: null, names: { es: 'Lomo' }, lines: [{ qty: 2, unitPriceCents: 3500, payments: [{ method: 'cash', amountCents: 10 }] }], __proto__Cents: 5 };
    const copy = structuredClone(input);
    expect(withoutAmounts(input)).toEqual({ priceCents: 0, vipPriceCents: null, names: { es: 'Lomo' }, lines: [{ qty: 2, unitPriceCents: 0, payments: [{ method: 'cash', amountCents: 0 }] }], __proto__Cents: 0 });
    expect(input).toEqual(copy);
    // A key named __proto__ (JSON.parse makes it an own key) stays data, never a prototype.
    const hostile = JSON.parse('{"__proto__": {"polluted": true, "totalCents": 9}}') as object;
    const out = withoutAmounts(hostile) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('a kitchen device: snapshot, every change and GET /api/state carry no amount; a waiter gets the prices', async () => {
    const kitchen = watch(kitchenCookie);
    const phone = watch(waiterCookie);
    await waitUntil(() => kitchen.length > 0 && phone.length > 0, 5000, 'snapshots');
    const open = openTable('t-s1', 2);
    const orderId = open.payload.orderId;
    const steps = [
      open,
      command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId: 'p-407', qty: 2, remark: '' }], send: true }),
      command('order.setTip', { orderId, tipCents: 500 }),
      command('order.prebill', { orderId }),
    ];
    for (const c of steps) expect((await postCommand(t.url, c)).body, c.type).toMatchObject({ ok: true });
    const lastSeq = (got: Received[]) => Math.max(...got.map((r) => (r.event === 'snapshot' ? r.data.seq : r.event === 'change' ? r.data.seq : (r.data.at(-1)?.seq ?? 0))));
    // (The hub records more after the commands: the kitchen ticket shown on screens, printer states.)
    await waitUntil(() => lastSeq(kitchen) === t.hub.engine.seq && lastSeq(phone) === t.hub.engine.seq, 5000, 'every change');

    // The hub holds the amounts; the waiter's phone gets them; the kitchen's tablet none.
    expect(amountsIn(t.hub.engine.state.orders[orderId]).length).toBeGreaterThan(0);
    expect(amountsIn(phone).length).toBeGreaterThan(0);
    expect(amountsIn(kitchen)).toEqual([]);
    const viaHttp = await getJson<Snapshot>(t.url, '/api/state', { cookie: kitchenCookie });
    expect(amountsIn(viaHttp.body)).toEqual([]);
    // What a cook needs is all there: the dish, its quantity, the table's ticket.
    const order = viaHttp.body.state.orders[orderId]!;
    expect(order.lines.map((l) => [l.productId, l.qty])).toEqual([['p-407', 2]]);
    expect(Object.values(viaHttp.body.state.kitchenDisplay.tickets).length + Object.keys(viaHttp.body.state.products).length).toBeGreaterThan(0);
  });
});
