import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { demoPick, openOrder } from '#hub/jobs/printing/test-orders.ts';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { stuckTables } from '../stuck-tables.ts';

/**
 * Issue 19 item 1 through a real hub and a restart: S1 and S2 opened, a dish
 * on S2, S2 merged into S1, S1's order withdrawn. Both tables are free, S2
 * opens again, and after a kill-free restart (the log replayed, then from a
 * snapshot) nothing is stranded and S2 still opens, merges and clears.
 */

let dataDir = '';
let t: TestHub | null = null;
afterAll(async () => {
  await t?.hub.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t!.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

describe('a withdrawn merged group across a restart', () => {
  it('frees every table, before and after the restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-withdraw-merged-'));
    t = await startTestHub({ dataDir });
    const { tableId: s1, productId } = demoPick(t.hub.engine.state, 0);
    const { tableId: s2 } = demoPick(t.hub.engine.state, 1);
    const a = openOrder(s1);
    const b = openOrder(s2);
    await send(a.open);
    await send(b.open);
    await send(command('order.addLines', { orderId: b.orderId, lines: [{ lineId: crypto.randomUUID(), productId, qty: 1, remark: '' }], send: true }));
    await send(command('table.merge', { tableId: s1, otherTableIds: [s2] }));
    await send(command('order.withdraw', { orderId: a.orderId, reason: 'Se fueron' }));
    for (const id of [s1, s2]) expect(t.hub.engine.state.tables[id]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(stuckTables(t.hub.engine.state)).toEqual([]);

    // Restart: the log is replayed.
    await t.hub.close();
    t = await startTestHub({ dataDir });
    expect(t.hub.engine.state.tables[s2]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(stuckTables(t.hub.engine.state)).toEqual([]);
    const c = openOrder(s2);
    await send(c.open);
    await send(command('table.clear', { tableId: s2 }));

    // Restart again from a snapshot: S2 still opens and merges.
    await t.hub.engine.snapshot();
    await t.hub.close();
    t = await startTestHub({ dataDir });
    expect(stuckTables(t.hub.engine.state)).toEqual([]);
    const d = openOrder(s2);
    const e = openOrder(s1);
    await send(d.open);
    await send(e.open);
    await send(command('table.merge', { tableId: s1, otherTableIds: [s2] }));
    expect(stuckTables(t.hub.engine.state)).toEqual([]);
  }, 60_000);
});
