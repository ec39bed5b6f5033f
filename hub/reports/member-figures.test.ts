import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CouponBatch, LedgerEntry } from '#protocol';
import { emptyFigures } from '#hub/domain/reports/index.ts';
import { LedgerDays, type FiledLedger } from '#hub/store/ledger-days.ts';
import { MemberFigures } from './member-figures.ts';

/**
 * The members part of the stored day figures, read from real ledger day files: the balance
 * outstanding at each day's end is the sum of the ledger up to it (carried over days without
 * moves), the tail still in memory counts, a line written twice counts once, and the coupon
 * batches give issued and expired.
 */

const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

let n = 0;
function entry(day: string, kind: LedgerEntry['kind'], cents: number, method: 2 | 3 | 4 = 2): LedgerEntry {
  n++;
  const recharge = kind === 'recharge' ? { no: n, method, amountCents: cents, bonusCents: 0, operationNo: '', bank: '', cardNo: '', certificate: '', accountName: '', arrivedAt: null, shiftId: 'sh' } : null;
  return { id: `e-${n}`, memberId: 'm-1', memberNo: '000001', seq: n, kind, cents, balanceAfterCents: 0, day, at: `${day}T20:00:00.000Z`, by: null, approver: null, reason: '', billId: null, billDay: null, recharge };
}

async function source(filed: FiledLedger[], recent: FiledLedger[] = [], batches: CouponBatch[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'pos-member-figures-'));
  roots.push(dir);
  const ledgerDays = new LedgerDays(dir, -300);
  await ledgerDays.append(filed);
  return { ledgerDays, recentFiledLedger: () => recent, state: { couponBatches: Object.fromEntries(batches.map((b) => [b.id, b])) } };
}

describe('MemberFigures', () => {
  it('the outstanding at each day end is the ledger summed up to it, carried across quiet days', async () => {
    const s = await source([
      { seq: 1, entries: [entry('2026-11-20', 'recharge', 10_000)] },
      { seq: 2, entries: [entry('2026-11-22', 'spend', -3_000), entry('2026-11-22', 'recharge', 500, 3)] },
    ]);
    const m = new MemberFigures(s);
    const today = '2026-11-28';
    expect(await m.outstandingAtEndOf('2026-11-19', today)).toBe(0);
    expect(await m.outstandingAtEndOf('2026-11-20', today)).toBe(10_000);
    expect(await m.outstandingAtEndOf('2026-11-21', today)).toBe(10_000);
    expect(await m.outstandingAtEndOf('2026-11-25', today)).toBe(7_500);
    const day = await m.complete(emptyFigures(), '2026-11-22', today, 4);
    expect(day.members).toMatchObject({ rechargeCount: 1, rechargesByMethod: { yape: 500 }, spentCents: 3_000, outstandingCents: 7_500, outstandingDay: '2026-11-22' });
  });

  it("today adds the tail still in memory to yesterday's end, and a line filed and still in memory counts once", async () => {
    const yesterday: FiledLedger = { seq: 1, entries: [entry('2026-11-27', 'recharge', 4_000)] };
    const todayLine: FiledLedger = { seq: 2, entries: [entry('2026-11-28', 'adjust', -1_000)] };
    // A crash wrote today's line to its day file already; the tail holds it too.
    const s = await source([yesterday, todayLine], [todayLine, { seq: 3, entries: [entry('2026-11-28', 'refund', 250)] }]);
    const m = new MemberFigures(s);
    const day = await m.complete(emptyFigures(), '2026-11-28', '2026-11-28', 4);
    expect(day.members).toMatchObject({ adjustCents: -1_000, refundedCents: 250, outstandingCents: 3_250, outstandingDay: '2026-11-28' });
  });

  it('a finished day whose moves are all still in memory is folded too', async () => {
    const s = await source([], [{ seq: 1, entries: [entry('2026-11-27', 'recharge', 900)] }]);
    expect(await new MemberFigures(s).outstandingAtEndOf('2026-11-27', '2026-11-28')).toBe(900);
  });

  it('keeps the coupons the bills redeemed and adds issued and expired from the batches', async () => {
    const b: CouponBatch = { id: 'b-1', code: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 1, expiresOn: '2026-11-28', quantity: 20, issuedAt: '2026-11-28T15:00:00.000Z', issuedBy: null, redeemed: 5, voided: false };
    const s = await source([], [], [b]);
    const fromArchive = { ...emptyFigures(), members: { rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0, outstandingCents: 0, outstandingDay: '', couponsIssued: 0, couponsRedeemed: 5, couponDiscountCents: 5_000, couponsExpired: 0 } };
    const day = await new MemberFigures(s).complete(fromArchive, '2026-11-28', '2026-11-29', 4);
    expect(day.members).toMatchObject({ couponsIssued: 20, couponsRedeemed: 5, couponDiscountCents: 5_000, couponsExpired: 15 });
  });

  it('two reports asking at once fold each day once', async () => {
    const s = await source([{ seq: 1, entries: [entry('2026-11-20', 'recharge', 1_000)] }, { seq: 2, entries: [entry('2026-11-21', 'recharge', 1_000)] }]);
    const m = new MemberFigures(s);
    const got = await Promise.all([m.outstandingAtEndOf('2026-11-21', '2026-11-28'), m.outstandingAtEndOf('2026-11-21', '2026-11-28'), m.outstandingAtEndOf('2026-11-20', '2026-11-28')]);
    expect(got).toEqual([2_000, 2_000, 1_000]);
  });

  it('a torn last line (a power cut) and stray files in the ledger folder are skipped, never thrown', async () => {
    const s = await source([{ seq: 1, entries: [entry('2026-11-20', 'recharge', 1_000)] }]);
    await appendFile(join(s.ledgerDays.dir, '2026-11-20.jsonl'), '{"seq":2,"entries":[{"id":"torn","cents":99999');
    await writeFile(join(s.ledgerDays.dir, '__proto__.jsonl'), '{"seq":3}\n');
    await writeFile(join(s.ledgerDays.dir, '2026-11-21.jsonl.tmp'), 'garbage');
    const m = new MemberFigures(s);
    expect(await m.outstandingAtEndOf('2026-11-27', '2026-11-28')).toBe(1_000);
    expect((await m.complete(emptyFigures(), '2026-11-20', '2026-11-28', 4)).members).toMatchObject({ rechargeCount: 1, outstandingCents: 1_000 });
  });

  it('a report asking day by day lists the ledger folder once (every finished day folded at the first ask), again only on a new day', async () => {
    const s = await source([{ seq: 1, entries: [entry('2026-11-01', 'recharge', 700)] }]);
    let listed = 0;
    const days = s.ledgerDays.days.bind(s.ledgerDays);
    s.ledgerDays.days = () => {
      listed++;
      return days();
    };
    const m = new MemberFigures(s);
    for (let d = 2; d <= 27; d++) expect(await m.outstandingAtEndOf(`2026-11-${String(d).padStart(2, '0')}`, '2026-11-28')).toBe(700);
    expect(listed).toBe(1);
    expect(await m.outstandingAtEndOf('2026-11-28', '2026-11-29')).toBe(700);
    expect(listed).toBe(2);
  });
});
