import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NAME } from '#hub/demo/seed.ts';
import { DEMO_DISHES, DEMO_TABLES } from '#hub/demo/menu-data.ts';
import type { Health, Snapshot } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { snapshotFor } from '#hub/presenters/index.ts';
import { command, DEMO_OWNER, getJson, getState, openTable, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/state', () => {
  it('serves the live state as the owner may see it, with its seq and store id', async () => {
    const r = await getJson<Snapshot>(t.url, '/api/state');
    expect(r.status).toBe(200);
    const snap = r.body;
    expect(snap.storeId).toBe(t.hub.engine.storeId);
    expect(snap.seq).toBe(t.hub.engine.seq);
    expect(snap).toEqual(snapshotFor(t.hub.engine, DEMO_OWNER.id));
    // The owner sees every slice (the stock history is not in the state: it is asked for page by page)
    // but the hub's own: the takeout code counters and the intake index (issue 21, presenters/README.md), and the
    // members and coupons (issue 22: personal data and codes are read on demand through their routes).
    const { takeoutCounters: _counters, takeoutIntakeKeys: _keys, members: _m, memberByPhone: _p, memberByNo: _n, memberByDoc: _d, memberCounters: _c, coupons: _k, couponBatches: _b, ...shared } = t.hub.engine.state;
    expect(snap.state).toEqual(shared);
    expect(snap.state.restaurant.name).toBe(DEMO_NAME);
    expect(Object.keys(snap.state.products)).toHaveLength(DEMO_DISHES.length);
    expect(Object.keys(snap.state.tables)).toHaveLength(DEMO_TABLES.length);
    for (const table of Object.values(snap.state.tables)) {
      expect(table.status).toBe(TABLE_STATUS.free);
      expect(table.orderId).toBeNull();
    }
    expect(snap.state.orders).toEqual({});
  });

  it('agrees with /api/health on the seq', async () => {
    const [state, health] = await Promise.all([getState(t.url), getJson<Health>(t.url, '/api/health')]);
    expect(state.seq).toBe(health.body.seq);
    expect(state.storeId).toBe(health.body.storeId);
  });

  it('shows a committed command at once, with the next seq', async () => {
    const before = await getState(t.url);
    const open = openTable('t-t1', 3);
    const reply = await postCommand(t.url, open);
    expect(reply.body).toMatchObject({ ok: true, seq: before.seq + 1 });
    const after = await getState(t.url);
    expect(after.seq).toBe(before.seq + 1);
    expect(after.state.tables['t-t1']).toMatchObject({ status: TABLE_STATUS.pending, orderId: open.payload.orderId });
    expect(after.state.orders[open.payload.orderId]).toMatchObject({ tableId: 't-t1', people: 3, lines: [] });
    // A refused command leaves the state as it was.
    const refused = await postCommand(t.url, command('table.open', { ...open.payload }));
    expect(refused.status).toBe(409);
    expect(await getState(t.url)).toEqual(after);
  });
});
