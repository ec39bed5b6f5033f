import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { snapshotFor } from '#hub/presenters/index.ts';
import { PROTOCOL_VERSION } from '#protocol';
import { TILL } from './browser.ts';
import { FlakyLink } from './flaky-link.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Upgrading a device from the client that kept its outbox and replica in
 * localStorage: the queued commands move into IndexedDB without being lost
 * (through reloads while the hub is out of reach) and reach the hub once;
 * the old keys are removed, which frees the quota they held.
 */

const OWNER = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-idb-' });

/** What the device holds in IndexedDB: queued command ids, and the kept replica's restaurant name and view. */
function stored(page: Page): Promise<{ outbox: string[]; replicaName: string | null; view: string | null }> {
  return page.evaluate(async () => {
    const read = (db: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(db, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as unknown[]);
          };
          req.onerror = () => reject(req.error);
        };
      });
    const outbox = (await read('pos-outbox')) as { command: { id: string } }[];
    // Kept packed (hub/protocol/snapshot-codec.ts) by this client, unpacked (`state`) by the older one; the restaurant slice is the same in both.
    type Kept = { packed?: { restaurant: { name: string } }; state?: { restaurant: { name: string } }; view?: string };
    const [replica] = (await read('pos-replica')) as Kept[];
    return { outbox: outbox.map((i) => i.command.id).sort(), replicaName: (replica?.packed ?? replica?.state)?.restaurant.name ?? null, view: replica?.view || null };
  });
}

const legacyKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k === 'pos.replica' || k.startsWith('pos.outbox.')));

describe('moving the outbox and the replica from localStorage to IndexedDB', () => {
  it('delivers every command an older client queued exactly once, through reloads while offline', async () => {
    const link = new FlakyLink(env.hub.port);
    const base = await link.ready;
    const till = await env.browser.newContext(TILL);
    const page = await till.newPage();
    await signInOnPage(page, base, OWNER.code, OWNER.pin);
    await page.getByTestId('table-S3').waitFor();
    const engine = env.hub.engine;
    const stockBefore = engine.state.products['p-206']!.stock;

    // The device as the older client left it: the live channel is gone, two taps queued in localStorage, the replica there too.
    link.sever();
    const at = new Date().toISOString();
    const adjust = { n: 1, command: { id: crypto.randomUUID(), type: 'product.adjustStock', payload: { productId: 'p-206', op: 'add', qty: 3, reason: 'compra' }, deviceId: 'old', at } };
    const open = {
      n: 2,
      command: { id: crypto.randomUUID(), type: 'table.open', payload: { tableId: 't-s3', orderId: crypto.randomUUID(), people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, deviceId: 'old', at },
    };
    const old = snapshotFor(engine, OWNER.id);
    const legacyReplica = { storeId: old.storeId, seq: old.seq, state: { ...old.state, restaurant: { name: 'Copia antigua' } }, v: PROTOCOL_VERSION };
    await page.goto(`${base}api/health`);
    await page.evaluate(
      async ({ items, replica }) => {
        // A device that never ran the new client has no IndexedDB databases.
        for (const db of ['pos-outbox', 'pos-replica']) {
          await new Promise<void>((resolve) => {
            const req = indexedDB.deleteDatabase(db);
            req.onsuccess = req.onerror = req.onblocked = () => resolve();
          });
        }
        for (const i of items) localStorage.setItem(`pos.outbox.${i.command.id}`, JSON.stringify(i));
        localStorage.setItem('pos.outbox.counter', '2');
        localStorage.setItem('pos.replica', JSON.stringify(replica));
      },
      { items: [adjust, open], replica: legacyReplica },
    );

    // The new client loads (still out of reach): both commands wait, now in IndexedDB; the old keys are gone.
    await page.goto(`${base}#/pages/dining_table/index`);
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/2/);
    expect(await stored(page)).toEqual({ outbox: [adjust.command.id, open.command.id].sort(), replicaName: 'Copia antigua', view: null });
    expect(await legacyKeys(page)).toEqual([]);
    // A reload before the hub is back: still owed, from IndexedDB alone.
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/2/);
    expect((await stored(page)).outbox).toHaveLength(2);
    expect(engine.state.products['p-206']!.stock).toBe(stockBefore);

    // Back in reach: delivered once, the queue emptied, the replica replaced by the hub's snapshot for this person.
    link.restore();
    await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => stored(page).then((s) => s.outbox.length)).toBe(0);
    expect(engine.state.products['p-206']!.stock).toBe(stockBefore + 3);
    expect(engine.state.tables['t-s3']?.status).toBe(2);
    await expect.poll(() => stored(page).then((s) => [s.replicaName, s.view])).toEqual([engine.state.restaurant.name, snapshotFor(engine, OWNER.id).view]);
    // Nothing is sent again after another reload.
    const seq = engine.seq;
    await page.reload();
    await page.getByTestId('table-S3').waitFor();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    expect(engine.state.products['p-206']!.stock).toBe(stockBefore + 3);
    expect(engine.seq).toBe(seq);
    await till.close();
    await link.close();
  });
});
