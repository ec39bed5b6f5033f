import { describe, expect, it } from 'vitest';
import type { Command, CommandPayload, CommandType, State } from '../../../hub/protocol/index.ts';
import { applyAll, decide, emptyState } from '../../../hub/domain/index.ts';
import { demoCommands } from '../../../hub/demo/seed.ts';
import { foldPending } from './view.ts';

const at = '2026-11-22T12:00:00.000Z';
let n = 0;
const cmd = <K extends CommandType>(type: K, payload: CommandPayload<K>): Command =>
  ({ id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, type, payload, deviceId: 'd', at }) as Command;

function demoState(): State {
  let s = emptyState();
  for (const c of demoCommands('d', at)) {
    const d = decide(s, c, { now: at, actor: { staffId: null, deviceId: 'd' } });
    if (!d.ok) throw new Error(d.code);
    s = applyAll(s, d.events);
  }
  return s;
}

describe('foldPending (what a device shows before the hub answers)', () => {
  const orderId = '11111111-1111-4111-8111-111111111111';
  const lineId = '22222222-2222-4222-8222-222222222222';

  it('shows pending commands on top of the replica, in order', () => {
    const base = demoState();
    const view = foldPending(base, [
      { n: 1, command: cmd('table.open', { tableId: 't-s1', orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }) },
      { n: 2, command: cmd('order.addLines', { orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }] }) },
      { n: 3, command: cmd('order.send', { orderId }) },
    ]);
    expect(view.tables['t-s1']?.status).toBe(3);
    expect(view.orders[orderId]?.lines).toHaveLength(1);
    expect(base.tables['t-s1']?.status).toBe(1);
  });

  it('skips a pending command the rules would refuse, and keeps going', () => {
    const base = demoState();
    const view = foldPending(base, [
      { n: 1, command: cmd('order.send', { orderId }) },
      { n: 2, command: cmd('product.setSoldOut', { productId: 'p-101', soldOut: true }) },
    ]);
    expect(view.products['p-101']?.soldOut).toBe(true);
    expect(view.orders[orderId]).toBeUndefined();
  });
});
