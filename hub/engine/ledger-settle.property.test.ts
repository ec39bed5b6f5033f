import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandType, LedgerEntry } from '#protocol';
import { everyMember, memberById } from '#protocol';
import { orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { ANA_FIELDS, BETO_FIELDS } from '#hub/domain/members/test-members.ts';
import { ledgerAgrees, MEMBERS } from '#hub/testing/member-ledger.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import type { Engine } from './engine.ts';
import { readLedgerDay } from './ledger-read.ts';
import { ACTOR, cmd, crashCopy, manualClock, seedMenu, useEngines } from './test-fixtures.ts';

/**
 * The members' ledger with real spends: dinners whose member is attached at the till and whose bill
 * is paid partly by balance (`order.settle`, payments' rule, which builds the spend with core's
 * `ledgerEntry` in the settlement's own record), between recharges and adjustments either way, with
 * snapshots, restarts and power cuts at random moments. After a last snapshot: every balance is the
 * sum of its entries in the business-day files (each once), never below 0, seqs without a gap, and
 * each spend names its bill.
 */
type Step =
  | { kind: 'recharge' | 'adjust'; member: 0 | 1; cents: number }
  | { kind: 'dinner'; member: 0 | 1; dishes: number; balanceShare: number }
  | { kind: 'snapshot' | 'restart' | 'crash' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('recharge' as const), member: fc.constantFrom(0 as const, 1 as const), cents: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), member: fc.constantFrom(0 as const, 1 as const), cents: fc.integer({ min: -15_000, max: 15_000 }).filter((c) => c !== 0) }) },
  // The share of the bill the balance pays, in hundredths (the rest in cash): may exceed the balance.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('dinner' as const), member: fc.constantFrom(0 as const, 1 as const), dishes: fc.integer({ min: 1, max: 4 }), balanceShare: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'snapshot' as const }, { kind: 'restart' as const }, { kind: 'crash' as const }) },
);

const dirs = useTempDirs('pos-ledger-settle-');
const engines = useEngines();
const PHONES = [ANA_FIELDS.phone.replace(/\D/g, '').slice(-4), BETO_FIELDS.phone.slice(-4)];

describe('the members\' ledger with balance payments, across restarts and power cuts', () => {
  it('every balance = the sum of its entries in the day files; spends name their bill; never negative', async () => {
    let spends = 0;
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
        if (!engine.state.openShift) await must('shift.open', { id: 'sh-p', floatCents: 0 });
        for (const [i, id] of MEMBERS.entries()) await must('member.register', { memberId: id, ...(i === 0 ? ANA_FIELDS : BETO_FIELDS) });
        let tables = 0;
        for (const st of steps) {
          clock.advance(7 * 60_000);
          if (st.kind === 'snapshot') await engine.snapshot();
          else if (st.kind === 'restart') {
            await engine.close();
            engines.release(engine);
            engine = await open(dir);
          } else if (st.kind === 'crash') {
            dir = await crashCopy(dir, path.join(await dirs.make(), 'data'));
            engine = await open(dir);
          } else if (st.kind === 'dinner') {
            const memberId = MEMBERS[st.member];
            const tableId = `t-led${++tables}`;
            const orderId = randomUUID();
            await must('table.save', { id: tableId, areaId: 'area-salon', name: `L${tables}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 900 + tables });
            await must('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
            await must('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: st.dishes, remark: '' }], send: true });
            await must('order.attachMember', { orderId, memberId, verify: PHONES[st.member]! });
            const order = getOwn(engine.state.orders, orderId)!;
            const total = orderTotals(order, 0).totalCents;
            const share = Math.max(1, Math.floor((total * st.balanceShare) / 100));
            const balance = memberById(engine.state, memberId)!.balanceCents;
            const settle = (payments: object[]) => submit('order.settle', { orderId, payments, document: { kind: 'note', docId: '', name: '' }, print: false });
            const paid = await settle([{ method: 'balance', amountCents: share }, ...(share < total ? [{ method: 'cash', amountCents: total - share }] : [])]);
            expect(paid.ok ? 'ok' : paid.code).toBe(share > balance ? 'INSUFFICIENT_BALANCE' : 'ok');
            if (paid.ok) spends++;
            if (!paid.ok) await must('order.settle', { orderId, payments: [{ method: 'cash', amountCents: total }], document: { kind: 'note', docId: '', name: '' }, print: false });
          } else if (st.kind === 'recharge' || st.kind === 'adjust') {
            const id = MEMBERS[st.member];
            const balance = memberById(engine.state, id)!.balanceCents;
            const reply =
              st.kind === 'recharge'
                ? await submit('member.recharge', { memberId: id, rechargeId: randomUUID(), amountCents: st.cents, method: 2, print: false })
                : await submit('member.adjust', { memberId: id, entryId: randomUUID(), cents: st.cents, reason: 'prueba' });
            expect(reply.ok ? 'ok' : reply.code).toBe(balance + st.cents < 0 ? 'INSUFFICIENT_BALANCE' : 'ok');
          }
        }
        await engine.snapshot();
        const filed: LedgerEntry[] = [];
        for (const day of await engine.ledgerDays.days()) filed.push(...(await readLedgerDay(engine, day)));
        for (const m of everyMember(engine.state)) ledgerAgrees(m.balanceCents, m.entries, filed.filter((e) => e.memberId === m.id).sort((a, b) => a.seq - b.seq));
        expect(new Set(filed.map((e) => e.id)).size).toBe(filed.length);
        for (const e of filed.filter((x) => x.kind === 'spend')) expect(e.billId).not.toBeNull();
      }),
      { numRuns: 10 },
    );
    // The runs did pay by balance (not only refusals).
    expect(spends).toBeGreaterThan(0);
  }, 180_000);
});
