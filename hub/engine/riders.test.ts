import { describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import type { CommandReply } from '#protocol';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { ACTOR, cmd, manualClock, seedMenu, useEngines } from './test-fixtures.ts';

/**
 * Records that ride (engine.ts SubmitMode): the hub's own job records go to the
 * disk with the next write a device's command starts, instead of one of their
 * own. The windows are set wide or shut here, so nothing depends on timing.
 */

const dirs = useTempDirs('pos-riders-');
const engines = useEngines();
const HUB = { staffId: null, deviceId: 'hub' } as const;

async function seeded(ride: { rideWindowMs: number; rideMaxWaitMs: number }) {
  const dir = await dirs.make();
  const clock = manualClock();
  const engine = await engines.open({ dir, clock: clock.now, ...ride });
  await seedMenu(engine, clock);
  return { dir, clock, engine };
}

/** A record the hub submits as the job service does (any accepted command will do: the engine does not look at who sends). */
let toggled = false;
const hubRecord = (at: string) => hubCommand('product.setSoldOut', { productId: 'p-101', soldOut: (toggled = !toggled) }, 'hub', new Date(at));
const soldOut = (at: string, soldOut: boolean) => cmd('product.setSoldOut', { productId: 'p-101', soldOut }, at);

describe('Engine: records that ride the devices\' writes', () => {
  it('a rider waits for the next device command and goes in its write, in seq order', async () => {
    const { engine, clock } = await seeded({ rideWindowMs: 60_000, rideMaxWaitMs: 60_000 });
    await engine.submit(soldOut(clock.iso(), true), ACTOR);
    const before = engine.durableWrites;
    let answered = false;
    const rider = engine.submit(hubRecord(clock.iso()), HUB, null, 'ride');
    void rider.then(() => (answered = true));
    // Several turns of the event loop: the rider is not written by itself.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    expect(engine.durableWrites).toBe(before);
    const device = await engine.submit(soldOut(clock.iso(), false), ACTOR);
    const riderReply: CommandReply = await rider;
    expect(engine.durableWrites - before).toBe(1);
    expect(riderReply.ok && device.ok && riderReply.seq < device.seq).toBe(true);
  });

  it('with no device command lately a rider is written at once', async () => {
    const { engine, clock } = await seeded({ rideWindowMs: 0, rideMaxWaitMs: 60_000 });
    const before = engine.durableWrites;
    // The window is shut: waiting would only delay it.
    expect(await engine.submit(hubRecord(clock.iso()), HUB, null, 'ride')).toMatchObject({ ok: true });
    expect(engine.durableWrites - before).toBe(1);
  });

  it('a rider nobody comes for is written after its longest wait', async () => {
    const { engine, clock } = await seeded({ rideWindowMs: 60_000, rideMaxWaitMs: 5 });
    await engine.submit(soldOut(clock.iso(), true), ACTOR);
    const replies = await Promise.all([engine.submit(hubRecord(clock.iso()), HUB, null, 'ride'), engine.submit(hubRecord(clock.iso()), HUB, null, 'ride')]);
    expect(replies.map((r) => r.ok)).toEqual([true, true]);
  });

  it('close writes the riders still waiting, and a restart reads them back', async () => {
    const { dir, engine, clock } = await seeded({ rideWindowMs: 60_000, rideMaxWaitMs: 60_000 });
    await engine.submit(soldOut(clock.iso(), true), ACTOR);
    const rider = engine.submit(hubRecord(clock.iso()), HUB, null, 'ride');
    engines.release(engine);
    await engine.close();
    const reply = await rider;
    expect(reply).toMatchObject({ ok: true });
    const reopened = await engines.open({ dir, clock: clock.now });
    expect(reopened.seq).toBe(reply.ok ? reply.seq : -1);
  });

  it('a snapshot asked while a rider waits covers the committed records and the rider is written after', async () => {
    const { engine, clock } = await seeded({ rideWindowMs: 60_000, rideMaxWaitMs: 60_000 });
    await engine.submit(soldOut(clock.iso(), true), ACTOR);
    const seqBefore = engine.seq;
    const rider = engine.submit(hubRecord(clock.iso()), HUB, null, 'ride');
    await engine.snapshot();
    expect(engine.seq).toBe(seqBefore);
    const device = await engine.submit(soldOut(clock.iso(), false), ACTOR);
    expect(await rider).toMatchObject({ ok: true, seq: seqBefore + 1 });
    expect(device).toMatchObject({ ok: true, seq: seqBefore + 2 });
  });
});
