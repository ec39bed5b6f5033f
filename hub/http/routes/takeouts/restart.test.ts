import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TakeoutPage } from '#protocol';
import { getJson } from '#hub/testing/test-hub.ts';
import { must, payCash, startTakeoutHub, takeoutPayload, type TakeoutHub } from './test-takeout-hub.ts';

/** A hub stopped and started again on the same data: live takeouts, their codes and the ended ones come back. */
let dataDir = '';
let t: TakeoutHub | null = null;
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('takeouts across a restart', () => {
  it('the live one, the day’s ended one and the day’s pickup numbering survive', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-takeouts-restart-'));
    t = await startTakeoutHub({ dataDir });
    const live = takeoutPayload(0);
    const ended = takeoutPayload(1);
    const { result: first } = await must(t, 'takeout.create', live);
    await must(t, 'takeout.create', ended);
    await payCash(t, ended.orderId);
    await must(t, 'takeout.handOver', { takeoutId: ended.takeoutId });
    const day = t.hub.engine.takeoutDays.dayAt(new Date().toISOString());
    await t.hub.close();

    t = await startTakeoutHub({ dataDir });
    const liveNow = await getJson<TakeoutPage>(t.url, '/api/takeouts', { cookie: t.cookies.owner });
    expect(liveNow.body.takeouts.map((x) => x.id)).toEqual([live.takeoutId]);
    expect(liveNow.body.takeouts[0]?.pickupCode).toBe(first.pickupCode);
    const endedNow = await getJson<TakeoutPage>(t.url, `/api/takeouts?day=${day}`, { cookie: t.cookies.owner });
    expect(endedNow.body.takeouts.map((x) => [x.id, x.status])).toEqual([[ended.takeoutId, 11]]);
    // The next order of the day goes on from the numbers before the restart, never reusing one.
    const { result: next } = await must(t, 'takeout.create', takeoutPayload(1));
    expect(Number(next.pickupCode)).toBe(Number(first.pickupCode) + 2);
    expect(Number(next.takeoutCode?.slice(2))).toBe(Number(first.takeoutCode?.slice(2)) + 2);
  });
});
