import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RechargeDetailRow, ShiftDayPage, ShiftReportResponse } from '#protocol';
import { DEMO_OWNER, getJson, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { asOwner, personWith } from '../coupons/test-coupon-hub.ts';

/**
 * The shift report's "member recharge details" (SPEC.md section 3, issue 22) through the real
 * app: each recharge of the shift with its member, method, reference and cashier, read from
 * memory, the ledger day file after a snapshot, and after a restart; a recharge of the next
 * shift stays out of the closed one; the member shows as a bill shows them, nothing personal.
 */

let dataDir = '';
let t: TestHub;
const ana = randomUUID();
const luis = randomUUID();
let closedId = '';
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const report = async (p: string) => (await getJson<ShiftReportResponse>(t.url, p, { cookie: t.cookie })).body.report;
const summary = (rows: readonly RechargeDetailRow[] | undefined) => (rows ?? []).map((r) => [r.memberName, r.method, r.payMethod, r.amountCents, r.bonusCents, r.reference, r.bank, r.cashier]);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-shift-recharges-'));
  t = await startTestHub({ dataDir });
  await asOwner(t, 'member.register', { memberId: ana, phone: '987 111 222', lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: '41234567', email: 'ana.recarga@correo.pe' });
  await asOwner(t, 'member.register', { memberId: luis, phone: '912 333 444', lastName: 'Ñahui', name: 'Luis', gender: 1, regMethod: 1, docId: '07654321' });
  await asOwner(t, 'member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 5_000, method: 3, operationNo: 'YP-12345', print: false });
  await asOwner(t, 'member.recharge', { memberId: luis, rechargeId: randomUUID(), amountCents: 2_000, bonusCents: 500, method: 2, print: false });
  await asOwner(t, 'member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 10_000, method: 4, bank: 'BCP', cardNo: '4321', certificate: 'CERT-9', print: false });
  await asOwner(t, 'member.adjust', { memberId: ana, entryId: randomUUID(), cents: -500, reason: 'Corrección' });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const owner = () => DEMO_OWNER.name;
const EXPECTED = () => [
  ['Ana P.', 3, 'yape', 5_000, 0, 'YP-12345', '', owner()],
  ['Luis Ñ.', 2, 'cash', 2_000, 500, '', '', owner()],
  ['Ana P.', 4, 'transfer', 10_000, 0, 'CERT-9', 'BCP', owner()],
];

describe('member recharge details in the shift report', () => {
  let expected: unknown[] = [];
  it('the open shift lists each recharge (not the adjustment), agreeing with its totals', async () => {
    expected = EXPECTED();
    const r = await report('/api/shifts/current/report');
    expect(summary(r.rechargeDetails)).toEqual(expected);
    expect(r.rechargeDetails!.map((x) => x.orderNo)).toEqual([...r.rechargeDetails!.map((x) => x.orderNo)].sort((a, b) => a - b));
    expect(r.rechargeDetails!.reduce((s, x) => s + x.amountCents, 0)).toBe(r.memberRechargeCents);
    expect(r.rechargeDetails).toHaveLength(r.memberRechargeCount);
  });

  it('holds no phone, e-mail or document of the member', async () => {
    const text = JSON.stringify(await report('/api/shifts/current/report'));
    for (const planted of ['987111222', 'ana.recarga@correo.pe', '41234567', '07654321', 'Pérez']) expect(text).not.toContain(planted);
  });

  it('the closed shift reads the same from its ledger day file and after a restart; the next shift has its own', async () => {
    closedId = t.hub.engine.state.openShift!.id;
    await asOwner(t, 'shift.close', { counted: expectedByMethod(t.hub.engine.state.openShift!), note: '' });
    await asOwner(t, 'shift.open', { id: 'sh-after', floatCents: 0 });
    await asOwner(t, 'member.recharge', { memberId: luis, rechargeId: randomUUID(), amountCents: 700, method: 2, print: false });
    const closed = () => report(`/api/shifts/${closedId}/report?day=${today()}`);
    expect(summary((await closed()).rechargeDetails)).toEqual(expected);
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentFiledLedger()).toEqual([]);
    expect(summary((await closed()).rechargeDetails)).toEqual(expected);
    await t.hub.close();
    t = await startTestHub({ dataDir });
    expect(summary((await closed()).rechargeDetails)).toEqual(expected);
    expect(summary((await report('/api/shifts/current/report')).rechargeDetails)).toEqual([['Luis Ñ.', 2, 'cash', 700, 0, '', '', expect.any(String)]]);
    const day = (await getJson<ShiftDayPage>(t.url, `/api/shifts?day=${today()}`, { cookie: t.cookie })).body;
    expect(day.shifts.map((s) => s.id)).toContain(closedId);
  });

  it('an erased member shows by number only; who may not read the report is refused', async () => {
    await asOwner(t, 'member.erase', { memberId: luis, reason: 'Lo pidió' });
    const rows = (await report('/api/shifts/current/report')).rechargeDetails!;
    expect(rows.map((r) => [r.memberName, r.memberNo, r.amountCents])).toEqual([['', expect.stringMatching(/^\d{6}$/), 700]]);
    const waiter = await personWith(t, 'r-no-drawer', ['M001'], '71');
    const refused = await getJson<{ code: string }>(t.url, '/api/shifts/current/report', { cookie: waiter });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
