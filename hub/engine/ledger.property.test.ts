import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '#protocol';
import { everyMember, memberById } from '#protocol';
import { ledgerAgrees, MEMBERS, move, type Move } from '#hub/testing/member-ledger.ts';
import { ANA_FIELDS, BETO_FIELDS } from '#hub/domain/members/test-members.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import type { Engine } from './engine.ts';
import { readLedgerDay } from './ledger-read.ts';
import { ACTOR, cmd, crashCopy, manualClock, seedMenu, useEngines } from './test-fixtures.ts';

/**
 * The members' ledger on a hub's store on disk (hub/domain/members/README.md "The ledger"): random
 * recharges and adjustments either way (spends and refunds as negative and positive moves until
 * payments' balance settlement is in), with snapshots, clean restarts and power cuts (a copy of
 * the data directory as it was, opened by a new engine) at random moments. After a last snapshot
 * the business-day files hold every entry exactly once, and each member's balance is the sum of
 * their entries there, never below 0, with seqs 0, 1, 2... without a gap.
 */

type DiskStep = Move | { kind: 'snapshot' } | { kind: 'restart' } | { kind: 'crash' } | { kind: 'hours'; n: number };
const diskStep: fc.Arbitrary<DiskStep> = fc.oneof(
  { weight: 8, arbitrary: move.map((m) => (m.kind === 'spend' || m.kind === 'refund' ? { ...m, kind: 'adjust' as const, cents: m.kind === 'spend' ? -m.cents : m.cents } : m)) },
  { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'crash' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map((n) => ({ kind: 'hours' as const, n })) },
);

const dirs = useTempDirs('pos-ledger-property-');
const engines = useEngines();

describe('the members\' ledger on disk, across snapshots, restarts and power cuts', () => {
  it('every balance = the sum of its entries in the day files, never negative, seqs gap-free', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(diskStep, { minLength: 5, maxLength: 40 }), async (steps) => {
        const clock = manualClock('2025-03-14T15:00:00.000Z');
        let dir = await dirs.make();
        const open = (d: string) => engines.open({ dir: d, clock: clock.now, snapshotEvery: 1_000_000 });
        let engine: Engine = await open(dir);
        await seedMenu(engine, clock);
        const submit = (type: Parameters<typeof cmd>[0], payload: unknown) => engine.submit(cmd(type, payload as never, clock.iso()), ACTOR);
        if (!engine.state.openShift) expect((await submit('shift.open', { id: 'sh-p', floatCents: 0 })).ok).toBe(true);
        for (const [i, id] of MEMBERS.entries()) expect((await submit('member.register', { memberId: id, ...(i === 0 ? ANA_FIELDS : BETO_FIELDS) })).ok).toBe(true);
        for (const st of steps) {
          if (st.kind === 'snapshot') await engine.snapshot();
          else if (st.kind === 'hours') clock.advance(st.n * 3_600_000);
          else if (st.kind === 'restart') {
            await engine.close();
            engines.release(engine);
            engine = await open(dir);
          } else if (st.kind === 'crash') {
            // The data directory as it is this instant, opened by a new hub; the old one is left behind.
            dir = await crashCopy(dir, path.join(await dirs.make(), 'data'));
            engine = await open(dir);
          } else {
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
        expect(engine.recentFiledLedger()).toEqual([]);
        for (const m of everyMember(engine.state)) {
          ledgerAgrees(m.balanceCents, m.entries, filed.filter((e) => e.memberId === m.id).sort((a, b) => a.seq - b.seq));
        }
        // Nothing filed twice: one line per entry id.
        expect(new Set(filed.map((e) => e.id)).size).toBe(filed.length);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
