import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../../demo/staff.ts';
import type { StockHistoryPage } from '../../../protocol/index.ts';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, type TestHub } from '../../../testing/test-hub.ts';

let t: TestHub;
let waiterCookie = '';
const waiter = DEMO_STAFF[2]!;

beforeAll(async () => {
  t = await startTestHub();
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
  for (let i = 1; i <= 5; i++) {
    const r = await postCommand(t.url, command('product.adjustStock', { productId: 'p-407', op: 'add', qty: i, reason: `compra ${i}` }));
    expect(r.body).toMatchObject({ ok: true });
  }
});
afterAll(async () => {
  await t?.close();
});

const page = (query: string, cookie?: string) => getJson<StockHistoryPage>(t.url, `/api/goods/stock-moves${query}`, cookie ? { cookie } : {});

describe('GET /api/goods/stock-moves (the stock history, on demand)', () => {
  it('pages one product\'s moves, newest first, with who did it', async () => {
    const first = await page('?productId=p-407&limit=2');
    expect(first.status).toBe(200);
    // 5 adjustments and the demo's opening stock.
    expect(first.body.total).toBe(6);
    expect(first.body.moves.map((m) => m.reason)).toEqual(['compra 5', 'compra 4']);
    expect(first.body.moves[0]).toMatchObject({ productId: 'p-407', delta: 5, staffId: DEMO_OWNER.id });
    const next = await page('?productId=p-407&limit=2&offset=2');
    expect(next.body.moves.map((m) => m.reason)).toEqual(['compra 3', 'compra 2']);
    const last = await page('?productId=p-407&limit=5&offset=5');
    expect(last.body.moves).toHaveLength(1);
    expect((await page('?productId=p-407&offset=50')).body.moves).toEqual([]);
  });

  it('lists every product\'s moves without a filter', async () => {
    const all = await page('?limit=200');
    expect(all.body.total).toBe(t.hub.engine.state.stockMoves.length);
    expect(new Set(all.body.moves.map((m) => m.productId)).size).toBeGreaterThan(1);
  });

  it('refuses a role without goods management, and bad paging, with codes', async () => {
    const refused = await page('?productId=p-407', waiterCookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(JSON.stringify(refused.body)).not.toContain('compra');
    expect((await page('?limit=0')).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page('?limit=9999')).body).toMatchObject({ code: 'INCORRECT_INPUT' });
    expect((await page('?productId=__proto__')).status).toBe(400);
  });
});
