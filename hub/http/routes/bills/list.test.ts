import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { ACCOUNT_CODES } from '#protocol';
import { businessDayOf } from '#hub/domain/business-day.ts';
import { testBill } from '#hub/domain/einvoice/test-bills.ts';
import { addDays } from '#hub/domain/reservations/calendar.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { cookieFor, getJson, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import type { BillListReply } from './schema.ts';

/**
 * GET /api/bills through the real app and a real hub whose archive holds
 * bills of three past business days: filters, record states (a void through
 * the corrections route, a withdrawn order), paging with the cursor, who may,
 * and hostile queries.
 */

let t: TestHub;
let waiter = '';
let cashier = '';
const today = businessDayOf(new Date().toISOString(), 4);
const [D1, D2, D3] = [addDays(today, -3), addDays(today, -2), addDays(today, -1)] as [string, string, string];
/** Noon in Lima on `day` plus `minutes`: well inside its business day whatever the closing hour. */
const noonOf = (day: string, minutes: number) => new Date(Date.parse(`${day}T17:00:00.000Z`) + minutes * 60_000).toISOString();

let seq = 0;
const archived: Bill[] = [];
function bill(day: string, n: number, over: Partial<Bill> = {}): Bill {
  const base = testBill([{ price: 1000 * (1 + (n % 5)), qty: 1 }], { paidAt: noonOf(day, n), document: { kind: 'note', docId: '', name: '' }, fiscal: null });
  return { ...base, id: `o-${day}-${n}`, billNo: 100 + archived.length, orderNo: 500 + archived.length, tableId: `t-${n % 4}`, tableName: `Mesa ${n % 4}`, ...over };
}

type Reply = BillListReply | { ok: false; code: string };
const list = (query: string, cookie?: string) => getJson<Reply>(t.url, `/api/bills?${query}`, cookie === undefined ? {} : { cookie });
const rowsOf = (r: { body: Reply }) => {
  if (!r.body.ok) throw new Error(r.body.code);
  return r.body.rows;
};

beforeAll(async () => {
  t = await startTestHub();
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  cashier = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'cashier')!.code, '2222', 'cashier-till');
  const yape = { ...testBill([{ price: 1000 }]).payments[0]!, method: 'yape' as const, accountCode: ACCOUNT_CODES.yape };
  for (let n = 0; n < 3; n++) archived.push(bill(D1, n));
  for (let n = 0; n < 55; n++) archived.push(bill(D2, n));
  archived.push(bill(D3, 1, { payments: [yape], document: { kind: 'boleta', docId: '', name: '' }, fiscal: { type: '03', series: 'B001', number: 77 } }));
  archived.push(bill(D3, 2, { deleted: 2, withdrawReason: 'Se fue', payments: [] }));
  // Filed by their Lima calendar day (the archive's layout), with seqs older than anything in memory.
  await t.hub.engine.archive.append(archived.map((b) => ({ seq: ++seq, bill: b })));
}, 30_000);
afterAll(async () => {
  await t?.close();
});

describe('the list', () => {
  it('pages of 50, newest first, the cursor giving the rest once each', async () => {
    const first = await list(`from=${D1}&to=${D3}`);
    expect(first.status).toBe(200);
    if (!first.body.ok) throw new Error(first.body.code);
    expect(first.body.rows).toHaveLength(50);
    expect(first.body.rows[0]?.id).toBe(`o-${D3}-2`);
    const paid = first.body.rows.map((r) => Date.parse(r.paidAt));
    expect(paid).toEqual([...paid].sort((a, b) => b - a));
    expect(first.body.next).toEqual(expect.any(String));
    const second = await list(`from=${D1}&to=${D3}&cursor=${encodeURIComponent(first.body.next!)}`);
    if (!second.body.ok) throw new Error(second.body.code);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.rows, ...second.body.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(archived.map((b) => b.id).sort());
  });

  it('a range of one day reads that day only; absent, today (nothing archived today)', async () => {
    expect(rowsOf(await list(`from=${D1}&to=${D1}`)).map((r) => r.id).sort()).toEqual([0, 1, 2].map((n) => `o-${D1}-${n}`));
    const r = await list('');
    expect(r.body).toMatchObject({ ok: true, from: today, to: today, today, rows: [] });
  });

  it('filters: table, number, method, document', async () => {
    const range = `from=${D1}&to=${D3}`;
    expect(rowsOf(await list(`${range}&table=mesa%202&record=normal`)).every((r) => r.tableName === 'Mesa 2')).toBe(true);
    expect(rowsOf(await list(`${range}&method=yape`)).map((r) => r.id)).toEqual([`o-${D3}-1`]);
    expect(rowsOf(await list(`${range}&document=boleta`))).toMatchObject([{ id: `o-${D3}-1`, documentNo: 'B001-77', methods: ['yape'] }]);
    expect(rowsOf(await list(`${range}&no=B001-77`)).map((r) => r.id)).toEqual([`o-${D3}-1`]);
    const target = archived[10]!;
    expect(rowsOf(await list(`${range}&no=${target.billNo}`)).map((r) => r.id)).toEqual([target.id]);
  });

  it('record states: normal, deleted (voided after settlement), cancelled (withdrawn)', async () => {
    const range = `from=${D1}&to=${D3}`;
    const target = archived[4]!;
    const v = await fetch(new URL(`/api/bills/${target.id}/corrections`, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ id: randomUUID(), day: D2, request: { kind: 'void', lines: [], reason: 'Cliente se retiró', method: 'visa' } }),
    });
    expect(v.status).toBe(200);
    expect(rowsOf(await list(`${range}&record=deleted`))).toMatchObject([{ id: target.id, record: 'deleted', refundedCents: target.totalCents }]);
    expect(rowsOf(await list(`${range}&record=cancelled`))).toMatchObject([{ id: `o-${D3}-2`, record: 'cancelled' }]);
    const normal = [...rowsOf(await list(`${range}&record=normal`)), ...rowsOf(await list(`${range}&record=normal&cursor=${encodeURIComponent(`${noonOf(D2, 5)}~o-${D2}-5`)}`))];
    expect(normal.map((r) => r.id)).not.toContain(target.id);
    expect(normal.map((r) => r.id)).not.toContain(`o-${D3}-2`);
  });

  it('a cashier (M003) reads; a waiter is refused 403; nobody signed in 401', async () => {
    expect((await list(`from=${D1}&to=${D1}`, cashier)).status).toBe(200);
    expect(await list(`from=${D1}&to=${D1}`, waiter)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await getJson(t.url, `/api/bills?from=${D1}&to=${D1}`, { cookie: null })).status).toBe(401);
  });

  it.each([
    '__proto__=1',
    'constructor=x',
    `from=${D1}&to=${D3}&junk=1`,
    'record=__proto__',
    'record=bogus',
    'method=bitcoin',
    'document=ticket',
    'from=2026-02-30&to=2026-03-01',
    `from=${D3}&to=${D1}`,
    `from=${addDays(D3, -92)}&to=${D3}`,
    `from=${addDays(today, -200)}`,
    'table=a&table=b',
    'cursor=junk',
    `cursor=${encodeURIComponent(`${noonOf(D2, 1)}~__proto__`)}`,
    `no=${'9'.repeat(31)}`,
  ])('a hostile or junk query (%s): 400, nothing read', async (query) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false });
  });

  it('92 days is the most one query covers', async () => {
    expect((await list(`from=${addDays(D3, -91)}&to=${D3}`)).status).toBe(200);
  });

  it('a request from a foreign page is refused, even with the owner’s cookies', async () => {
    const r = await fetch(new URL(`/api/bills?from=${D1}&to=${D1}`, t.url), { headers: { cookie: cookieFor(t.url) ?? '', origin: 'http://evil.example' } });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
  });
});
