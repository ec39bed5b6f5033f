import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandPayload } from '#protocol';
import { memberById } from '#protocol';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { readLedgerDay, readMemberLedger } from './ledger-read.ts';
import { cmd, crashCopy, DAY_MS, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';

/**
 * Members' balance moves go to their business-day files (`members-ledger/`) at snapshot time.
 * A power cut before a snapshot leaves them only in the log: the hub started again files them
 * from the log, once; a second snapshot adds nothing; the readers see the tail in memory too.
 */
const dirs = useTempDirs('pos-ledger-crash-');
const engines = useEngines();

function register(memberId: string, phone: string, docId: string): CommandPayload<'member.register'> {
  return { memberId, phone, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId };
}

describe('Engine: members\' ledger across a power cut', () => {
  it('filed from the log once after the crash, by business day; the readers merge file and memory', async () => {
    const clock = manualClock('2025-03-15T01:00:00.000Z'); // 20:00 on the 14th in Lima
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    if (!engine.state.openShift) await submitOk(engine, cmd('shift.open', { id: 'sh-1', floatCents: 10_000 }, clock.iso()));
    const ana = randomUUID();
    const beto = randomUUID();
    await submitOk(engine, cmd('member.register', register(ana, '987654321', '12345678'), clock.iso()));
    await submitOk(engine, cmd('member.register', register(beto, '912345678', '87654321'), clock.iso()));
    await submitOk(engine, cmd('member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 5_000, method: 2, print: false }, clock.iso()));
    await submitOk(engine, cmd('member.recharge', { memberId: beto, rechargeId: randomUUID(), amountCents: 2_000, method: 2, print: false }, clock.iso()));
    await engine.snapshot();
    clock.advance(DAY_MS);
    await submitOk(engine, cmd('member.adjust', { memberId: ana, entryId: randomUUID(), cents: -1_500, reason: 'Corrección' }, clock.iso()));
    await submitOk(engine, cmd('member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 1_000, bonusCents: 100, method: 2, print: false }, clock.iso()));

    const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));
    const recovered = await engines.open({ dir: copy, clock: clock.now, snapshotEvery: 1_000_000 });
    expect(recovered.recentFiledLedger().flatMap((l) => l.entries.map((e) => e.kind))).toEqual(['adjust', 'recharge']);
    // Before the snapshot: the day's entries come from memory.
    expect((await readLedgerDay(recovered, '2025-03-15')).map((e) => e.cents)).toEqual([-1_500, 1_100]);
    await recovered.snapshot();
    await recovered.snapshot(); // nothing new: filing again must not duplicate
    expect(await recovered.ledgerDays.days()).toEqual(['2025-03-14', '2025-03-15']);
    expect((await readLedgerDay(recovered, '2025-03-14')).map((e) => [e.memberId, e.cents])).toEqual([[ana, 5_000], [beto, 2_000]]);
    expect((await readLedgerDay(recovered, '2025-03-15')).map((e) => e.cents)).toEqual([-1_500, 1_100]);
    const page = await readMemberLedger(recovered, ana, 0, 2);
    expect(page.entries.map((e) => e.seq)).toEqual([2, 1]);
    expect(page.more).toBe(true);
    expect((await readMemberLedger(recovered, ana, 2, 2)).entries.map((e) => e.seq)).toEqual([0]);
    expect(memberById(recovered.state, ana)).toMatchObject({ balanceCents: 4_600, entries: 3 });
    expect(recovered.state.memberCounters).toEqual({ memberNo: 2, rechargeNo: 3 });
  });
});
