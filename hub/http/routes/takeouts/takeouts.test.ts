import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakeoutPage } from '#protocol';
import { getJson } from '#hub/testing/test-hub.ts';
import { must, payCash, send, startTakeoutHub, takeoutPayload, type Person, type TakeoutHub } from './test-takeout-hub.ts';

/**
 * GET /api/takeouts through the real app: the live orders and a day's ended ones (from the
 * engine's tail before a snapshot, from the day file after), paged, each shaped for the viewer.
 */
let t: TakeoutHub;
const page = (query: string, who: Person | 'owner' = 'owner') => getJson<TakeoutPage>(t.url, `/api/takeouts${query}`, { cookie: t.cookies[who] });
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

const waiting = takeoutPayload(0);
const anas = takeoutPayload(0);
const betos = takeoutPayload(0);
const counter = takeoutPayload(1, { customer: { name: 'Rosa', phone: '912345678' } });
const ended: string[] = [];

beforeAll(async () => {
  t = await startTakeoutHub();
  for (const p of [waiting, anas, betos, counter]) await must(t, 'takeout.create', p);
  await must(t, 'takeout.assignRider', { takeoutId: anas.takeoutId, riderId: 'rider-ana' });
  await must(t, 'takeout.assignRider', { takeoutId: betos.takeoutId, riderId: 'rider-beto' });
  // Three that end today: two handed over at the counter, one cancelled.
  for (let i = 0; i < 2; i++) {
    const p = takeoutPayload(1);
    await must(t, 'takeout.create', p);
    await payCash(t, p.orderId);
    await must(t, 'takeout.handOver', { takeoutId: p.takeoutId });
    ended.push(p.takeoutId);
  }
  const cancelled = takeoutPayload(0);
  await must(t, 'takeout.create', cancelled);
  await must(t, 'takeout.cancel', { takeoutId: cancelled.takeoutId, reason: 'No contesta' });
  ended.push(cancelled.takeoutId);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/takeouts', () => {
  it('the live ones, oldest first, with everything for the owner', async () => {
    const r = await page('');
    expect(r.status).toBe(200);
    expect(r.body.takeouts.map((x) => x.id)).toEqual([waiting, anas, betos, counter].map((p) => p.takeoutId));
    expect(r.body.takeouts[0]).toMatchObject({ customer: { phone: '987654321' }, delivery: { address: 'Av. Larco 123, Miraflores' } });
  });

  it('a waiter (M002, no payment, no M005) sees codes and names, not phones or addresses', async () => {
    const r = await page('', 'waiter');
    expect(r.body.takeouts).toHaveLength(4);
    for (const x of r.body.takeouts) {
      expect(x.customer.phone).toBe('');
      expect(x.delivery).toBeNull();
    }
  });

  it('a rider sees only their own and those waiting for a rider', async () => {
    const r = await page('', 'ana');
    expect(r.body.takeouts.map((x) => x.id).sort()).toEqual([waiting.takeoutId, anas.takeoutId].sort());
    expect(r.body.takeouts.find((x) => x.id === anas.takeoutId)?.delivery?.address).toBe('Av. Larco 123, Miraflores');
  });

  it('a day’s ended ones from memory, then the same from the day file after a snapshot, newest first, paged', async () => {
    const before = await page(`?day=${today()}`);
    expect(before.body.takeouts.map((x) => x.id).sort()).toEqual([...ended].sort());
    expect(before.body.takeouts.map((x) => x.status).sort()).toEqual([11, 11, 6]);
    await t.hub.engine.snapshot();
    const after = await page(`?day=${today()}`);
    expect(after.body.takeouts).toEqual(before.body.takeouts);
    const first = await page(`?day=${today()}&limit=2`);
    const second = await page(`?day=${today()}&limit=2&offset=2`);
    expect(first.body.more).toBe(true);
    expect(second.body.more).toBe(false);
    expect([...first.body.takeouts, ...second.body.takeouts]).toEqual(after.body.takeouts);
  });

  it('nothing for a day without any', async () => {
    expect((await page('?day=2020-01-01')).body).toEqual({ ok: true, day: '2020-01-01', takeouts: [], more: false });
  });

  it('hostile queries are refused (400), a kitchen-only role gets nothing (403)', async () => {
    for (const q of ['?day=../../etc', '?day=2025-13-40', '?limit=100000', '?offset=-1', '?day=__proto__']) expect((await page(q)).status, q).toBe(400);
    await must(t, 'role.save', { id: 'kitchen-only', name: 'Cocina', aliases: ['M001'] });
    await must(t, 'staff.save', { id: 'waiter-1', name: 'Persona waiter', code: '75', roleId: 'kitchen-only' });
    expect((await page('', 'waiter')).status).toBe(403);
  });

  it('a refusal through the route changes nothing: a rider cancelling (no cancelOrder)', async () => {
    expect(await send(t, 'takeout.cancel', { takeoutId: anas.takeoutId, reason: 'x' }, 'ana')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await page('')).body.takeouts).toHaveLength(4);
  });
});
