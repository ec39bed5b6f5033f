import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_ALPHABET, VIRTUAL_PRINTER } from '#protocol';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { asOwner, batchBody, personWith, send, waitUntil, type CouponRow } from './test-coupon-hub.ts';

/**
 * The coupon routes through the real app: issuing (codes made by the hub, never twice, a retry
 * answered with the same batch), listing with counts, the search, one coupon however typed, and
 * the attacks: prototype codes and ids, hostile prefixes, huge quantities and bodies, a waiter
 * calling M004 routes, a till (payment without M004) seeing no member's phone.
 */
let t: TestHub;
let waiter = '';
let till = '';
const CODE = new RegExp(`^VERANO-[${COUPON_ALPHABET}]{8}$`);

async function codesOf(batchId: string, cookie?: string): Promise<CouponRow[]> {
  const r = await send(t, 'GET', `/api/coupons?batchId=${batchId}&limit=200`, undefined, cookie);
  expect(r.status).toBe(200);
  return r.body.coupons as CouponRow[];
}

beforeAll(async () => {
  t = await startTestHub();
  waiter = await personWith(t, 'r-waiter', ['M001', 'M002'], '61');
  till = await personWith(t, 'r-till', ['M001', 'payment'], '62');
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/coupons/batches', () => {
  it('issues the batch with unguessable codes of the prefix, each unused', async () => {
    const body = batchBody();
    const r = await send(t, 'POST', '/api/coupons/batches', body);
    expect(r.status).toBe(201);
    expect(r.body.batch).toMatchObject({ id: body.batchId, code: 'VERANO', quantity: 5, used: 0, unused: 5, expired: 0, voided: false });
    const rows = await codesOf(body.batchId as string);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((c) => c.code)).size).toBe(5);
    for (const c of rows) expect(c).toMatchObject({ code: expect.stringMatching(CODE), status: 'unused', memberId: null });
  });

  it('a retry of the same batch id answers the same batch and issues no code twice', async () => {
    const body = batchBody();
    const [a, b] = await Promise.all([send(t, 'POST', '/api/coupons/batches', body), send(t, 'POST', '/api/coupons/batches', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const seq = t.hub.engine.seq;
    const again = await send(t, 'POST', '/api/coupons/batches', { ...body, quantity: 9 });
    expect(again).toMatchObject({ status: 200, body: { batch: { id: body.batchId, quantity: 5 } } });
    expect(t.hub.engine.seq).toBe(seq);
    expect(await codesOf(body.batchId as string)).toHaveLength(5);
  });

  it('batches issued at once with one prefix never share a code', async () => {
    const bodies = Array.from({ length: 6 }, () => batchBody({ prefix: 'JUNTOS', quantity: 200 }));
    const replies = await Promise.all(bodies.map((b) => send(t, 'POST', '/api/coupons/batches', b)));
    for (const r of replies) expect(r.status).toBe(201);
    const all = (await Promise.all(bodies.map((b) => codesOf(b.batchId as string)))).flat().map((c) => c.code);
    expect(all).toHaveLength(1_200);
    expect(new Set(all).size).toBe(1_200);
  });

  it('issues the largest batch, 10,000 codes, all distinct', async () => {
    const body = batchBody({ prefix: 'MAX', quantity: 10_000 });
    const r = await send(t, 'POST', '/api/coupons/batches', body);
    expect(r.status).toBe(201);
    const batch = t.hub.engine.state.couponBatches[body.batchId as string];
    expect(batch?.quantity).toBe(10_000);
    const page = await send(t, 'GET', `/api/coupons?batchId=${body.batchId}&offset=9990&limit=50`);
    expect(page.body).toMatchObject({ more: false });
    expect(page.body.coupons).toHaveLength(10);
  });

  const hostile: [string, Record<string, unknown>, number, string][] = [
    ['a quantity past 10,000', batchBody({ quantity: 10_001 }), 400, 'INCORRECT_INPUT'],
    ['a quantity of a billion', batchBody({ quantity: 1e9 }), 400, 'INCORRECT_INPUT'],
    ['no coupons', batchBody({ quantity: 0 }), 400, 'INCORRECT_INPUT'],
    ['a fractional quantity', batchBody({ quantity: 2.5 }), 400, 'INCORRECT_INPUT'],
    ['a prefix with markup', batchBody({ prefix: '<img src=x>' }), 400, 'INCORRECT_INPUT'],
    ['a prefix with a dash', batchBody({ prefix: 'VER-ANO' }), 400, 'INCORRECT_INPUT'],
    ['a prefix of 13 characters', batchBody({ prefix: 'ABCDEFGHIJKLM' }), 400, 'INCORRECT_INPUT'],
    ['a prefix __proto__', batchBody({ prefix: '__proto__' }), 400, 'INCORRECT_INPUT'],
    ['an empty prefix', batchBody({ prefix: '' }), 400, 'REQUIRED_FIELD'],
    ['a batch id __proto__', batchBody({ batchId: '__proto__' }), 400, 'INCORRECT_INPUT'],
    ['a negative deduction', batchBody({ deductionCents: -100 }), 400, 'INCORRECT_INPUT'],
    ['category 3', batchBody({ category: 3 }), 400, 'INCORRECT_INPUT'],
    ['a day that does not exist', batchBody({ expiresOn: '2099-02-30' }), 400, 'INCORRECT_INPUT'],
    ['a last day already past', batchBody({ expiresOn: '2020-01-01' }), 409, 'COUPON_EXPIRED'],
  ];
  it.each(hostile)('refuses %s and records nothing', async (_why, body, status, code) => {
    const seq = t.hub.engine.seq;
    const batches = Object.keys(t.hub.engine.state.couponBatches).length;
    const r = await send(t, 'POST', '/api/coupons/batches', body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ ok: false, code });
    expect(t.hub.engine.seq).toBe(seq);
    expect(Object.keys(t.hub.engine.state.couponBatches)).toHaveLength(batches);
  });

  it('refuses a body past 4 KB and one that is not JSON', async () => {
    expect((await send(t, 'POST', '/api/coupons/batches', batchBody({ name: 'x'.repeat(5_000) }))).status).toBe(413);
    expect((await send(t, 'POST', '/api/coupons/batches', '{"prefix":')).status).toBe(400);
  });
});

describe('reading coupons', () => {
  let batchId = '';
  let rows: CouponRow[] = [];
  beforeAll(async () => {
    const body = batchBody({ prefix: 'BUSCA', quantity: 30, category: 2 });
    batchId = body.batchId as string;
    await send(t, 'POST', '/api/coupons/batches', body);
    rows = await codesOf(batchId);
  });

  it('finds one coupon however it is typed (lower case, spaces, dashes)', async () => {
    const code = rows[0]!.code;
    const typed = code.toLowerCase().replace('-', ' ').replace(/(.{4})$/, ' $1');
    const r = await send(t, 'GET', `/api/coupons/${encodeURIComponent(typed)}`);
    expect(r).toMatchObject({ status: 200, body: { coupon: { code, batchId, status: 'unused', category: 2 } } });
  });

  it('searches by a part of the code, pages newest first, and says when more follow', async () => {
    const part = rows[3]!.code.slice(-5);
    const found = await send(t, 'GET', `/api/coupons?q=${part.toLowerCase()}`);
    expect((found.body.coupons as CouponRow[]).map((c) => c.code)).toContain(rows[3]!.code);
    const first = await send(t, 'GET', `/api/coupons?batchId=${batchId}&limit=20`);
    const second = await send(t, 'GET', `/api/coupons?batchId=${batchId}&limit=20&offset=20`);
    expect(first.body.more).toBe(true);
    expect(second.body.more).toBe(false);
    const all = [...(first.body.coupons as CouponRow[]), ...(second.body.coupons as CouponRow[])].map((c) => c.code);
    expect(new Set(all).size).toBe(30);
  });

  it('once the member\'s personal data is erased, their coupons answer the number only, never the phone kept with the gift', async () => {
    const memberId = randomUUID();
    await asOwner(t, 'member.register', { memberId, phone: '987333444', lastName: 'Quispe', name: 'Rosa', gender: 2, regMethod: 1, docId: '44550011' });
    await asOwner(t, 'coupon.gift', { code: rows[7]!.code, memberId });
    expect((await send(t, 'GET', `/api/coupons/${rows[7]!.code}`)).body.coupon).toMatchObject({ memberId, recipientPhone: '987333444' });
    await asOwner(t, 'member.erase', { memberId, reason: 'Lo pidió' });
    const one = await send(t, 'GET', `/api/coupons/${rows[7]!.code}`);
    const mine = await send(t, 'GET', `/api/coupons?memberId=${memberId}`);
    expect(one.body.coupon).toMatchObject({ memberId, recipientPhone: '', recipientNo: expect.stringMatching(/^\d{6}$/) });
    expect(mine.body.coupons).toMatchObject([{ code: rows[7]!.code, recipientPhone: '' }]);
    expect(JSON.stringify([one.body, mine.body])).not.toContain('987333444');
  });

  it('a gift shows under the member with their number and phone; voiding turns the rest expired', async () => {
    const memberId = randomUUID();
    await asOwner(t, 'member.register', { memberId, phone: '987111222', lastName: 'Rojas', name: 'Lucía', gender: 2, regMethod: 1, docId: '44556677' });
    await asOwner(t, 'coupon.gift', { code: rows[5]!.code.toLowerCase(), memberId });
    const mine = await send(t, 'GET', `/api/coupons?memberId=${memberId}`);
    expect(mine.body.coupons).toMatchObject([{ code: rows[5]!.code, memberId, recipientPhone: '987111222', recipientNo: expect.stringMatching(/^\d{6}$/) }]);
    await asOwner(t, 'coupon.voidBatch', { batchId });
    const expired = await send(t, 'GET', `/api/coupons?batchId=${batchId}&status=expired&limit=200`);
    expect(expired.body.coupons).toHaveLength(30);
    expect((await send(t, 'GET', `/api/coupons?batchId=${batchId}&status=unused`)).body.coupons).toEqual([]);
    const list = await send(t, 'GET', '/api/coupons/batches');
    expect((list.body.batches as { id: string }[]).find((b) => b.id === batchId)).toMatchObject({ voided: true, used: 0, unused: 0, expired: 30 });
  });

  it('coupon.print puts the coupon on the receipt printer\'s paper with a QR of its code (a durable job; the tap does not wait)', async () => {
    const fresh = batchBody({ prefix: 'PAPEL', quantity: 1 });
    await send(t, 'POST', '/api/coupons/batches', fresh);
    const [coupon] = await codesOf(fresh.batchId as string);
    await asOwner(t, 'coupon.print', { code: coupon!.code });
    await waitUntil(async () => {
      const paper = await send(t, 'GET', `/api/printers/${VIRTUAL_PRINTER.id}/paper?limit=5`);
      return JSON.stringify(paper.body).includes(`"kind":"qr","data":"${coupon!.code}"`);
    });
  });

  it('a till (payment without M004) reads a coupon to apply it, but not who it was given to', async () => {
    const r = await send(t, 'GET', `/api/coupons/${rows[5]!.code}`, undefined, till);
    expect(r.status).toBe(200);
    expect(r.body.coupon).not.toHaveProperty('recipientPhone');
    expect(r.body.coupon).not.toHaveProperty('memberId');
    expect(JSON.stringify(r.body)).not.toContain('987111222');
    expect((await send(t, 'GET', '/api/coupons', undefined, till)).status).toBe(403);
    expect((await send(t, 'GET', '/api/coupons/batches', undefined, till)).status).toBe(403);
  });

  it('a waiter gets FORBIDDEN on every coupon route and records nothing', async () => {
    const seq = t.hub.engine.seq;
    for (const [method, path, body] of [
      ['POST', '/api/coupons/batches', batchBody()],
      ['GET', '/api/coupons/batches', undefined],
      ['GET', '/api/coupons?q=A', undefined],
      ['GET', `/api/coupons/${rows[0]!.code}`, undefined],
    ] as const) {
      const r = await send(t, method, path, body, waiter);
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(t.hub.engine.seq).toBe(seq);
  });

  it('no device gets coupons or batches in its state, the owner included', async () => {
    for (const cookie of [t.cookie, waiter, till]) {
      const r = await fetch(new URL('/api/state', t.url), { headers: { cookie } });
      const text = await r.text();
      expect(r.status).toBe(200);
      expect(text).not.toContain('"coupons"');
      expect(text).not.toContain('"couponBatches"');
      expect(text).not.toContain(rows[5]!.code);
      expect(text).not.toContain('987111222');
    }
  });

  const queries: [string, string, number, string][] = [
    ['a __proto__ code', '/api/coupons/__proto__', 404, 'COUPON_NOT_FOUND'],
    ['a constructor code', '/api/coupons/constructor', 404, 'COUPON_NOT_FOUND'],
    ['a code of markup', `/api/coupons/${encodeURIComponent('<script>')}`, 404, 'COUPON_NOT_FOUND'],
    ['a __proto__ batch', '/api/coupons?batchId=__proto__', 400, 'INCORRECT_INPUT'],
    ['a __proto__ member', '/api/coupons?memberId=__proto__', 400, 'INCORRECT_INPUT'],
    ['an unknown status', '/api/coupons?status=free', 400, 'INCORRECT_INPUT'],
    ['a page of 10,000', '/api/coupons?limit=10000', 400, 'INCORRECT_INPUT'],
    ['a negative offset', '/api/coupons?offset=-1', 400, 'INCORRECT_INPUT'],
    ['a query of 1,000 characters', `/api/coupons?q=${'A'.repeat(1_000)}`, 400, 'INCORRECT_INPUT'],
  ];
  it.each(queries)('answers %s with %i', async (_why, path, status, code) => {
    const r = await send(t, 'GET', path);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ ok: false, code });
  });

  it('a __proto__ query text is only text: no match, nothing walked into', async () => {
    const r = await send(t, 'GET', '/api/coupons?q=__proto__');
    expect(r).toMatchObject({ status: 200, body: { coupons: [], more: false } });
  });
});

describe('a script guessing codes', () => {
  it('is slowed per session (RATE_LIMITED with retry-after), and other sessions read on', async () => {
    const guesser = await personWith(t, 'r-guess', ['payment'], '63');
    const guesses = Array.from({ length: 300 }, (_, i) => `GUESS${String(i).padStart(8, '0')}`);
    const replies = await Promise.all(guesses.map((g) => fetch(new URL(`/api/coupons/${g}`, t.url), { headers: { cookie: guesser } })));
    const statuses = replies.map((r) => r.status);
    // A burst of 120, then 20 a second: 300 at once cannot all be answered.
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(120);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const bodies = await Promise.all(replies.map((r) => r.json() as Promise<{ code?: string }>));
    expect(bodies.filter((b) => b.code === 'RATE_LIMITED')).toHaveLength(limited.length);
    expect((await send(t, 'GET', '/api/coupons/batches')).status).toBe(200);
  });
});
