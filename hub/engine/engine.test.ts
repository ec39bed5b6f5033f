import { promises as fs, readFileSync } from 'node:fs';
import { dataEndOf } from '#hub/store/wal-segment.ts';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '#protocol';
import { logSink, useTempDirs } from '#hub/store/test-fixtures.ts';
import {
  ACTOR,
  cmd,
  crashCopy,
  DAY_MS,
  dineCommands,
  manualClock,
  seedMenu,
  submitOk,
  useEngines,
  walSegments,
} from './test-fixtures.ts';

const dirs = useTempDirs('pos-engine-');
const engines = useEngines();

async function seeded(opts: { snapshotEvery?: number; changeBufferSize?: number; retentionDays?: number } = {}) {
  const dir = await dirs.make();
  const clock = manualClock();
  const engine = await engines.open({ dir, clock: clock.now, ...opts });
  const seeds = await seedMenu(engine, clock);
  return { dir, clock, engine, seeds };
}

describe('Engine: the command path', () => {
  it('a fresh store starts at seq 0 with an empty state and a store id', async () => {
    const engine = await engines.open({ dir: await dirs.make() });
    expect(engine.seq).toBe(0);
    expect(engine.state.orders).toEqual({});
    expect(engine.storeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(engine.writable).toBe(true);
  });

  it('an accepted command gets the next seq, its result and changes the state', async () => {
    const { engine, clock, seeds } = await seeded();
    const { commands, orderId } = dineCommands('t-s1', clock.iso());
    const reply = await engine.submit(commands[0]!, ACTOR);
    expect(reply).toEqual({ ok: true, seq: seeds + 1, result: { orderId, orderNo: 1 } });
    expect(engine.seq).toBe(seeds + 1);
    expect(engine.state.tables['t-s1']).toMatchObject({ status: 2, orderId });
  });

  it('a refused command writes nothing and answers the domain code', async () => {
    const { engine, dir, clock, seeds } = await seeded();
    const [segment] = await walSegments(dir);
    // The data, not the file's size: the log writes room (zeros) ahead of its records in the background.
    const dataBytes = async () => dataEndOf(await fs.readFile(path.join(dir, 'wal', segment!)));
    const size = await dataBytes();
    const before = engine.state;
    const reply = await engine.submit(cmd('order.send', { orderId: 'no-such-order' }, clock.iso()), ACTOR);
    expect(reply).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
    expect(engine.seq).toBe(seeds);
    expect(engine.state).toBe(before);
    expect(await dataBytes()).toBe(size);
  });

  it('a refused command id is not remembered: once valid, the same id is applied', async () => {
    const { engine, clock } = await seeded();
    const { commands, orderId } = dineCommands('t-s1', clock.iso());
    const addLines = commands[1]!;
    expect(await engine.submit(addLines, ACTOR)).toMatchObject({ ok: false, code: 'ORDER_NOT_OPEN' });
    await submitOk(engine, commands[0]!);
    const reply = await engine.submit(addLines, ACTOR);
    expect(reply.ok && reply.duplicate).toBeFalsy();
    expect(engine.state.orders[orderId]?.lines).toHaveLength(2);
  });

  it('the hub clock, not the device clock, stamps what the rules see', async () => {
    const { engine, clock } = await seeded();
    const { commands, orderId } = dineCommands('t-s1', '2025-03-14T10:00:00.000Z');
    clock.advance(60_000);
    await submitOk(engine, commands[0]!);
    expect(engine.state.orders[orderId]?.openedAt).toBe(clock.iso());
  });

  it('COMMAND_EXPIRED for a command older than the retention window; seq unchanged', async () => {
    const { engine, clock, seeds } = await seeded({ retentionDays: 7 });
    const old = new Date(clock.now().getTime() - 7 * DAY_MS - 1000).toISOString();
    const { commands } = dineCommands('t-s1', old);
    expect(await engine.submit(commands[0]!, ACTOR)).toEqual({ ok: false, code: 'COMMAND_EXPIRED' });
    expect(engine.seq).toBe(seeds);
    const justInside = new Date(clock.now().getTime() - 7 * DAY_MS + 60_000).toISOString();
    expect((await engine.submit(dineCommands('t-s2', justInside).commands[0]!, ACTOR)).ok).toBe(true);
  });

  it('after close, submits are refused with STORAGE_UNAVAILABLE', async () => {
    const { engine, clock } = await seeded();
    await engine.close();
    engines.release(engine);
    expect(await engine.submit(dineCommands('t-s1', clock.iso()).commands[0]!, ACTOR)).toEqual({ ok: false, code: 'STORAGE_UNAVAILABLE' });
  });
});

describe('Engine: idempotency', () => {
  it('the same command id twice: the same answer with duplicate: true, applied once', async () => {
    const { engine, clock } = await seeded();
    const { commands, orderId } = dineCommands('t-s1', clock.iso());
    await submitOk(engine, commands[0]!);
    const first = await submitOk(engine, commands[1]!);
    const seq = engine.seq;
    const again = await engine.submit(commands[1]!, ACTOR);
    expect(again).toEqual({ ok: true, seq: first.seq, result: first.result, duplicate: true });
    expect(engine.seq).toBe(seq);
    expect(engine.state.orders[orderId]?.lines).toHaveLength(2);
  });

  it('a resend while the first is still being written shares its answer', async () => {
    const { engine, clock, seeds } = await seeded();
    const open = dineCommands('t-s1', clock.iso()).commands[0]!;
    const [a, b] = await Promise.all([engine.submit(open, ACTOR), engine.submit(open, ACTOR)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, seq: seeds + 1 });
    expect(engine.seq).toBe(seeds + 1);
  });

  it.each(['after a crash (ids from the log)', 'after a clean close (ids from the snapshot)'] as const)(
    'a resend %s gets the first answer and is not applied again',
    async (how) => {
      const { engine, dir, clock } = await seeded({ snapshotEvery: 1_000_000 });
      const { commands, orderId } = dineCommands('t-s1', clock.iso());
      const replies = [];
      for (const c of commands) replies.push(await submitOk(engine, c));
      let dataDir = dir;
      if (how === 'after a clean close (ids from the snapshot)') {
        await engine.close();
        engines.release(engine);
      } else {
        dataDir = await crashCopy(dir, path.join(await dirs.make(), 'data'));
      }
      const reopened = await engines.open({ dir: dataDir, clock: clock.now });
      const seq = reopened.seq;
      for (const [i, c] of commands.entries()) {
        expect(await reopened.submit(c, ACTOR)).toEqual({ ...replies[i], duplicate: true });
      }
      expect(reopened.seq).toBe(seq);
      expect(reopened.state.orders[orderId]?.lines).toHaveLength(2);
      expect(reopened.state.orders[orderId]?.batches).toBe(1);
    },
  );

  it('a device whose clock runs ahead is still remembered after a crash, until its command would expire', async () => {
    const { engine, dir, clock } = await seeded({ snapshotEvery: 1_000_000, retentionDays: 7 });
    const { commands, orderId } = dineCommands('t-s1', clock.iso());
    for (const c of commands) await submitOk(engine, c);
    // A tablet two days ahead returns a dish.
    const lineId = engine.state.orders[orderId]!.lines[0]!.id;
    const ahead = new Date(clock.now().getTime() + 2 * DAY_MS).toISOString();
    const ret = cmd('order.returnLine', { orderId, lineId, qty: 1, reason: 'frío' }, ahead);
    await submitOk(engine, ret);
    const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));

    clock.advance(8 * DAY_MS); // past the hub-time window, inside the device-time one
    const reopened = await engines.open({ dir: copy, clock: clock.now, retentionDays: 7 });
    await reopened.snapshot(); // prunes what it thinks is old
    expect(await reopened.submit(ret, ACTOR)).toMatchObject({ ok: true, duplicate: true });
    expect(reopened.state.orders[orderId]?.lines[0]?.returnedQty).toBe(1);
  });
});

describe('Engine: group commit', () => {
  it('many submits in one tick share one durable write, resolve in order with contiguous seqs', async () => {
    const { engine, clock, seeds } = await seeded();
    const batch = Array.from({ length: 40 }, (_, i) => cmd('product.setSoldOut', { productId: 'p-101', soldOut: i % 2 === 0 }, clock.iso()));
    // The log is opened with O_DSYNC, so each append is one trip to the disk.
    const before = engine.durableWrites;
    const replies = await Promise.all(batch.map((c) => engine.submit(c, ACTOR)));
    expect(replies.map((r) => (r.ok ? r.seq : -1))).toEqual(batch.map((_, i) => seeds + 1 + i));
    expect(engine.durableWrites - before).toBe(1);
    expect(engine.state.products['p-101']?.soldOut).toBe(false);
  });

  it('commands in one batch are decided on each other: open then order in the same tick', async () => {
    const { engine, clock } = await seeded();
    const { commands, orderId } = dineCommands('t-s3', clock.iso());
    const replies = await Promise.all(commands.map((c) => engine.submit(c, ACTOR)));
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(engine.state.tables['t-s3']).toMatchObject({ status: 3, orderId });
  });

  it('a submit made the moment the previous one is acknowledged is not stranded', { timeout: 3000 }, async () => {
    const { engine, clock, seeds } = await seeded();
    const { commands } = dineCommands('t-s1', clock.iso());
    // Awaiting submit directly and submitting again at once: no extra ticks in between.
    const a = await engine.submit(commands[0]!, ACTOR);
    const b = await engine.submit(commands[1]!, ACTOR);
    const c = await engine.submit(commands[2]!, ACTOR);
    expect([a, b, c].map((r) => r.ok && r.seq)).toEqual([seeds + 1, seeds + 2, seeds + 3]);
  });

  it('a refusal inside a batch does not hold up the others', async () => {
    const { engine, clock, seeds } = await seeded();
    const a = dineCommands('t-s1', clock.iso()).commands[0]!;
    const clash = dineCommands('t-s1', clock.iso()).commands[0]!; // same table: TABLE_NOT_FREE
    const b = dineCommands('t-s2', clock.iso()).commands[0]!;
    const replies = await Promise.all([a, clash, b].map((c) => engine.submit(c, ACTOR)));
    expect(replies).toEqual([
      expect.objectContaining({ ok: true, seq: seeds + 1 }),
      { ok: false, code: 'TABLE_NOT_FREE' },
      expect.objectContaining({ ok: true, seq: seeds + 2 }),
    ]);
  });
});

describe('Engine: changes', () => {
  it('changesSince gives exactly the missed changes, [] when current, null when it cannot tell', async () => {
    const { engine, clock, seeds } = await seeded();
    const { commands } = dineCommands('t-s1', clock.iso());
    for (const c of commands) await submitOk(engine, c);
    const missed = engine.changesSince(seeds);
    expect(missed?.map((c) => [c.seq, c.commandId])).toEqual(commands.map((c, i) => [seeds + 1 + i, c.id]));
    expect(missed?.[0]?.events[0]?.type).toBe('table.opened');
    expect(engine.changesSince(engine.seq)).toEqual([]);
    expect(engine.changesSince(engine.seq + 5)).toBeNull();
  });

  it('a device further back than the change buffer needs a snapshot (null)', async () => {
    const { engine } = await seeded({ changeBufferSize: 10 });
    expect(engine.changesSince(0)).toBeNull();
    expect(engine.changesSince(engine.seq - 10)).toHaveLength(10);
  });

  it('listeners hear each change once, in seq order, only after it is in the log', async () => {
    const { engine, dir, clock, seeds } = await seeded();
    const heard: Change[] = [];
    const onDisk: boolean[] = [];
    const [segment] = await walSegments(dir);
    const stop = engine.onChange((change) => {
      heard.push(change);
      onDisk.push(readFileSync(path.join(dir, 'wal', segment!), 'utf8').includes(change.commandId));
    });
    const { commands } = dineCommands('t-s1', clock.iso());
    await Promise.all(commands.map((c) => engine.submit(c, ACTOR)));
    stop();
    await submitOk(engine, cmd('product.setSoldOut', { productId: 'p-101', soldOut: true }, clock.iso()));
    expect(heard.map((c) => c.seq)).toEqual([seeds + 1, seeds + 2, seeds + 3]);
    expect(onDisk).toEqual([true, true, true]);
  });

  it('logs what recovery did', async () => {
    const { dir, clock, seeds } = await seeded({ snapshotEvery: 1_000_000 });
    const sink = logSink();
    const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));
    await engines.open({ dir: copy, clock: clock.now, log: sink.log });
    expect(sink.lines).toContain(`store: ${seeds} saved changes read back (0 from the snapshot, ${seeds} from the log)`);
  });
});
