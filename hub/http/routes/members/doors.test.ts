import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '#protocol';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { asOwner, batchBody, personWith, send } from '../coupons/test-coupon-hub.ts';
import { MAX_MEMBER_PAGE } from './schema.ts';

/**
 * The doors of the member and coupon routes (issue 22 "Privacy"), attacked through the real app:
 * a DNS-rebinding page (foreign Host) and another site's page (foreign Origin) are refused as on
 * every other route (hub/http/host-rebinding.test.ts); prototype ids find nothing; oversized and
 * repeated query parameters are refused; the directory is paged with a cap; a flood of searches
 * or of phone-number lookups is slowed per session (429 RATE_LIMITED, a code every language
 * translates) while another session reads on.
 */
let t: TestHub;
let port = 0;
let till = '';
let memberId = '';
const couponBatch = randomUUID();
const MEMBERS = MAX_MEMBER_PAGE + 12;

type Raw = { status: number; body: string };

/** A raw request with exactly these headers (fetch will not forge Host). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const phoneOf = (i: number) => `9${String(60_000_000 + i)}`;

beforeAll(async () => {
  t = await startTestHub();
  port = t.hub.port;
  till = await personWith(t, 'r-door-till', ['M001', 'payment'], '64');
  if (!t.hub.engine.state.openShift) await asOwner(t, 'shift.open', { id: 'sh-doors', floatCents: 0 });
  for (let i = 0; i < MEMBERS; i++) {
    const id = randomUUID();
    if (i === 0) memberId = id;
    await asOwner(t, 'member.register', { memberId: id, phone: phoneOf(i), lastName: 'Puerta', name: `Socio${i}`, gender: 0, regMethod: 1, docId: String(50_000_000 + i) });
  }
  await asOwner(t, 'member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 1_000, method: 2, print: false });
  expect((await send(t, 'POST', '/api/coupons/batches', batchBody({ batchId: couponBatch, quantity: 2 }))).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Every member and coupon route, read as an owner would. */
const READS = () => [
  `/api/members?q=${phoneOf(0)}`,
  '/api/members/lookup?q=' + phoneOf(0),
  '/api/members/summary',
  '/api/members/recharges?day=2026-01-01',
  '/api/members/ledger?day=2026-01-01',
  `/api/members/${memberId}`,
  `/api/members/${memberId}/ledger`,
  '/api/coupons/batches',
  `/api/coupons?batchId=${couponBatch}`,
  '/api/coupons/VERANO00000000',
];

describe('foreign Host and foreign Origin, as on every route', () => {
  it('a rebinding page (Host evil.example with a matching Origin): 421 HOST_REFUSED on every member and coupon route, nothing personal', async () => {
    for (const path of READS()) {
      const r = await raw('GET', path, { host: `evil.example:${port}`, origin: `http://evil.example:${port}`, cookie: t.cookie });
      expect([path, r.status, JSON.parse(r.body).code]).toEqual([path, 421, 'HOST_REFUSED']);
      expect(r.body).not.toContain(phoneOf(0));
    }
  });

  it("another site's page (the hub's Host, a foreign or a null Origin): 403 ORIGIN_REFUSED on every member and coupon route", async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`]) {
      for (const path of READS()) {
        const r = await raw('GET', path, { host: `127.0.0.1:${port}`, origin, cookie: t.cookie });
        expect([path, origin, r.status, JSON.parse(r.body).code]).toEqual([path, origin, 403, 'ORIGIN_REFUSED']);
        expect(r.body).not.toContain(phoneOf(0));
      }
    }
  });

  it('a forged batch from another site records nothing', async () => {
    const seq = t.hub.engine.seq;
    const batches = Object.keys(t.hub.engine.state.couponBatches).length;
    for (const headers of [
      { host: `127.0.0.1:${port}`, origin: 'http://evil.example' },
      { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
    ]) {
      const r = await raw('POST', '/api/coupons/batches', { ...headers, cookie: t.cookie }, JSON.stringify(batchBody()));
      expect([403, 421]).toContain(r.status);
    }
    expect(t.hub.engine.seq).toBe(seq);
    expect(Object.keys(t.hub.engine.state.couponBatches)).toHaveLength(batches);
  });

  it("the hub's own page (its Origin) reads them", async () => {
    const r = await raw('GET', `/api/members/${memberId}`, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, cookie: t.cookie });
    expect(r.status).toBe(200);
  });
});

describe('prototype ids and hostile queries', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', '__defineGetter__'])('%s finds nothing anywhere and changes nothing', async (id) => {
    const seq = t.hub.engine.seq;
    expect((await send(t, 'GET', `/api/members/${id}`)).status).toBe(404);
    expect((await send(t, 'GET', `/api/members/${id}/ledger`)).status).toBe(404);
    expect((await send(t, 'GET', `/api/coupons/${id}`)).status).toBe(404);
    expect(await send(t, 'GET', `/api/members?q=${id}`)).toMatchObject({ status: 200, body: { members: [], more: false } });
    // A till's exact lookup: as a phone or a member number, a prototype name is neither.
    expect(await send(t, 'GET', `/api/members/lookup?q=${id}`, undefined, till)).toMatchObject({ status: 200, body: { members: [] } });
    expect((await send(t, 'GET', `/api/members/ledger?day=${id}`)).status).toBe(400);
    const coupons = await send(t, 'GET', `/api/coupons?memberId=${id}&q=${id}`);
    expect(coupons.status === 400 ? coupons.body.code : coupons.body.coupons).toEqual(coupons.status === 400 ? 'INCORRECT_INPUT' : []);
    expect(t.hub.engine.seq).toBe(seq);
  });

  it('repeated, oversized and out-of-range parameters: 400 INCORRECT_INPUT', async () => {
    for (const q of ['q=a&q=b', 'limit=10&limit=20', 'offset=1&offset=2', `q=${'9'.repeat(81)}`, 'limit=1e3', 'offset=1000001', 'limit=-5', 'limit=2.5']) {
      const r = await send(t, 'GET', `/api/members?${q}`);
      expect([q, r.status, r.body.code]).toEqual([q, 400, 'INCORRECT_INPUT']);
    }
    for (const [q, code] of [['q=1&q=2', 'INCORRECT_INPUT'], [`q=${'9'.repeat(21)}`, 'INCORRECT_INPUT'], ['q=', 'REQUIRED_FIELD'], ['q=%20%20', 'REQUIRED_FIELD']]) {
      const r = await send(t, 'GET', `/api/members/lookup?${q}`, undefined, till);
      expect([q, r.status, r.body.code]).toEqual([q, 400, code]);
    }
    for (const q of ['limit=201', `q=${'x'.repeat(65)}`, 'status=used&status=unused']) {
      const r = await send(t, 'GET', `/api/coupons?${q}`);
      expect([q, r.status, r.body.code]).toEqual([q, 400, 'INCORRECT_INPUT']);
    }
  });

  it('a URL far past any honest search is refused before any route, and the hub answers on', async () => {
    const r = await raw('GET', `/api/members?q=${'9'.repeat(40_000)}`, { host: `127.0.0.1:${port}`, cookie: t.cookie });
    expect([400, 414, 431]).toContain(r.status);
    expect((await send(t, 'GET', `/api/members/${memberId}`)).status).toBe(200);
  });
});

describe("a till's lookup by member number gives away nothing of the verification", () => {
  it('found by number: the phone hint is masked whole (3 of the 4 digits a guest says to be attached would leave 10 guesses)', async () => {
    const r = await send(t, 'GET', '/api/members/lookup?q=1', undefined, till);
    expect(r.body.members).toEqual([expect.objectContaining({ id: memberId, phoneHint: '*** *** ***' })]);
    // Typed as the phone, the till already knows it: the last three digits confirm it.
    const byPhone = await send(t, 'GET', `/api/members/lookup?q=${phoneOf(0)}`, undefined, till);
    expect(byPhone.body.members).toEqual([expect.objectContaining({ id: memberId, phoneHint: `*** *** ${phoneOf(0).slice(-3)}` })]);
  });
});

describe('the directory is paged with a cap', () => {
  it(`answers at most ${MAX_MEMBER_PAGE} a page, 30 unasked, and the pages walk every member once`, async () => {
    const first = await send(t, 'GET', '/api/members');
    expect((first.body.members as Member[]).length).toBe(30);
    expect(first.body.more).toBe(true);
    const seen: string[] = [];
    for (let offset = 0, more = true; more; offset += MAX_MEMBER_PAGE) {
      const page = await send(t, 'GET', `/api/members?limit=${MAX_MEMBER_PAGE}&offset=${offset}`);
      const members = page.body.members as Member[];
      expect(members.length).toBeLessThanOrEqual(MAX_MEMBER_PAGE);
      seen.push(...members.map((m) => m.id));
      more = page.body.more as boolean;
    }
    expect(seen).toHaveLength(MEMBERS);
    expect(new Set(seen).size).toBe(MEMBERS);
  });
});

describe('a flood is slowed per session', () => {
  it('300 directory searches at once: the burst answered, the rest 429 RATE_LIMITED with retry-after; another session reads on', async () => {
    const flooder = await personWith(t, 'r-door-flood', ['M004'], '65');
    const replies = await Promise.all(Array.from({ length: 300 }, (_, i) => fetch(new URL(`/api/members?q=${phoneOf(i % MEMBERS).slice(0, 5)}`, t.url), { headers: { cookie: flooder } })));
    const bodies = await Promise.all(replies.map((r) => r.json() as Promise<{ ok: boolean; code?: string; members?: Member[] }>));
    const limited = replies.flatMap((r, i) => (r.status === 429 ? [{ r, body: bodies[i]! }] : []));
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(120);
    expect(limited.length).toBeGreaterThan(0);
    for (const { r, body } of limited) {
      expect(body).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      expect(body.members).toBeUndefined();
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The owner's own session is not the flooder's.
    expect((await send(t, 'GET', '/api/members?limit=1')).status).toBe(200);
  });

  it("a script walking phone numbers through a till's lookup is slowed the same way", async () => {
    const walker = await personWith(t, 'r-door-walk', ['payment'], '66');
    const replies = await Promise.all(Array.from({ length: 300 }, (_, i) => fetch(new URL(`/api/members/lookup?q=${phoneOf(i)}`, t.url), { headers: { cookie: walker } })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(300);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect((await send(t, 'GET', `/api/members/lookup?q=${phoneOf(1)}`, undefined, till)).status).toBe(200);
  });
});
