import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { StockHistoryPage } from '#protocol';
import { decodeLine, encodeLine } from '#hub/store/line-codec.ts';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, useCookie, type TestHub } from '#hub/testing/test-hub.ts';

const DAY_MS = 86_400_000;
const waiter = DEMO_STAFF[2]!;
let dataDir = '';
/** Hub time: two days back while the first moves are made, then today. */
let shiftMs = -2 * DAY_MS;
const clock = () => new Date(Date.now() + shiftMs);
let t: TestHub;
let waiterCookie = '';

async function adjust(hub: TestHub, reason: string, qty: number): Promise<void> {
  const r = await postCommand(hub.url, command('product.adjustStock', { productId: 'p-407', op: 'add', qty, reason }, { at: clock().toISOString() }));
  expect(r.body).toMatchObject({ ok: true });
}

const start = () => startTestHub({ dataDir, clock });
const page = (query: string, cookie?: string) => getJson<StockHistoryPage>(t.url, `/api/goods/stock-moves${query}`, cookie ? { cookie } : {});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-stock-moves-'));
  t = await start();
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
  // Day one: five purchases, filed in the day files by a snapshot.
  for (let i = 1; i <= 5; i++) await adjust(t, `compra ${i}`, i);
  await t.hub.engine.snapshot();
  // Today: three more, still in the engine's memory only (two days on, the owner signs in again).
  shiftMs = 0;
  useCookie(t.url, await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin));
  for (let i = 6; i <= 8; i++) await adjust(t, `compra ${i}`, i);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every page of p-407's history, two at a time: memory, today's and day one's files in one walk. */
async function walkPages(): Promise<string[][]> {
  const pages: string[][] = [];
  for (let offset = 0; ; offset += 2) {
    const r = await page(`?productId=p-407&limit=2&offset=${offset}`);
    expect(r.status).toBe(200);
    pages.push(r.body.moves.map((m) => m.reason));
    if (!r.body.more) return pages;
  }
}

// 8 adjustments and the demo's opening stock (the seed's import, on day one).
const EXPECTED = [['compra 8', 'compra 7'], ['compra 6', 'compra 5'], ['compra 4', 'compra 3'], ['compra 2', 'compra 1'], ['Stock inicial']];

describe('GET /api/goods/stock-moves (the stock history, from the day files)', () => {
  it('pages one product\'s moves newest first across the memory tail and two days of files, with who did it', async () => {
    expect(t.hub.engine.recentStockMoves()).toHaveLength(3);
    expect(await t.hub.engine.stock.days()).toHaveLength(1);
    expect(await walkPages()).toEqual(EXPECTED);
    expect((await page('?productId=p-407&limit=1')).body.moves[0]).toMatchObject({ productId: 'p-407', delta: 8, staffId: DEMO_OWNER.id });
    expect(await page('?productId=p-407&offset=50')).toMatchObject({ body: { moves: [], more: false } });
    // Filed too: the next snapshot puts today's moves in a second day file.
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentStockMoves()).toEqual([]);
    expect(await t.hub.engine.stock.days()).toHaveLength(2);
    expect(await walkPages()).toEqual(EXPECTED);
  });

  it('lists every product\'s moves without a filter', async () => {
    const all = await page('?limit=200');
    expect(all.body.more).toBe(false);
    expect(all.body.moves.filter((m) => m.productId === 'p-407')).toHaveLength(9);
    expect(new Set(all.body.moves.map((m) => m.productId)).size).toBeGreaterThan(1);
    // Newest first over every product.
    const times = all.body.moves.map((m) => m.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('serves the same pages after a restart (nothing of it is in the snapshot)', async () => {
    await t.hub.close();
    const snapshot = decodeLine((await fs.readFile(path.join(dataDir, 'snapshot.json'), 'utf8')).trim()) as { state: Record<string, unknown> };
    expect(Object.hasOwn(snapshot.state, 'stockMoves')).toBe(false);
    t = await start();
    expect(await walkPages()).toEqual(EXPECTED);
  });

  it('refuses a role without goods management, and bad paging, with codes', async () => {
    waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
    const refused = await page('?productId=p-407', waiterCookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(JSON.stringify(refused.body)).not.toContain('compra');
    expect((await page('?limit=0')).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page('?limit=9999')).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page('?productId=__proto__')).status).toBe(400);
  });

  it('upgrade: a store of format 3, whose snapshot held the moves, keeps them readable through the route', async () => {
    // Rewrite the store as a format-3 hub left it: the history in the snapshot's state, no stock/ day files.
    const history = (await page('?limit=200')).body.moves.slice().reverse();
    await t.hub.close();
    const file = path.join(dataDir, 'snapshot.json');
    const snapshot = decodeLine((await fs.readFile(file, 'utf8')).trim()) as { format: number; state: Record<string, unknown> };
    await fs.writeFile(file, encodeLine({ ...snapshot, format: 3, state: { ...snapshot.state, stockMoves: history } }));
    await fs.rm(path.join(dataDir, 'stock'), { recursive: true });
    t = await start();
    expect(Object.hasOwn(t.hub.engine.state, 'stockMoves')).toBe(false);
    expect(await walkPages()).toEqual(EXPECTED);
    expect((await page('?limit=200')).body.moves).toEqual(history.slice().reverse());
    // Opening it again (as after a crash before the next snapshot) files nothing twice.
    await t.hub.close();
    await fs.writeFile(file, encodeLine({ ...snapshot, format: 3, state: { ...snapshot.state, stockMoves: history } }));
    t = await start();
    expect(await walkPages()).toEqual(EXPECTED);
  });
});
