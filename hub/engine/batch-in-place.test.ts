import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Command, CommandReply, State } from '#protocol';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import type { Engine } from './engine.ts';
import { JobTable } from './job-table.ts';
import { ACTOR, cmd, crashCopy, dineCommands, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';

/**
 * The engine lends the rules the record copies its staged commands made since the write loop last
 * took a batch (hub/domain/records.ts `withOwned`): within a batch, the open orders and the tables
 * are copied once and then changed in place (issue 20). What must hold: nothing committed ever
 * changes, the live state equals a replay of the log, each activity entry is taken from the state
 * its command was decided on, and a rule that throws halfway leaves no trace.
 */

const dirs = useTempDirs('pos-engine-in-place-');
const engines = useEngines();
const clock = manualClock();

const TABLES = ['t-s1', 't-s2', 't-s3', 't-s4', 't-s5'];

/** A whole table's round, to submit in one turn (one batch): open, order, send, settle, clear. */
function tableRound(tableId: string): Command[] {
  const { orderId, commands } = dineCommands(tableId, clock.iso());
  return [...commands, cmd('order.settleCash', { orderId, receivedCents: 10_000 }, clock.iso()), cmd('table.clear', { tableId }, clock.iso())];
}

/** Submits every command in the same turn of the event loop, in order: they join one batch. */
function submitTogether(engine: Engine, commands: readonly Command[]): Promise<CommandReply[]> {
  return Promise.all(commands.map((c) => engine.submit(c, ACTOR)));
}

/** The state as text: a change in place to anything it holds shows as a difference. */
const text = (s: State) => JSON.stringify(s);

async function replayed(engine: Engine, dir: string): Promise<State> {
  // snapshotEvery is huge: the copy's state is folded, purely, from the log alone.
  const copy = await engines.open({ dir: await crashCopy(dir, await dirs.make()), clock: clock.now, snapshotEvery: 1_000_000 });
  expect(copy.seq).toBe(engine.seq);
  return copy.state;
}

describe('a batch changes its own record copies in place; nothing committed changes', () => {
  it('several tables, each a whole round in one batch: the state committed before is untouched, live equals replay', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    // Two tables left open, so the next batch changes records that existed before it.
    for (const c of dineCommands('t-s6', clock.iso()).commands) await submitOk(engine, c);
    for (const c of dineCommands('t-s7', clock.iso()).commands) await submitOk(engine, c);
    const before = engine.state;
    const beforeText = text(before);
    const replies = await submitTogether(engine, [...TABLES.flatMap(tableRound), ...dineCommands('t-s8', clock.iso()).commands]);
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(text(before)).toBe(beforeText);
    expect(Object.keys(engine.state.orders)).toHaveLength(3);
    for (const id of TABLES) expect(engine.state.tables[id]?.orderId).toBeNull();
    expect(text(await replayed(engine, dir))).toBe(text(engine.state));
  });

  it('the next batch copies again: a state committed by one batch is never changed by the commands after it', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    const committed: [State, string][] = [];
    for (const tableId of TABLES) {
      await submitTogether(engine, tableRound(tableId).slice(0, 3));
      committed.push([engine.state, text(engine.state)]);
    }
    for (const [state, was] of committed) expect(text(state)).toBe(was);
    expect(text(await replayed(engine, dir))).toBe(text(engine.state));
  });

  it("each activity entry names the table and dishes of the state its command was decided on, even when a later command of the batch settled the order", async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    await submitTogether(engine, tableRound('t-s1'));
    const byType = new Map(engine.recentActivity().map((e) => [e.type, e.detail]));
    expect(byType.get('order.send')).toMatchObject({ tableName: 'S1', dishes: expect.stringContaining('2×') as unknown });
    expect(byType.get('order.settleCash')).toMatchObject({ tableName: 'S1' });
  });
});

describe('a rule that throws in the middle of a batch (refused INTERNAL)', () => {
  it('leaves no trace of its half-made fold: the batch around it commits, and live equals replay', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    const broken = dineCommands('t-s2', clock.iso());
    const beforeRound = dineCommands('t-s1', clock.iso());
    const afterRound = dineCommands('t-s3', clock.iso());
    // The send of t-s2 folds `order.sent` into the batch's orders copy in place, then the job table throws.
    const send = broken.commands[2]!;
    const original = JobTable.prototype.stage;
    const spy = vi.spyOn(JobTable.prototype, 'stage').mockImplementation(function (this: JobTable, seq, events) {
      if (events.some((e) => e.type === 'order.sent' && e.orderId === broken.orderId)) throw new TypeError("a rule's bug");
      return original.call(this, seq, events);
    });
    let replies: CommandReply[];
    try {
      replies = await submitTogether(engine, [...beforeRound.commands, ...broken.commands, ...afterRound.commands]);
    } finally {
      spy.mockRestore();
    }
    expect(replies.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'INTERNAL', 'ok', 'ok', 'ok']);
    // Its lines were never sent, in the live state as in the log.
    const lines = engine.state.orders[broken.orderId]!.lines;
    expect(lines.map((l) => l.sentBatch)).toEqual(lines.map(() => null));
    for (const sent of [beforeRound, afterRound]) expect(engine.state.orders[sent.orderId]!.lines.every((l) => l.sentBatch === 1)).toBe(true);
    expect(text(await replayed(engine, dir))).toBe(text(engine.state));
    // The same command sent again (a new id) goes through.
    await submitOk(engine, { ...send, id: randomUUID() });
    expect(engine.state.orders[broken.orderId]!.lines.every((l) => l.sentBatch === 1)).toBe(true);
  });
});
