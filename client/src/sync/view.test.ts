import { describe, expect, it } from 'vitest';
import type { Command, CommandPayload, CommandType, State } from '#protocol';
import { packSnapshot } from '#protocol';
import { applyAll, decide, emptyState } from '#domain';
import { demoCommands } from '#hub/demo/seed.ts';
import { appliedCommands } from './applied-commands.ts';
import { replica } from './replica.ts';
import { applyChanges, applySnapshot } from './replica-fold.ts';
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

describe('foldPending never counts a command twice (its change arrives before its ack)', () => {
  const restock = cmd('product.adjustStock', { productId: 'p-206', op: 'add', qty: 3, reason: 'compra' });
  const item = { n: 1, command: restock };
  /** The hub's own answer to the command: the events of the change it broadcasts. */
  const hubEvents = (s: State) => {
    const d = decide(s, restock, { now: at, actor: { staffId: null, deviceId: 'd' } });
    if (!d.ok) throw new Error(d.code);
    return d.events;
  };

  // Each moment of the round trip: what the replica holds, what the outbox holds, what the view must show.
  const moments = [
    { moment: 'queued, hub has not answered', changeIn: false, inOutbox: true, shows: 23 },
    { moment: 'change folded, ack not yet here', changeIn: true, inOutbox: true, shows: 23 },
    { moment: 'acknowledged, outbox empty', changeIn: true, inOutbox: false, shows: 23 },
  ] as const;

  it.each(moments)('$moment: shows $shows (stock was 20, +3)', ({ changeIn, inOutbox, shows }) => {
    const base = demoState();
    expect(base.products['p-206']?.stock).toBe(20);
    const replicaState = changeIn ? applyAll(base, hubEvents(base)) : base;
    const applied = new Set(changeIn ? [restock.id] : []);
    const view = foldPending(replicaState, inOutbox ? [item] : [], applied);
    expect(view.products['p-206']?.stock).toBe(shows);
  });

  it('without the applied ids the same moment shows 26: the double count this guards against', () => {
    const base = demoState();
    const view = foldPending(applyAll(base, hubEvents(base)), [item]);
    expect(view.products['p-206']?.stock).toBe(26);
  });

  it('the replica records the command id of every change it folds, so the live view skips it', () => {
    const base = demoState();
    applySnapshot(packSnapshot({ storeId: 's', seq: 5, state: base }));
    expect(applyChanges([{ seq: 6, commandId: restock.id, events: hubEvents(base) }])).toBe(true);
    expect(replica.state?.products['p-206']?.stock).toBe(23);
    expect(appliedCommands().has(restock.id)).toBe(true);
    expect(foldPending(replica.state!, [item], appliedCommands()).products['p-206']?.stock).toBe(23);
  });

  it('a change that does not fit (a gap) is not recorded: its command still shows from the outbox', () => {
    const base = demoState();
    applySnapshot(packSnapshot({ storeId: 's', seq: 5, state: base }));
    const other = cmd('product.adjustStock', { productId: 'p-206', op: 'add', qty: 1, reason: 'x' });
    expect(applyChanges([{ seq: 9, commandId: other.id, events: [] }])).toBe(false);
    expect(appliedCommands().has(other.id)).toBe(false);
    expect(foldPending(replica.state!, [{ n: 2, command: other }], appliedCommands()).products['p-206']?.stock).toBe(21);
  });
});
