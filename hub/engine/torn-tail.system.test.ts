import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, CommandReply, State } from '#protocol';
import { scanLines } from '#hub/store/line-codec.ts';
import { dataEndOf } from '#hub/store/wal-segment.ts';
import { Engine } from './engine.ts';
import { ACTOR, cmd, dineAndPay, dineCommands, manualClock, seedMenu, submitOk, walSegments } from './test-fixtures.ts';

/**
 * A power cut while the last append was being written leaves any prefix of it
 * on disk. For every such prefix, recovery must cut the torn bytes, keep every
 * command acknowledged before it, accept new commands and survive a restart.
 * The source engine is never closed cleanly before copying: close() would
 * snapshot and rotate the log, and there would be no tail to tear.
 */

const clock = manualClock();
let root = '';

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-torn-'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

type Source = { engine: Engine; dir: string; segment: string; bytes: Buffer; fileSize: number };

/** An engine in `name` with the demo menu, one paid bill and an order being eaten. */
async function sourceEngine(name: string): Promise<{ engine: Engine; dir: string; orderId: string }> {
  const dir = path.join(root, name);
  const engine = await Engine.open({ dir, clock: clock.now, log: () => {}, snapshotEvery: 1_000_000 });
  await seedMenu(engine, clock);
  await dineAndPay(engine, clock, 't-s8', 20000); // a bill with a minimum spend fee
  const { orderId, commands } = dineCommands('t-s1', clock.iso());
  for (const c of commands) await submitOk(engine, c);
  return { engine, dir, orderId };
}

/** The last segment of a running engine: `bytes` is its data, without the room of zeros written ahead of it. */
async function lastSegment(engine: Engine, dir: string): Promise<Source> {
  const segment = path.join('wal', (await walSegments(dir)).at(-1)!);
  const bytes = await fs.readFile(path.join(dir, segment));
  return { engine, dir, segment, bytes: bytes.subarray(0, dataEndOf(bytes)), fileSize: bytes.length };
}

/**
 * A copy of the source's data with its last log segment cut at `offset`, as a
 * power cut leaves it: the bytes of the last write up to there, then zeros
 * (the room the log had written ahead), when there was room.
 */
async function tornCopy(src: Source, offset: number): Promise<string> {
  const work = path.join(root, 'work');
  await fs.rm(work, { recursive: true, force: true });
  await fs.cp(src.dir, work, { recursive: true });
  const file = path.join(work, src.segment);
  await fs.truncate(file, offset);
  await fs.truncate(file, Math.max(offset, src.fileSize));
  return work;
}

const soldOut = (productId: string) => cmd('product.setSoldOut', { productId, soldOut: true }, clock.iso());

describe('torn tail: the last record', () => {
  let src: Source;
  let n = 0;
  let stateBefore: State; // after N-1 commands
  let stateAfter: State; // after N commands
  let last: Command;
  let recordStart = 0;

  beforeAll(async () => {
    const { engine, dir, orderId } = await sourceEngine('single');
    stateBefore = engine.state;
    last = cmd('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-306', qty: 3, remark: 'kam lu, bien caliente · 热' }] }, clock.iso());
    n = (await submitOk(engine, last)).seq;
    stateAfter = engine.state;
    src = await lastSegment(engine, dir);
    const lastLine = scanLines(src.bytes).at(-1)!;
    expect(lastLine.value).toMatchObject({ seq: n, commandId: last.id });
    recordStart = lastLine.start;
  });

  afterAll(async () => {
    await src?.engine.close();
  });

  it('at every byte offset: recovers N-1 acknowledged commands (N when whole), takes new ones, survives a restart', async () => {
    const fullLength = src.bytes.length;
    expect(fullLength - recordStart).toBeGreaterThan(200);
    let tested = 0;
    for (let offset = recordStart; offset <= fullLength; offset++) {
      const at = `cut at ${offset} (last record spans ${recordStart}..${fullLength})`;
      const whole = offset === fullLength;
      const work = await tornCopy(src, offset);
      const logs: string[] = [];
      const engine = await Engine.open({ dir: work, clock: clock.now, log: (m) => logs.push(m), snapshotEvery: 1_000_000 });
      expect(engine.seq, at).toBe(whole ? n : n - 1);
      expect(engine.state, at).toEqual(whole ? stateAfter : stateBefore);
      const torn = whole ? 0 : offset - recordStart;
      expect(logs.some((m) => m.includes('torn tail')), `${at}: ${logs.join(' | ')}`).toBe(torn > 0);
      if (torn > 0) expect(logs.join('\n'), at).toContain(`torn tail of ${torn} bytes`);

      // The device never got an ack for a lost record, so it resends it: applied exactly once.
      const resent = await engine.submit(last, ACTOR);
      expect(resent, at).toEqual(whole ? { ok: true, seq: n, result: {}, duplicate: true } : { ok: true, seq: n, result: {} });
      const fresh = soldOut('p-101');
      expect(await engine.submit(fresh, ACTOR), at).toMatchObject({ ok: true, seq: n + 1 });
      const live = engine.state;
      expect(live.orders, at).toEqual(stateAfter.orders);
      expect(live.products['p-101']?.soldOut, at).toBe(true);
      await engine.close();

      const again = await Engine.open({ dir: work, clock: clock.now, log: () => {} });
      expect(again.seq, at).toBe(n + 1);
      expect(again.state, at).toEqual(live);
      expect(await again.submit(fresh, ACTOR), at).toMatchObject({ ok: true, seq: n + 1, duplicate: true });
      await again.close();
      tested++;
    }
    expect(tested).toBe(fullLength - recordStart + 1);
  });
});

describe('torn tail: a group-commit batch', () => {
  let src: Source;
  let base = 0;
  let batch: Command[] = [];
  let batchStart = 0;
  let ends: number[] = []; // byte offset where each record of the batch ends
  let stateAfter: State;

  beforeAll(async () => {
    const { engine, dir } = await sourceEngine('batch');
    base = engine.seq;
    batch = ['p-102', 'p-203', 'p-404'].map(soldOut);
    // Submitted in one tick: one append, one fdatasync, one torn write if the power goes.
    const replies = await Promise.all(batch.map((c) => engine.submit(c, ACTOR)));
    expect(replies.map((r) => r.ok && r.seq)).toEqual([base + 1, base + 2, base + 3]);
    stateAfter = engine.state;
    src = await lastSegment(engine, dir);
    const lines = scanLines(src.bytes).slice(-3);
    batchStart = lines[0]!.start;
    ends = lines.map((l) => l.end);
  });

  afterAll(async () => {
    await src?.engine.close();
  });

  it('at every byte offset: keeps the whole records before the tear, and resending the batch applies each once', async () => {
    for (let offset = batchStart; offset <= src.bytes.length; offset++) {
      const at = `cut at ${offset} (batch spans ${batchStart}..${src.bytes.length})`;
      const survived = ends.filter((end) => end <= offset).length;
      const engine = await Engine.open({ dir: await tornCopy(src, offset), clock: clock.now, log: () => {} });
      expect(engine.seq, at).toBe(base + survived);

      // The batch was never acknowledged: the device resends all of it.
      const replies: CommandReply[] = [];
      for (const c of batch) replies.push(await engine.submit(c, ACTOR));
      expect(replies, at).toEqual(
        batch.map((_, i) => (i < survived ? { ok: true, seq: base + 1 + i, result: {}, duplicate: true } : { ok: true, seq: base + 1 + i, result: {} })),
      );
      expect(engine.state, at).toEqual(stateAfter);
      await engine.close();
    }
  });
});
