import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readSnapshot } from '#hub/store/snapshot.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { MAX_SPACING } from './snapshotter.ts';
import { cmd, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';
import type { Engine } from './engine.ts';

/**
 * A large snapshot falls due only once the log has grown by its size (or
 * after MAX_SPACING times the records): what snapshots cost a command stays
 * flat however large the state (issue 20). `largeSnapshotBytes` makes the
 * test's small state "large"; with the default it is not, and snapshots come
 * every `snapshotEvery` records as before.
 */
const dirs = useTempDirs('pos-engine-spacing-');
const engines = useEngines();
const EVERY = 10;

/** `bytesBefore`: the log's bytes before the record the snapshot followed. */
type Taken = { seq: number; logBytes: number; bytesBefore: number; size: number };

/** Sends small commands one at a time and notes each snapshot the engine starts by itself (waiting for it to be written). */
async function runAndNote(engine: Engine, dir: string, commands: number, clock: ReturnType<typeof manualClock>): Promise<Taken[]> {
  const taken: Taken[] = [];
  for (let i = 0; i < commands; i++) {
    const before = engine.snapshotsStarted;
    const bytesBefore = engine.logBytes;
    await submitOk(engine, cmd('product.setSoldOut', { productId: 'p-101', soldOut: i % 2 === 0 }, clock.iso()));
    if (engine.snapshotsStarted === before) continue;
    // Commands are sent one at a time: the snapshot captured the record just answered.
    const seq = engine.seq;
    const logBytes = engine.logBytes;
    await vi.waitFor(async () => expect((await readSnapshot(dir))?.seq).toBe(seq));
    taken.push({ seq, logBytes, bytesBefore, size: (await stat(path.join(dir, 'snapshot.json'))).size });
  }
  return taken;
}

describe('snapshot spacing by size', () => {
  it('a large snapshot waits until the log grew by its size, never longer than MAX_SPACING times the records', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: EVERY, largeSnapshotBytes: 1 });
    await seedMenu(engine, clock);
    await engine.snapshot();
    const first: Taken = { seq: engine.seq, logBytes: engine.logBytes, bytesBefore: engine.logBytes, size: (await stat(path.join(dir, 'snapshot.json'))).size };
    const taken = [first, ...(await runAndNote(engine, dir, EVERY * MAX_SPACING * 2, clock))];
    expect(taken.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < taken.length; i++) {
      const last = taken[i - 1]!;
      const now = taken[i]!;
      const grown = now.logBytes - last.logBytes;
      const records = now.seq - last.seq;
      // Due by the record count, and the log paid for a snapshot as large as the last one (or the cap came).
      expect(records).toBeGreaterThanOrEqual(EVERY);
      expect(grown >= last.size || records >= EVERY * MAX_SPACING).toBe(true);
      // Not later than needed: one record less had not yet paid for it.
      expect(records === EVERY || now.bytesBefore - last.logBytes < last.size || records >= EVERY * MAX_SPACING).toBe(true);
    }
    // The test's state is larger than EVERY small records: the spacing really moved.
    expect(taken[1]!.seq - taken[0]!.seq).toBeGreaterThan(EVERY);
  });

  it('a small snapshot keeps the plain record count', async () => {
    const clock = manualClock();
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: EVERY });
    await seedMenu(engine, clock);
    await engine.snapshot();
    const start = engine.seq;
    const taken = await runAndNote(engine, dir, EVERY * 3, clock);
    expect(taken.map((t) => t.seq - start)).toEqual([EVERY, EVERY * 2, EVERY * 3]);
  });
});
