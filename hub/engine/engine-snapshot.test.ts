import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { dayKey } from '#hub/store/archive.ts';
import { readSnapshot } from '#hub/store/snapshot.ts';
import { readAllProcessed } from '#hub/store/processed-files.ts';
import { logSink, useTempDirs } from '#hub/store/test-fixtures.ts';
import {
  ACTOR,
  cmd,
  crashCopy,
  DAY_MS,
  DINE_TOTAL,
  dineAndPay,
  dineCommands,
  manualClock,
  seedMenu,
  submitOk,
  useEngines,
  walSegments,
  type ManualClock,
} from './test-fixtures.ts';
import type { Engine } from './engine.ts';

const dirs = useTempDirs('pos-engine-snap-');
const engines = useEngines();

async function seeded(snapshotEvery: number, clock: ManualClock = manualClock()) {
  const dir = await dirs.make();
  const engine = await engines.open({ dir, clock: clock.now, snapshotEvery });
  const seeds = await seedMenu(engine, clock);
  return { dir, clock, engine, seeds };
}

const segmentName = (firstSeq: number) => `${String(firstSeq).padStart(16, '0')}.log`;

/** Waits for the background snapshot at `seq` to be written and the log segments it covers dropped. */
async function snapshotSettled(dir: string, seq: number): Promise<void> {
  await vi.waitFor(async () => {
    expect((await readSnapshot(dir))?.seq).toBe(seq);
    expect(await walSegments(dir)).toEqual([segmentName(seq + 1)]);
  });
}

/** Opens a copy of the data directory as it is on disk now, as after a power cut. */
async function recoverCopy(dir: string, clock: ManualClock, log?: (m: string) => void): Promise<Engine> {
  const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));
  return engines.open({ dir: copy, clock: clock.now, snapshotEvery: 1_000_000, ...(log ? { log } : {}) });
}

describe('Engine: snapshots', () => {
  it('every snapshotEvery records a snapshot is written and older log segments are dropped', async () => {
    const { dir, engine, clock, seeds } = await seeded(10);
    // Seeding is one batch of `seeds` records; the snapshot is written right after it is acknowledged.
    await snapshotSettled(dir, seeds);
    for (let i = 0; i < 12; i++) await submitOk(engine, cmd('product.setSoldOut', { productId: 'p-101', soldOut: i % 2 === 0 }, clock.iso()));
    await snapshotSettled(dir, seeds + 10);
    expect(engine.seq).toBe(seeds + 12);
  });

  it('recovery from snapshot + log tail equals the live state', async () => {
    const { dir, engine, clock, seeds } = await seeded(7);
    for (const table of ['t-s1', 't-s2', 't-s3']) {
      const { commands } = dineCommands(table, clock.iso());
      for (const c of commands) await submitOk(engine, c);
    }
    await dineAndPay(engine, clock, 't-s4');
    for (const c of dineCommands('t-s5', clock.iso()).commands) await submitOk(engine, c);
    // A snapshot falls due every 7 records; commits go on while one is written,
    // so the next falls due at the first commit 7 or more past it.
    await vi.waitFor(async () => {
      const written = await readSnapshot(dir);
      expect(written!.seq).toBeGreaterThanOrEqual(seeds + 7);
      expect(await walSegments(dir)).toEqual([segmentName(written!.seq + 1)]);
    });
    const snap = await readSnapshot(dir);
    // One more, fewer than 7 past it, if the last snapshot took everything: a tail for recovery to replay.
    if (snap!.seq === engine.seq) await submitOk(engine, cmd('product.setSoldOut', { productId: 'p-101', soldOut: true }, clock.iso()));
    expect(snap!.seq).toBeLessThan(engine.seq);

    const sink = logSink();
    const recovered = await recoverCopy(dir, clock, sink.log);
    expect(recovered.seq).toBe(engine.seq);
    expect(recovered.state).toEqual(engine.state);
    expect(sink.lines).toContain(`store: ${engine.seq} saved changes read back (${snap!.seq} from the snapshot, ${engine.seq - snap!.seq} from the log)`);
    // The replayed tail is served to devices; older changes need a snapshot.
    expect(recovered.changesSince(snap!.seq)).toHaveLength(engine.seq - snap!.seq);
    expect(recovered.changesSince(snap!.seq - 1)).toBeNull();
  });

  it('close writes a final snapshot: reopening replays nothing and equals the live state', async () => {
    const { dir, engine, clock } = await seeded(1_000_000);
    await dineAndPay(engine, clock, 't-s1');
    const { commands } = dineCommands('t-s2', clock.iso());
    for (const c of commands) await submitOk(engine, c);
    const live = engine.state;
    const seq = engine.seq;
    await engine.close();
    engines.release(engine);

    expect((await readSnapshot(dir))?.seq).toBe(seq);
    expect(await walSegments(dir)).toEqual([segmentName(seq + 1)]);
    const sink = logSink();
    const reopened = await engines.open({ dir, clock: clock.now, log: sink.log });
    expect(reopened.seq).toBe(seq);
    expect(reopened.state).toEqual(live);
    expect(sink.lines).toContain(`store: ${seq} saved changes read back (${seq} from the snapshot, 0 from the log)`);
  });

  it.each([0, 1, 2, 4, 8, 16])('a snapshot requested while commands arrive (%i ticks later) covers exactly what it says', async (ticks) => {
    const { dir, engine, clock } = await seeded(1_000_000);
    const { commands, orderId } = dineCommands('t-s1', clock.iso());
    await submitOk(engine, commands[0]!);
    // Ask for a snapshot and, without waiting for it, keep taking orders.
    const snapshot = engine.snapshot();
    for (let i = 0; i < ticks; i++) await new Promise((r) => setImmediate(r));
    const replies = await Promise.all(commands.slice(1).map((c) => engine.submit(c, ACTOR)));
    await snapshot;
    expect(replies).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    expect(engine.writable).toBe(true);

    const recovered = await recoverCopy(dir, clock);
    expect(recovered.seq).toBe(engine.seq);
    expect(recovered.state).toEqual(engine.state);
    expect(recovered.state.orders[orderId]?.lines).toHaveLength(2);
  });
});

describe('Engine: a snapshot does not hold acknowledgements', () => {
  it('commands are acknowledged while a large snapshot is being written, and it covers exactly its seq', async () => {
    const { dir, engine, clock } = await seeded(1_000_000);
    // A week of command ids makes the snapshot large: 6,000 of them, sent in groups.
    for (let i = 0; i < 12; i++) {
      const group = Array.from({ length: 500 }, (_, j) => cmd('product.setSoldOut', { productId: 'p-101', soldOut: (i + j) % 2 === 0 }, clock.iso()));
      await Promise.all(group.map((c) => submitOk(engine, c)));
    }
    const seqAtRequest = engine.seq;
    let done = false;
    const snapshot = engine.snapshot().then(() => (done = true));
    // One device, one command at a time, for as long as the snapshot is being written.
    let ackedMeanwhile = 0;
    let soldOut = true;
    while (!done) {
      await submitOk(engine, cmd('product.setSoldOut', { productId: 'p-102', soldOut }, clock.iso()));
      if (!done) ackedMeanwhile++;
      soldOut = !soldOut;
    }
    await snapshot;
    expect(ackedMeanwhile).toBeGreaterThan(0);
    const snap = await readSnapshot(dir);
    expect(snap!.seq).toBe(seqAtRequest);
    expect(await readAllProcessed(dir, snap!.seq)).toHaveLength(seqAtRequest);
    expect(await walSegments(dir)).toEqual([segmentName(seqAtRequest + 1)]);
    const recovered = await recoverCopy(dir, clock);
    expect(recovered.seq).toBe(engine.seq);
    expect(recovered.state).toEqual(engine.state);
  });
});

describe('Engine: a snapshot written in slices holds the state at its seq', () => {
  it('commands that change the same order and dishes while it is written do not leak into it', async () => {
    const { dir, engine, clock } = await seeded(1_000_000);
    const { orderId, commands } = dineCommands('t-s1', clock.iso());
    for (const c of commands) await submitOk(engine, c);
    // Enough command ids that the JSON is produced in many slices, the event loop running between them.
    for (let i = 0; i < 12; i++) {
      const group = Array.from({ length: 500 }, (_, j) => cmd('product.setSoldOut', { productId: 'p-101', soldOut: (i + j) % 2 === 0 }, clock.iso()));
      await Promise.all(group.map((c) => submitOk(engine, c)));
    }
    const seqAtRequest = engine.seq;
    // A deep copy: if anything shared with the committed state were changed in place, this would not see it.
    const stateAtRequest = structuredClone(engine.state);
    let done = false;
    const snapshot = engine.snapshot().then(() => (done = true));
    // Meanwhile: more lines on the very order the snapshot holds, a dish sold out, the restaurant renamed.
    let changedMeanwhile = 0;
    for (let i = 0; !done; i++) {
      const change =
        i % 3 === 0
          ? cmd('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-203', qty: 1, remark: `ronda ${i}` }] }, clock.iso())
          : i % 3 === 1
            ? cmd('product.setSoldOut', { productId: 'p-102', soldOut: i % 2 === 0 }, clock.iso())
            : cmd('restaurant.rename', { name: `Restaurante ${i}` }, clock.iso());
      await submitOk(engine, change);
      if (!done) changedMeanwhile++;
    }
    await snapshot;
    const snap = await readSnapshot(dir);
    expect(changedMeanwhile).toBeGreaterThan(0);
    expect(snap!.seq).toBe(seqAtRequest);
    expect(snap!.state).toEqual(stateAtRequest);
    expect(engine.state.orders[orderId]).not.toEqual(stateAtRequest.orders[orderId]);
    // And the log after it replays onto it exactly.
    const recovered = await recoverCopy(dir, clock);
    expect(recovered.state).toEqual(engine.state);
  });
});

describe('Engine: day archive', () => {
  // 22:00 in Lima on the 14th is 03:00 UTC on the 15th: the bill belongs to the 14th.
  const LATE_DINNER = '2025-03-15T03:00:00.000Z';

  it('settled orders leave the live state and, after a snapshot, are in the archive by Lima day', async () => {
    const clock = manualClock(LATE_DINNER);
    const { engine } = await seeded(1_000_000, clock);
    const ids = [await dineAndPay(engine, clock, 't-s1'), await dineAndPay(engine, clock, 't-s2')];
    expect(Object.keys(engine.state.orders)).toEqual([]);
    expect(engine.state.tables['t-s1']).toMatchObject({ status: 1, orderId: null });
    expect(await engine.archive.days()).toEqual([]); // not before the snapshot

    await engine.snapshot();
    expect(await engine.archive.days()).toEqual(['2025-03-14']);
    const bills = await engine.archive.readDay('2025-03-14');
    expect(bills.map((b) => [b.bill.id, b.bill.billNo, b.bill.totalCents, b.bill.changeCents])).toEqual([
      [ids[0], 1, DINE_TOTAL, 10000 - DINE_TOTAL],
      [ids[1], 2, DINE_TOTAL, 10000 - DINE_TOTAL],
    ]);
    expect(dayKey(bills[0]!.bill.paidAt, -300)).toBe('2025-03-14');
    expect(bills[0]!.seq).toBeLessThan(bills[1]!.seq);
  });

  it('bills settled after the last snapshot are archived once after a crash, never twice', async () => {
    const clock = manualClock(LATE_DINNER);
    const { dir, engine } = await seeded(1_000_000, clock);
    const first = await dineAndPay(engine, clock, 't-s1');
    await engine.snapshot();
    clock.advance(DAY_MS); // the next evening
    const second = await dineAndPay(engine, clock, 't-s2');

    const recovered = await recoverCopy(dir, clock);
    await recovered.snapshot();
    await recovered.snapshot(); // nothing new: archiving again must not duplicate
    expect(await recovered.archive.days()).toEqual(['2025-03-14', '2025-03-15']);
    expect((await recovered.archive.readDay('2025-03-14')).map((b) => b.bill.id)).toEqual([first]);
    expect((await recovered.archive.readDay('2025-03-15')).map((b) => b.bill.id)).toEqual([second]);
  });
});

describe('Engine: processed ids over time', () => {
  it('a year-old snapshot: its processed ids are pruned at the next snapshot, and old resends expire', async () => {
    const clock = manualClock();
    const { dir, engine } = await seeded(1_000_000, clock);
    const { commands } = dineCommands('t-s1', clock.iso());
    for (const c of commands) await submitOk(engine, c);
    await engine.close();
    engines.release(engine);
    const yearAgo = await readSnapshot(dir);
    expect((await readAllProcessed(dir, yearAgo!.seq)).map((p) => p.id)).toEqual(expect.arrayContaining(commands.map((c) => c.id)));

    clock.advance(365 * DAY_MS);
    const reopened = await engines.open({ dir, clock: clock.now });
    const fresh = cmd('product.setSoldOut', { productId: 'p-101', soldOut: true }, clock.iso());
    await submitOk(reopened, fresh);
    await reopened.snapshot();
    // The year-old ids' files are gone; the new snapshot wrote only the id added since.
    expect((await readAllProcessed(dir, reopened.seq)).map((p) => p.id)).toEqual([fresh.id]);

    const seq = reopened.seq;
    expect(await reopened.submit(commands[2]!, ACTOR)).toEqual({ ok: false, code: 'COMMAND_EXPIRED' });
    expect(reopened.seq).toBe(seq);
  });
});
