import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, OrderReport } from '#protocol';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { batchBody } from '../coupons/test-coupon-hub.ts';

/**
 * The order report's member figures (issue 22) through the real app: recharges by method,
 * adjustments, coupons issued, and the balance outstanding at the end of each day as the
 * ledger recorded it; a finished day is stored with them and reads the same after a restart,
 * even after the member's balance moved on and the member was erased.
 */

const DAY_MS = 86_400_000;
/** Hub time: 2026-11-20 10:00 in Lima, one day back while yesterday's moves are made. */
const NOW = Date.parse('2026-11-20T15:00:00Z');
let shiftMs = -DAY_MS;
const clock = () => new Date(NOW + shiftMs);
let dataDir = '';
let t: TestHub;
let cookie = '';
const ana = randomUUID();

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload, { at: clock().toISOString() }), {}, { cookie });
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code}`);
}
async function members(from: string, to: string): Promise<OrderReport['figures']['members']> {
  const r = await getJson<OrderReport>(t.url, `/api/reports/orders?from=${from}&to=${to}`, { cookie });
  expect(r.status).toBe(200);
  return r.body.figures.members;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-members-report-'));
  t = await startTestHub({ clock, dataDir });
  cookie = t.cookie;
  // Yesterday (the 19th): a member, a cash recharge with a bonus, a batch of coupons.
  await asOwner('member.register', { memberId: ana, phone: '987 111 222', lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: '41234567' });
  await asOwner('member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 5_000, bonusCents: 500, method: 2, print: false });
  const batch = await fetch(new URL('/api/coupons/batches', t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(batchBody({ quantity: 4 })) });
  expect(batch.status).toBe(201);
  // Today (the 20th): a Yape recharge and an adjustment down.
  shiftMs = 0;
  cookie = await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin);
  await asOwner('member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 2_000, method: 3, operationNo: 'YP-1', print: false });
  await asOwner('member.adjust', { memberId: ana, entryId: randomUUID(), cents: -700, reason: 'Corrección' });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('member figures in the order report', () => {
  it("yesterday alone: its recharge, its bonus, its coupons and the balance at its end", async () => {
    expect(await members('2026-11-19', '2026-11-19')).toMatchObject({
      rechargeCount: 1, rechargesByMethod: { cash: 5_000 }, bonusCents: 500, adjustCents: 0,
      outstandingCents: 5_500, outstandingDay: '2026-11-19', couponsIssued: 4, couponsRedeemed: 0, couponsExpired: 0,
    });
  });

  it('yesterday and today: flows added, the outstanding at the end of the last day', async () => {
    expect(await members('2026-11-19', '2026-11-20')).toMatchObject({
      rechargeCount: 2, rechargesByMethod: { cash: 5_000, yape: 2_000 }, bonusCents: 500, adjustCents: -700, spentCents: 0,
      outstandingCents: 6_800, outstandingDay: '2026-11-20', couponsIssued: 4,
    });
  });

  it('a range of days before any member carries zero', async () => {
    expect(await members('2026-11-01', '2026-11-02')).toMatchObject({ rechargeCount: 0, outstandingCents: 0, outstandingDay: '2026-11-02' });
  });

  it('the finished day is stored with its member figures and reads the same after a restart and an erasure', async () => {
    await t.hub.reports.flush();
    const stored = JSON.parse(await readFile(path.join(dataDir, 'reports', 'days', '2026-11-19.json'), 'utf8')) as { version: string; figures: OrderReport['figures'] };
    expect(stored.version).toMatch(/^f4-/);
    expect(stored.figures.members).toMatchObject({ outstandingCents: 5_500, rechargeCount: 1 });
    await asOwner('member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 1_000, method: 2, print: false });
    await asOwner('member.erase', { memberId: ana, reason: 'Lo pidió' });
    await t.hub.close();
    t = await startTestHub({ clock, dataDir, signIn: false });
    cookie = await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin);
    expect(await members('2026-11-19', '2026-11-19')).toMatchObject({ outstandingCents: 5_500, rechargeCount: 1, couponsIssued: 4 });
    expect(await members('2026-11-20', '2026-11-20')).toMatchObject({ rechargeCount: 2, outstandingCents: 7_800 });
  });

  it('holds no phone, name or document of a member', async () => {
    const r = await getJson<OrderReport>(t.url, '/api/reports/orders?from=2026-11-19&to=2026-11-20', { cookie });
    const text = JSON.stringify(r.body);
    for (const planted of ['987111222', '41234567', 'Pérez']) expect(text).not.toContain(planted);
  });
});
