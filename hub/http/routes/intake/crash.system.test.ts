import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import { deliveryOrder } from './test-helpers.ts';

/**
 * kill -9 in the middle of a web shop's burst: 10 orders, each sent twice at
 * once (the channel's whole burst of 20), the hub killed while they are in
 * flight; restarted on the same data, the shop sends all 10 again (as a shop
 * retries whatever it is unsure of).
 * Every order ends as exactly one takeout; an order answered 201 before the
 * kill is answered with the same takeout after it.
 */
let hub: ChildHub | null = null;
let dir = '';
afterEach(async () => {
  await hub?.kill9();
  hub = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Reply = { status: number; id: string | null };

async function post(url: string, key: string, externalId: string): Promise<Reply> {
  try {
    const res = await fetch(new URL('/api/intake/orders', url), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(deliveryOrder(externalId)) });
    const body = (await res.json()) as { takeout?: { id: string } };
    return { status: res.status, id: body.takeout?.id ?? null };
  } catch {
    // The hub died under it: the shop did not get an answer.
    return { status: 0, id: null };
  }
}

describe('intake across kill -9', () => {
  it('a burst cut by a power cut and sent again: one takeout per order, first answers kept', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-intake-crash-'));
    const port = await freePort();
    hub = await spawnHub({ dataDir: dir, port });
    const owner = DEMO_STAFF[0]!;
    let cookie = await signedIn(hub.url, owner.code, owner.pin, 'crash-till');
    const made = await fetch(new URL('/api/intake/channels', hub.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'Tienda web' }) });
    const { key } = (await made.json()) as { key: string };

    const ids = Array.from({ length: 10 }, (_, i) => `BURST-${i}`);
    let answered = 0;
    const first = ids.flatMap((id) =>
      [0, 1].map(async () => {
        const r = await post(hub!.url, key, id);
        if (r.status > 0) answered++;
        return [id, r] as const;
      }),
    );
    // Kill it mid-burst: once some orders were answered, while others are still in flight.
    while (answered < 4) await new Promise((r) => setTimeout(r, 2));
    await hub.kill9();
    const before = await Promise.all(first);

    hub = await spawnHub({ dataDir: dir, port, demo: false });
    const after = await Promise.all(ids.map(async (id) => [id, await post(hub!.url, key, id)] as const));
    for (const [id, r] of after) {
      expect([200, 201], id).toContain(r.status);
      // An order the shop heard 201 or 200 about before the kill is the same takeout after it.
      for (const [bid, b] of before) if (bid === id && b.id) expect(r.id, id).toBe(b.id);
    }

    cookie = await signedIn(hub.url, owner.code, owner.pin, 'crash-till');
    const state = (await (await fetch(new URL('/api/state', hub.url), { headers: { cookie } })).json()) as Snapshot;
    const takeouts = Object.values(state.state.takeouts);
    for (const id of ids) expect(takeouts.filter((x) => x.externalId === id), id).toHaveLength(1);
    expect(takeouts).toHaveLength(ids.length);
  }, 90_000);
});
