import { afterEach, describe, expect, it } from 'vitest';
import { TAKEOUT_STATUS } from '#protocol';
import { startHub } from '#hub/server.ts';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { deliveryOrder, makeChannel, postOrder, raw } from './test-helpers.ts';

/**
 * A web shop's orders through the real hub: recorded once as a submitted
 * takeout of the channel, priced from the menu, answered with the hub's
 * code; a replay (later, concurrent, after a restart, with another body)
 * gets the first takeout and records nothing; the pace is per channel.
 */
let t: TestHub | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

type Answer = { ok: true; duplicate: boolean; takeout: { id: string; code: string; pickupCode: string; status: number; totalCents: number; lines: { productId: string; unitPriceCents: number; qty: number }[] } };
const answer = (r: { body: unknown }) => r.body as Answer;

describe('a web order', () => {
  it('is recorded as a submitted takeout of the channel, at the menu prices, its note as text', async () => {
    t = await startTestHub();
    const { id: channelId, key } = await makeChannel(t);
    const note = '<img src=x onerror="alert(1)"><script>alert(2)</script> & ring twice';
    const r = await postOrder(t, key, deliveryOrder('WEB-1', { note, lines: [{ productId: 'p-101', qty: 2, remark: '<b>sin ají</b>', priceCents: 1 }] }));
    expect(r.status).toBe(201);
    const a = answer(r);
    expect(a).toMatchObject({ ok: true, duplicate: false, takeout: { status: TAKEOUT_STATUS.submitted } });
    expect(a.takeout.code).toMatch(/^T-\d+$/);
    expect(a.takeout.pickupCode).toMatch(/^\d{3}$/);
    // The menu's price (S/ 32.00), never the caller's; the delivery fee is a line of its own.
    expect(a.takeout.lines.find((l) => l.productId === 'p-101')).toMatchObject({ unitPriceCents: 3200, qty: 2 });
    expect(a.takeout.totalCents).toBe(2 * 3200 + 500);

    const takeout = t.hub.engine.state.takeouts[a.takeout.id]!;
    expect(takeout).toMatchObject({ channel: `web:${channelId}`, externalId: 'WEB-1', method: 0, status: 0, note, customer: { name: 'Ana Quispe', phone: '987654321' } });
    expect(takeout.delivery).toMatchObject({ address: 'Av. Larco 1234, Miraflores', contactPhone: '987654321', feeCents: 500, changeForCents: 10000 });
    // Stored exactly as typed: text, never markup (the pages render it as text).
    const order = t.hub.engine.state.orders[takeout.orderId!]!;
    expect(order.lines.find((l) => l.productId === 'p-101')?.remark).toBe('<b>sin ají</b>');
    // Nothing reaches the kitchen before someone at the restaurant accepts it.
    expect(order.lines.every((l) => l.sentBatch === null)).toBe(true);
  });

  it('paid by the shop arrives paid (status 1); a pickup needs no address', async () => {
    t = await startTestHub();
    const { key } = await makeChannel(t);
    const r = await postOrder(t, key, { externalId: 'WEB-2', method: 'pickup', paid: true, customer: { name: 'Luis', phone: '51987654321' }, lines: [{ productId: 'p-301', specId: 'sp-301-familiar', qty: 1 }] });
    expect(r.status).toBe(201);
    expect(answer(r).takeout).toMatchObject({ status: TAKEOUT_STATUS.paid, totalCents: 3800 });
    expect(t.hub.engine.state.takeouts[answer(r).takeout.id]).toMatchObject({ method: 1, type: 'takeaway', delivery: null });
  });
});

describe('a replay', () => {
  it('gets the first takeout and records nothing, whatever its body says now', async () => {
    t = await startTestHub();
    const { key } = await makeChannel(t);
    const first = answer(await postOrder(t, key, deliveryOrder('WEB-7')));
    const seq = t.hub.engine.seq;
    const again = await postOrder(t, key, deliveryOrder('WEB-7'));
    expect(again.status).toBe(200);
    expect(answer(again)).toMatchObject({ duplicate: true, takeout: { id: first.takeout.id, code: first.takeout.code } });
    // Another body under the same order id (a dish since changed, fields the shop renamed): still the first order.
    const changed = await postOrder(t, key, { externalId: 'WEB-7', lines: 'nonsense' });
    expect(changed.status).toBe(200);
    expect(answer(changed).takeout.id).toBe(first.takeout.id);
    expect(t.hub.engine.seq).toBe(seq);
    expect(Object.values(t.hub.engine.state.takeouts).filter((x) => x.externalId === 'WEB-7')).toHaveLength(1);
  });

  it('20 copies sent at once make one takeout: one 201, nineteen 200, one id', async () => {
    t = await startTestHub();
    const { key } = await makeChannel(t);
    const seq = t.hub.engine.seq;
    const replies = await Promise.all(Array.from({ length: 20 }, () => postOrder(t!, key, deliveryOrder('WEB-RACE'))));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
    expect(new Set(replies.map((r) => answer(r).takeout.id)).size).toBe(1);
    expect(Object.values(t.hub.engine.state.takeouts).filter((x) => x.externalId === 'WEB-RACE')).toHaveLength(1);
    expect(t.hub.engine.seq).toBe(seq + 1);
  });

  it('is known after a restart, and once the takeout left the live state', async () => {
    t = await startTestHub();
    const { key } = await makeChannel(t);
    const first = answer(await postOrder(t, key, deliveryOrder('WEB-9')));
    // The restaurant refuses it: the takeout leaves the live state (and the rules' own index of live intake orders).
    const refused = await postCommand(t.url, command('takeout.refuse', { takeoutId: first.takeout.id, reason: 'Sin repartidor' }));
    expect(refused.body).toMatchObject({ ok: true });
    expect(t.hub.engine.state.takeouts[first.takeout.id]).toBeUndefined();
    await t.hub.close();
    const hub = await startHub({ dataDir: t.dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => {} });
    const again: TestHub = { ...t, url: hub.url, hub, close: () => hub.close() };
    try {
      const seq = hub.engine.seq;
      const r = await postOrder(again, key, deliveryOrder('WEB-9'));
      expect(r.status).toBe(200);
      expect(answer(r).takeout).toMatchObject({ id: first.takeout.id, code: first.takeout.code, status: null });
      expect(hub.engine.seq).toBe(seq);
    } finally {
      await hub.close();
    }
  });

  it('the same order id from another channel is another order', async () => {
    t = await startTestHub();
    const a = await makeChannel(t, 'Tienda web');
    const b = await makeChannel(t, 'Agregador');
    const ra = answer(await postOrder(t, a.key, deliveryOrder('1001')));
    const rb = await postOrder(t, b.key, deliveryOrder('1001'));
    expect(rb.status).toBe(201);
    expect(answer(rb).takeout.id).not.toBe(ra.takeout.id);
  });
});

describe("a channel's order, asked for later", () => {
  it('answers where it stands; another channel cannot see it; unknown and prototype ids are refused', async () => {
    t = await startTestHub();
    const a = await makeChannel(t, 'Tienda web');
    const b = await makeChannel(t, 'Agregador');
    const first = answer(await postOrder(t, a.key, deliveryOrder('WEB-20')));
    const get = (key: string, id: string) => raw(t!, 'GET', `/api/intake/orders/${id}`, { authorization: `Bearer ${key}` });
    const mine = await get(a.key, 'WEB-20');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ ok: true, takeout: { id: first.takeout.id, code: first.takeout.code, status: 0 } });
    await postCommand(t.url, command('takeout.accept', { takeoutId: first.takeout.id }));
    expect((await get(a.key, 'WEB-20')).body).toMatchObject({ takeout: { status: TAKEOUT_STATUS.received } });
    // Channel B knows the id, not the order: the same answer as for an id nobody sent.
    expect((await get(b.key, 'WEB-20')).body).toMatchObject({ code: 'NOT_FOUND', message: 'externalId' });
    expect((await get(a.key, 'WEB-404')).status).toBe(404);
    for (const bad of ['__proto__', 'constructor', '..%2Fsecrets', '%00']) expect((await get(a.key, bad)).status, bad).toBe(400);
    expect((await get('posk_nope', 'WEB-20')).status).toBe(401);
  });
});

describe('the pace', () => {
  it('is per channel: past the burst a channel waits (429 with Retry-After), another channel does not', async () => {
    t = await startTestHub({ intakeRate: { burst: 3, perMinute: 6 } });
    const a = await makeChannel(t, 'Ruidosa');
    const b = await makeChannel(t, 'Tranquila');
    for (let i = 0; i < 3; i++) expect((await postOrder(t, a.key, deliveryOrder(`A-${i}`))).status).toBe(201);
    const seq = t.hub.engine.seq;
    const over = await postOrder(t, a.key, deliveryOrder('A-3'));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(t.hub.engine.seq).toBe(seq);
    expect((await postOrder(t, b.key, deliveryOrder('B-0'))).status).toBe(201);
  });
});

describe('the menu for the shop', () => {
  it('lists what may be sold at the hub prices, sizes with their ids, nothing of the kitchen', async () => {
    t = await startTestHub();
    const { key } = await makeChannel(t);
    const r = await raw(t, 'GET', '/api/intake/menu', { authorization: `Bearer ${key}` });
    expect(r.status).toBe(200);
    const dishes = r.body.dishes as { productId: string; priceCents: number; specs: { specId: string; priceCents: number }[] }[];
    expect(dishes.find((d) => d.productId === 'p-101')).toMatchObject({ priceCents: 3200 });
    expect(dishes.find((d) => d.productId === 'p-301')?.specs.map((s) => s.specId)).toEqual(['sp-301-personal', 'sp-301-familiar']);
    const text = JSON.stringify(r.body);
    for (const field of ['stock', 'vipPriceCents', 'station', 'lowStock']) expect(text).not.toContain(`"${field}"`);
  });
});
