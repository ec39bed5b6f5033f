import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';

/**
 * kill -9 around issuing coupons: a batch answered before the kill keeps exactly its codes after
 * the restart; a batch whose request the kill cut is, when the owner retries it, issued once
 * (either recorded before the kill, then answered as it is, or not at all, then issued now); and
 * no code is ever issued twice (the restarted hub's index and rules know every code on disk).
 */
let hub: ChildHub | null = null;
let dir = '';
afterEach(async () => {
  await hub?.kill9();
  hub = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const owner = DEMO_STAFF[0]!;

async function post(url: string, cookie: string, body: unknown): Promise<number> {
  try {
    const res = await fetch(new URL('/api/coupons/batches', url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    await res.json();
    return res.status;
  } catch {
    return 0; // the hub died under it
  }
}

async function codes(url: string, cookie: string, batchId: string): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const res = await fetch(new URL(`/api/coupons?batchId=${batchId}&limit=200&offset=${offset}`, url), { headers: { cookie } });
    const page = (await res.json()) as { coupons: { code: string }[]; more: boolean };
    out.push(...page.coupons.map((c) => c.code));
    if (!page.more) return out;
  }
}

const batch = (prefix: string, quantity: number) => ({ batchId: randomUUID(), prefix, name: prefix, deductionCents: 500, category: 2, expiresOn: '2099-12-31', quantity });

describe('coupons across kill -9', () => {
  it('codes answered before the kill survive it; a cut request retried issues once; no code twice', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-coupons-crash-'));
    const port = await freePort();
    hub = await spawnHub({ dataDir: dir, port });
    let cookie = await signedIn(hub.url, owner.code, owner.pin, 'crash-owner');

    const kept = batch('KEPT', 2_000);
    expect(await post(hub.url, cookie, kept)).toBe(201);
    const keptCodes = await codes(hub.url, cookie, kept.batchId);
    expect(keptCodes).toHaveLength(2_000);

    // A large batch in flight when the power goes.
    const cut = batch('CUT', 10_000);
    const inFlight = post(hub.url, cookie, cut);
    await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 40)));
    await hub.kill9();
    const before = await inFlight;

    hub = await spawnHub({ dataDir: dir, port, demo: false });
    cookie = await signedIn(hub.url, owner.code, owner.pin, 'crash-owner');
    expect(await codes(hub.url, cookie, kept.batchId)).toEqual(keptCodes);
    // The owner retries the cut batch: 201 if the kill came before it was written, 200 (the same batch) if after.
    const retried = await post(hub.url, cookie, cut);
    expect(before === 201 ? [200] : [200, 201]).toContain(retried);
    const cutCodes = await codes(hub.url, cookie, cut.batchId);
    expect(cutCodes).toHaveLength(10_000);

    const fresh = batch('KEPT', 2_000);
    expect(await post(hub.url, cookie, fresh)).toBe(201);
    const all = [...keptCodes, ...cutCodes, ...(await codes(hub.url, cookie, fresh.batchId))];
    expect(new Set(all).size).toBe(all.length);
  }, 120_000);
});
