import { describe, expect, it } from 'vitest';
import type { Command, State } from '#protocol';
import { applyAll } from './apply.ts';
import { decideAndFold } from './decide.ts';
import { command, ctxAt, deepFreeze, NO_CUSTOMER, P, T, uid } from './test-fixtures.ts';
import { printer, ST, stationMenu, withPrinters } from './printing/test-printers.ts';

/**
 * The engine takes `decideAndFold`'s state instead of folding the events again
 * (issue 20): it must be exactly the fold of the decision's events, jobs
 * caused or not, and the state itself (the same object) when refused.
 */
const ORDER = uid(1);
const base = (): State => deepFreeze(withPrinters(stationMenu(), [printer('pr-cocina', { stations: [ST.kitchen] }), printer('pr-caja', { receipts: true, prebills: true, drawer: true })]));

const day: { name: string; cmd: Command; jobs: boolean }[] = [
  { name: 'a table opened (nothing reacts: folded once, here)', cmd: command('table.open', { tableId: T.s1, orderId: ORDER, people: 2, customer: NO_CUSTOMER }), jobs: false },
  { name: 'dishes added and sent (kitchen tickets)', cmd: command('order.addLines', { orderId: ORDER, send: true, lines: [{ lineId: uid(11), productId: P.ceviche.id, qty: 2, remark: '' }] }), jobs: true },
  { name: 'a pre-bill (printed)', cmd: command('order.prebill', { orderId: ORDER }), jobs: true },
  { name: 'a drawer opened (a job only)', cmd: command('drawer.open', { reason: 'sencillo' }), jobs: true },
  { name: 'a test page', cmd: command('printer.testPrint', { printerId: 'pr-caja' }), jobs: true },
];

describe('decideAndFold: the state after a decision, folded once', () => {
  let s = base();
  it.each(day)('$name', ({ cmd, jobs }) => {
    const { decision, after } = decideAndFold(s, cmd, ctxAt());
    if (!decision.ok) throw new Error(`${cmd.type}: ${decision.code}`);
    expect(decision.events.some((e) => e.type === 'job.created')).toBe(jobs);
    expect(after).toEqual(applyAll(s, decision.events));
    s = deepFreeze(after);
  });

  it.each([
    ['an order that is not open', command('order.prebill', { orderId: 'o-nope' })],
    ['attack: a table named __proto__', command('table.open', { tableId: '__proto__', orderId: uid(2), people: 2, customer: NO_CUSTOMER })],
    ['attack: dishes for an order named constructor', command('order.addLines', { orderId: 'constructor', send: true, lines: [{ lineId: uid(12), productId: P.ceviche.id, qty: 1, remark: '' }] })],
  ] as const)('refused (%s): the very same state comes back', (_name, cmd) => {
    const before = base();
    const { decision, after } = decideAndFold(before, cmd, ctxAt());
    expect(decision.ok).toBe(false);
    expect(after).toBe(before);
  });
});
