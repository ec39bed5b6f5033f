import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, CommandType, LedgerEntry, PayMethod } from '#protocol';
import { everyMember, memberById } from '#protocol';
import { businessDayOf, closingHourOf } from '#hub/domain/business-day.ts';
import { orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { ANA_FIELDS, BETO_FIELDS } from '#hub/domain/members/test-members.ts';
import { emptyFigures } from '#hub/domain/reports/index.ts';
import { memberDayFigures } from '#hub/domain/reports/members-day.ts';
import { MemberFigures } from '#hub/reports/member-figures.ts';
import { rechargePayMethod } from '#hub/domain/shift/totals.ts';
import { ledgerAgrees, MEMBERS } from '#hub/testing/member-ledger.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import type { Engine } from './engine.ts';
import { readLedgerDay } from './ledger-read.ts';
import { ACTOR, cmd, crashCopy, manualClock, seedMenu, useEngines } from './test-fixtures.ts';

/**
 * "Every report agrees" (issue 22, the ledger property): random recharges (cash and Yape, some
 * with a promotion's bonus), adjustments either way, dinners paid partly by balance and parts of
 * those bills given back to the balance (bill.correct, never past the balance share left), with
 * hours passing over several business days, snapshots, clean restarts and power cuts. A model
 * kept beside the hub counts what it ACCEPTED, per business day. Afterwards, and again after one
 * more restart:
 *  - each member's balance = the sum of their entries in the day files (never below 0, seqs gap-free);
 *  - each day's member figures, folded from that day's ledger file alone (memberDayFigures) and as
 *    the order report and the nightly export read them (hub/reports/member-figures.ts, the stored
 *    day figures' members part), equal the model's day: recharges by method, bonus, balance spent,
 *    refunds to the balance, adjustments; and their balance outstanding at each day's end is the
 *    ledger carried day to day;
 *  - that outstanding ends at the sum of every member's balance.
 */
type Step =
  | { kind: 'recharge'; member: 0 | 1; cents: number; scan: boolean; bonus: number }
  | { kind: 'adjust'; member: 0 | 1; cents: number }
  | { kind: 'dinner'; member: 0 | 1; dishes: number; balanceShare: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'hours'; n: number }
  | { kind: 'snapshot' }
  | { kind: 'restart' }
  | { kind: 'crash' };

const member = fc.constantFrom(0 as const, 1 as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('recharge' as const), member, cents: fc.integer({ min: 1, max: 20_000 }), scan: fc.boolean(), bonus: fc.constantFrom(0, 0, 500) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), member, cents: fc.integer({ min: -15_000, max: 15_000 }).filter((c) => c !== 0) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dinner' as const), member, dishes: fc.integer({ min: 1, max: 3 }), balanceShare: fc.integer({ min: 1, max: 100 }) }) },
  // Part of an earlier balance-paid bill given back to the balance (bill.correct, as the bills page's refund does), in hundredths of its balance share.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hours' as const), n: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'snapshot' as const }, { kind: 'restart' as const }, { kind: 'crash' as const }) },
);

/** What the model expects of one business day's member figures. */
type DayModel = { rechargeCount: number; rechargesByMethod: Partial<Record<PayMethod, number>>; bonusCents: number; spentCents: number; adjustCents: number; refundedCents: number };
const emptyDay = (): DayModel => ({ rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, adjustCents: 0, refundedCents: 0 });

const dirs = useTempDirs('pos-ledger-reports-');
const engines = useEngines();
const VERIFY = [ANA_FIELDS.phone.replace(/\D/g, '').slice(-4), BETO_FIELDS.phone.slice(-4)];

/** Every report the hub's stored files give, checked against the model and the live balances. */
async function reportsAgree(engine: Engine, model: ReadonlyMap<string, DayModel>, today: string): Promise<void> {
  const filedDays = await engine.ledgerDays.days();
  const days = [...new Set([...filedDays, ...model.keys()])].sort();
  const filed: LedgerEntry[] = [];
  // The order report's and the nightly export's reader of the stored day figures' members part, fresh (nothing cached).
  const stored = new MemberFigures(engine);
  const closingHour = closingHourOf(engine.state.settings);
  let outstanding = 0;
  for (const day of days) {
    const entries = await readLedgerDay(engine, day);
    filed.push(...entries);
    const f = memberDayFigures(outstanding, entries, []);
    const { rechargeCount, rechargesByMethod, bonusCents, spentCents, adjustCents } = f;
    const expected = { day, ...(model.get(day) ?? emptyDay()) };
    expect({ day, rechargeCount, rechargesByMethod, bonusCents, spentCents, adjustCents, refundedCents: f.refundedCents }).toEqual(expected);
    outstanding = f.outstandingCents;
    const report = (await stored.complete(emptyFigures(), day, today, closingHour)).members!;
    expect({ day, rechargeCount: report.rechargeCount, rechargesByMethod: report.rechargesByMethod, bonusCents: report.bonusCents, spentCents: report.spentCents, adjustCents: report.adjustCents, refundedCents: report.refundedCents }).toEqual(expected);
    expect([day, report.outstandingCents, report.outstandingDay]).toEqual([day, outstanding, day]);
  }
  expect(new Set(filed.map((e) => e.id)).size).toBe(filed.length);
  const members = [...everyMember(engine.state)];
  for (const m of members) ledgerAgrees(m.balanceCents, m.entries, filed.filter((e) => e.memberId === m.id).sort((a, b) => a.seq - b.seq));
  // The liability the order report shows at the last day's end is what the members hold now.
  expect(outstanding).toBe(members.reduce((n, m) => n + m.balanceCents, 0));
}

describe('every report agrees: balances, the ledger day files and the day figures folded from them', () => {
  it('over random moves across days, restarts and power cuts', async () => {
    let moved = 0;
    let refunds = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        const clock = manualClock('2025-03-14T17:00:00.000Z');
        let dir = await dirs.make();
        const open = (d: string) => engines.open({ dir: d, clock: clock.now, snapshotEvery: 1_000_000 });
        let engine: Engine = await open(dir);
        await seedMenu(engine, clock);
        const submit = (type: CommandType, payload: unknown) => engine.submit(cmd(type, payload as never, clock.iso()), ACTOR);
        const must = async (type: CommandType, payload: unknown) => {
          const r = await submit(type, payload);
          if (!r.ok) throw new Error(`${type} refused: ${r.code} ${r.message ?? ''}`);
        };
        if (!engine.state.openShift) await must('shift.open', { id: 'sh-rep', floatCents: 0 });
        for (const [i, id] of MEMBERS.entries()) await must('member.register', { memberId: id, ...(i === 0 ? ANA_FIELDS : BETO_FIELDS) });
        const model = new Map<string, DayModel>();
        const today = () => {
          const day = businessDayOf(clock.iso(), closingHourOf(engine.state.settings));
          if (!model.has(day)) model.set(day, emptyDay());
          return model.get(day)!;
        };
        let tables = 0;
        /** Bills paid partly by balance, and how much of that share is still refundable. */
        const balanceBills: { bill: Bill; left: number }[] = [];
        for (const st of steps) {
          clock.advance(5 * 60_000);
          if (st.kind === 'snapshot') await engine.snapshot();
          else if (st.kind === 'hours') clock.advance(st.n * 3_600_000);
          else if (st.kind === 'restart') {
            await engine.close();
            engines.release(engine);
            engine = await open(dir);
          } else if (st.kind === 'crash') {
            dir = await crashCopy(dir, path.join(await dirs.make(), 'data'));
            engine = await open(dir);
          } else if (st.kind === 'recharge') {
            const method = st.scan ? 3 : 2;
            await must('member.recharge', { memberId: MEMBERS[st.member], rechargeId: randomUUID(), amountCents: st.cents, bonusCents: st.bonus, method, operationNo: st.scan ? `OP-${st.cents}` : undefined, print: false });
            const d = today();
            d.rechargeCount += 1;
            d.rechargesByMethod[rechargePayMethod(method)] = (d.rechargesByMethod[rechargePayMethod(method)] ?? 0) + st.cents;
            d.bonusCents += st.bonus;
            moved++;
          } else if (st.kind === 'refund') {
            const target = balanceBills.length === 0 ? null : balanceBills[st.pick % balanceBills.length]!;
            if (!target) continue;
            const amountCents = Math.max(1, Math.floor((target.left * st.share) / 100));
            const memberId = target.bill.member!.id;
            const before = memberById(engine.state, memberId)!.balanceCents;
            const r = await engine.submit(cmd('bill.correct', { bill: target.bill, request: { kind: 'refund', lines: [], amountCents, reason: 'prueba', method: 'balance' } }, clock.iso()), ACTOR);
            // Never more than the balance share not yet given back (REFUND_TOO_LARGE, nothing changes).
            expect(r.ok ? 'ok' : r.code).toBe(amountCents > target.left ? 'REFUND_TOO_LARGE' : 'ok');
            if (r.ok) {
              target.left -= amountCents;
              today().refundedCents += amountCents;
              refunds++;
            }
            expect(memberById(engine.state, memberId)!.balanceCents).toBe(before + (r.ok ? amountCents : 0));
          } else if (st.kind === 'adjust') {
            const balance = memberById(engine.state, MEMBERS[st.member])!.balanceCents;
            const r = await submit('member.adjust', { memberId: MEMBERS[st.member], entryId: randomUUID(), cents: st.cents, reason: 'prueba' });
            expect(r.ok ? 'ok' : r.code).toBe(balance + st.cents < 0 ? 'INSUFFICIENT_BALANCE' : 'ok');
            if (r.ok) {
              today().adjustCents += st.cents;
              moved++;
            }
          } else {
            const memberId = MEMBERS[st.member];
            const tableId = `t-rep${++tables}`;
            const orderId = randomUUID();
            await must('table.save', { id: tableId, areaId: 'area-salon', name: `R${tables}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 900 + tables });
            await must('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
            await must('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: st.dishes, remark: '' }], send: true });
            await must('order.attachMember', { orderId, memberId, verify: VERIFY[st.member]! });
            const total = orderTotals(getOwn(engine.state.orders, orderId)!, 0).totalCents;
            const share = Math.max(1, Math.floor((total * st.balanceShare) / 100));
            const balance = memberById(engine.state, memberId)!.balanceCents;
            const note = { kind: 'note', docId: '', name: '' };
            const paid = await submit('order.settle', { orderId, payments: [{ method: 'balance', amountCents: share }, ...(share < total ? [{ method: 'cash', amountCents: total - share }] : [])], document: note, print: false });
            expect(paid.ok ? 'ok' : paid.code).toBe(share > balance ? 'INSUFFICIENT_BALANCE' : 'ok');
            if (paid.ok) {
              today().spentCents += share;
              moved++;
              const settled = (engine.changesSince(engine.seq - 1) ?? []).flatMap((c) => c.events).find((e) => e.type === 'order.settled');
              if (settled?.type === 'order.settled') balanceBills.push({ bill: settled.bill, left: share });
            } else await must('order.settle', { orderId, payments: [{ method: 'cash', amountCents: total }], document: note, print: false });
          }
        }
        await engine.snapshot();
        const dayNow = businessDayOf(clock.iso(), closingHourOf(engine.state.settings));
        await reportsAgree(engine, model, dayNow);
        // And read again by the next start of the hub: the stored files tell the same story.
        await engine.close();
        engines.release(engine);
        engine = await open(dir);
        await reportsAgree(engine, model, dayNow);
      }),
      { numRuns: 12 },
    );
    expect(moved).toBeGreaterThan(0);
    expect(refunds).toBeGreaterThan(0);
  }, 240_000);
});
