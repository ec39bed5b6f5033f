import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product, State } from '#protocol';
import { startHub, type RunningHub } from '#hub/server.ts';
import { readSnapshot, writeSnapshot } from '#hub/store/snapshot.ts';
import { Wal } from '#hub/store/wal.ts';
import { command, postCommand, signedIn } from '#hub/testing/test-hub.ts';
import type { LogRecord } from './log-record.ts';

/**
 * Issue 7 item 2, the data already damaged: a hub that ran before ids had
 * a rule may hold records named like Object members (a half product under
 * `constructor`, an order under `__proto__`...) in its snapshot and its
 * log. Decision: repair on load. Such a record was never a real one, so the
 * hub drops it, says so in one log line, writes a clean snapshot, and then
 * works: products save, the menu exports, staff save, restarts are quiet.
 */

const dirs: string[] = [];
const hubs: RunningHub[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close().catch(() => undefined);
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function boot(dataDir: string, demo: boolean): Promise<{ hub: RunningHub; lines: string[] }> {
  const lines: string[] = [];
  const hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo, mdns: false, log: (m) => void lines.push(m) });
  hubs.push(hub);
  return { hub, lines };
}

/** Stores `value` under `key` as its own entry, whatever the key (a JSON file can hold `__proto__`). */
function put(records: object, key: string, value: unknown): void {
  Object.defineProperty(records, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What the old rules left behind, written with the store's own writers. */
async function damage(dataDir: string): Promise<number> {
  const snap = await readSnapshot(dataDir);
  if (!snap) throw new Error('no snapshot to damage');
  const state: State = structuredClone(snap.state);
  const table = state.tables['t-s1']!;
  const staff = state.staff['staff-demo-waiter']!;
  // product.setListed {productId:'constructor'} left half a product.
  put(state.products, 'constructor', { listed: false });
  // category.reorder {ids:['isPrototypeOf']} saved a category without an id, under "undefined".
  put(state.categories, 'undefined', { sort: 0 });
  put(state.orders, '__proto__', { status: 'prebilled' });
  put(state.tables, 'toString', { ...table, id: 'toString', name: 'X1' });
  put(state.staff, '__defineGetter__', { ...staff, id: '__defineGetter__', code: '99', name: 'Ghost' });
  await writeSnapshot(dataDir, { ...snap, state });

  const { wal } = await Wal.open<LogRecord>(path.join(dataDir, 'wal'), snap.seq, () => undefined);
  const product: Product = { ...state.products['p-101']!, id: 'valueOf', code: 'V1' };
  const at = new Date().toISOString();
  const record: LogRecord = {
    seq: snap.seq + 1,
    commandId: crypto.randomUUID(),
    type: 'product.save',
    deviceId: 'old-hub',
    staffId: null,
    at,
    events: [
      { type: 'product.listedSet', productId: 'constructor', listed: true },
      { type: 'product.saved', product },
      { type: 'restaurant.renamed', name: 'Reparado' },
    ],
    result: {},
  };
  await wal.append([record]);
  await wal.close();
  return record.seq;
}

const DROPPED = ['products.constructor', 'categories.undefined', 'orders.__proto__', 'tables.toString', 'staff.__defineGetter__', 'products.valueOf'];

describe('a data directory damaged by ids named like Object members (issue 7 item 2)', () => {
  it('is repaired on load: damaged records dropped with one clear line, the rest kept, and the hub works', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pos-hub-repair-'));
    dirs.push(dataDir);
    const first = await boot(dataDir, true);
    await first.hub.close();
    hubs.splice(0);
    const seq = await damage(dataDir);

    const { hub, lines } = await boot(dataDir, false);
    const said = lines.filter((l) => l.includes('damaged record'));
    expect(said).toHaveLength(1);
    for (const name of DROPPED) expect(said[0]).toContain(name);
    expect(said[0]).toMatch(/dropped 6 damaged record/);
    const state = hub.engine.state;
    for (const name of DROPPED) {
      const [slice, key] = name.split('.') as [keyof State, string];
      expect(Object.hasOwn(state[slice] as object, key), name).toBe(false);
    }
    // The log's good event after the damage still counts, and the real records are all there.
    expect(hub.engine.seq).toBe(seq);
    expect(state.restaurant.name).toBe('Reparado');
    expect(Object.keys(state.products)).toHaveLength(30);
    expect(Object.keys(state.tables)).toHaveLength(12);

    const owner = await signedIn(hub.url, '1', '1111', 'repair-owner');
    const saved = await postCommand(
      hub.url,
      command('product.save', { id: 'p-new', code: '777', names: { es: 'Nuevo', en: 'New', zh: '新' }, categoryId: 'cat-fondos', priceCents: 1500, sort: 5 }),
      {},
      { cookie: owner },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const staffSaved = await postCommand(hub.url, command('staff.save', { id: 'staff-new', name: 'Nuevo', code: '55', roleId: 'waiter' }), {}, { cookie: owner });
    expect(staffSaved.status, JSON.stringify(staffSaved.body)).toBe(200);
    for (const format of ['csv', 'xlsx']) {
      const r = await fetch(new URL(`/api/goods/export?format=${format}`, hub.url), { headers: { cookie: owner } });
      expect(r.status, format).toBe(200);
    }

    // The repair was written down: the next start finds nothing to drop and the same state.
    const live = JSON.parse(JSON.stringify(hub.engine.state)) as State;
    await hub.close();
    hubs.splice(0);
    const again = await boot(dataDir, false);
    expect(again.lines.filter((l) => l.includes('damaged record'))).toEqual([]);
    expect(JSON.parse(JSON.stringify(again.hub.engine.state))).toEqual(live);
  });
});
