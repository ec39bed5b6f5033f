import { randomUUID } from 'node:crypto';
import { startHub } from '#hub/server.ts';
import { ownerOn } from './owner-session.ts';
import { fmtInt, fmtMs, isMain, passText, printResult, removeDir, row, scratchDir, summarize, type BenchResult } from './common.ts';

/**
 * The M004 coupon search with 50,000 coupons (issue 22): five batches of 10,000 issued through
 * POST /api/coupons/batches on a real hub, 200 coupons gifted, then GET /api/coupons timed from
 * the request to the whole answer, for what an owner types: a whole code (one keyed read), a part
 * of a code (the index walked newest first until a page is full), a status, a batch's page deep
 * in it, a member's coupons, and a part that matches nothing (the worst case: every key read).
 */
export type CouponSearchOptions = { batches: number; perBatch: number; rounds: number };
export const DEFAULT_COUPON_SEARCH: CouponSearchOptions = { batches: 5, perBatch: 10_000, rounds: 60 };
const GOAL_P99_MS = 50;

async function getJson(url: string, cookie: string, path: string): Promise<{ ms: number; body: { coupons: { code: string }[] } }> {
  const t0 = performance.now();
  const res = await fetch(new URL(path, url), { headers: { cookie } });
  const body = (await res.json()) as { coupons: { code: string }[] };
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return { ms: performance.now() - t0, body };
}

export async function run(partial: Partial<CouponSearchOptions> = {}, log: (m: string) => void = () => undefined): Promise<BenchResult> {
  const o = { ...DEFAULT_COUPON_SEARCH, ...partial };
  const dir = await scratchDir('coupon-search');
  const hub = await startHub({ dataDir: dir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  try {
    const cookie = await ownerOn(hub.url, 'bench-coupons');
    const batchIds: string[] = [];
    const issueMs: number[] = [];
    for (let b = 0; b < o.batches; b++) {
      const batchId = randomUUID();
      const t0 = performance.now();
      const res = await fetch(new URL('/api/coupons/batches', hub.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ batchId, prefix: `B${b}`, name: `Lote ${b}`, deductionCents: 500, category: 1 + (b % 2), expiresOn: '2099-12-31', quantity: o.perBatch }),
      });
      await res.json();
      if (res.status !== 201) throw new Error(`issue: ${res.status}`);
      issueMs.push(performance.now() - t0);
      batchIds.push(batchId);
    }
    log(`${fmtInt(o.batches * o.perBatch)} coupons issued`);
    // 200 gifts to 20 members, through the real commands.
    const members = Array.from({ length: 20 }, () => randomUUID());
    for (const [i, memberId] of members.entries()) {
      const r = await hub.engine.submit({ id: randomUUID(), type: 'member.register', payload: { memberId, phone: `9${String(10_000_000 + i).padStart(8, '0')}`, lastName: 'Banco', name: `Socio ${i}`, gender: 0, regMethod: 3 }, deviceId: 'bench', at: new Date().toISOString() }, { staffId: null, deviceId: 'bench' });
      if (!r.ok) throw new Error(`register: ${r.code}`);
    }
    const some = (await getJson(hub.url, cookie, `/api/coupons?batchId=${batchIds[0]}&limit=200`)).body.coupons.map((c) => c.code);
    for (const [i, code] of some.entries()) {
      const r = await hub.engine.submit({ id: randomUUID(), type: 'coupon.gift', payload: { code, memberId: members[i % members.length]! }, deviceId: 'bench', at: new Date().toISOString() }, { staffId: null, deviceId: 'bench' });
      if (!r.ok) throw new Error(`gift: ${r.code}`);
    }

    const kinds: Record<string, (i: number) => string> = {
      'whole code': (i) => `/api/coupons?q=${encodeURIComponent(some[i % some.length]!.toLowerCase())}`,
      'part of a code': (i) => `/api/coupons?q=${some[i % some.length]!.slice(-4)}`,
      'status unused': () => '/api/coupons?status=unused',
      'batch page at 9,000': (i) => `/api/coupons?batchId=${batchIds[i % batchIds.length]}&offset=9000`,
      "a member's coupons": (i) => `/api/coupons?memberId=${members[i % members.length]}`,
      'a part matching nothing': () => '/api/coupons?q=ZZZZZZ9',
    };
    const rows = [];
    const figures: Record<string, number> = { coupons: o.batches * o.perBatch, issue10kP50Ms: summarize(issueMs).p50 };
    for (const [k, [name, path]] of Object.entries(kinds).entries()) {
      const reader = await ownerOn(hub.url, `bench-coupons-${k}`);
      for (let i = 0; i < 5; i++) await getJson(hub.url, reader, path(i)); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < o.rounds; i++) ms.push((await getJson(hub.url, reader, path(i))).ms);
      const s = summarize(ms);
      figures[`${name} p99`] = s.p99;
      const pass = s.p99 < GOAL_P99_MS;
      rows.push(row(`coupon search: ${name} p50/p99`, `${fmtMs(s.p50)} / ${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS} ms`, '-', passText(pass, `${fmtInt(o.batches * o.perBatch)} coupons`), pass));
    }
    rows.push(row('coupon batch of 10,000 issued (POST) p50', `${fmtMs(summarize(issueMs).p50)} ms`, '-', '-', 'figure'));
    return { name: 'coupons', rows, figures, notes: [`${o.rounds} requests per kind after 5 warm-ups, one at a time, over HTTP on 127.0.0.1`] };
  } finally {
    await hub.close();
    await removeDir(dir);
  }
}

if (isMain(import.meta.url)) printResult(await run({}, (m) => console.log(`  ${m}`)));
