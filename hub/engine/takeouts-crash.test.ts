import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandPayload } from '#protocol';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { cmd, crashCopy, DAY_MS, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';

/**
 * Ended takeouts go to their day files (`takeouts/`) at snapshot time. A power cut after they
 * ended and before a snapshot leaves them only in the log: the hub started again files them
 * from the log, once, and a second snapshot adds nothing.
 */
const dirs = useTempDirs('pos-takeouts-crash-');
const engines = useEngines();

function counterOrder(): CommandPayload<'takeout.create'> {
  return { takeoutId: randomUUID(), orderId: randomUUID(), channel: 'counter', type: 'takeaway', method: 1, customer: { name: 'Rosa', phone: '' }, invoiceType: 'note', lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true };
}

describe('Engine: ended takeouts across a power cut', () => {
  it('filed from the log once after the crash, by the Lima day they ended', async () => {
    const clock = manualClock('2025-03-15T01:00:00.000Z'); // 20:00 on the 14th in Lima
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    if (!engine.state.openShift) await submitOk(engine, cmd('shift.open', { id: 'sh-1', floatCents: 10_000 }, clock.iso()));
    const ended: string[] = [];
    for (let day = 0; day < 2; day++) {
      const p = counterOrder();
      await submitOk(engine, cmd('takeout.create', p, clock.iso()));
      await submitOk(engine, cmd('order.settle', { orderId: p.orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false }, clock.iso()));
      await submitOk(engine, cmd('takeout.handOver', { takeoutId: p.takeoutId }, clock.iso()));
      ended.push(p.takeoutId);
      if (day === 0) await engine.snapshot();
      clock.advance(DAY_MS);
    }
    const live = counterOrder();
    await submitOk(engine, cmd('takeout.create', live, clock.iso()));

    // The power cut: the data directory as it is now, opened by a new hub.
    const copy = await crashCopy(dir, path.join(await dirs.make(), 'data'));
    const recovered = await engines.open({ dir: copy, clock: clock.now, snapshotEvery: 1_000_000 });
    expect(Object.keys(recovered.state.takeouts)).toEqual([live.takeoutId]);
    expect(recovered.recentFiledTakeouts().map((e) => e.takeout.id)).toEqual([ended[1]]);
    await recovered.snapshot();
    await recovered.snapshot(); // nothing new: filing again must not duplicate
    expect(await recovered.takeoutDays.days()).toEqual(['2025-03-14', '2025-03-15']);
    expect((await recovered.takeoutDays.readDay('2025-03-14')).map((e) => e.takeout.id)).toEqual([ended[0]]);
    expect((await recovered.takeoutDays.readDay('2025-03-15')).map((e) => e.takeout.id)).toEqual([ended[1]]);
    expect(recovered.state.takeoutCounters).toMatchObject({ codeNo: 3 });
  });
});
