import { describe, expect, it } from 'vitest';
import type { CommandPayload, DomainEvent, Job, State } from '#protocol';
import { ctxAt, decideOn, deepFreeze, exec, NO_CUSTOMER, P, product, T, uid } from '../test-fixtures.ts';
import { as, counterOrder, S, takeoutOf, takeoutRestaurant } from '../takeout/test-takeouts.ts';
import { createdJobs, printer, ST } from '../printing/test-printers.ts';

/**
 * Bumping a take-away's last card on the kitchen screens marks it ready in the same decision
 * (takeout-ready.ts), so the pickup board shows it ready with no tap at the counter.
 */

const HUB = { now: '2025-03-14T18:00:00.000Z', actor: { staffId: null, deviceId: 'hub' } };

/** Kitchen (lomo) and bar (chicha) each on its own screen. */
function screens(): State {
  const owner = as(S.owner);
  let s = exec(takeoutRestaurant(), 'menu.saveStations', { stations: [{ id: ST.kitchen, name: 'Cocina' }, { id: ST.bar, name: 'Bar' }] }, owner).state;
  s = exec(s, 'product.save', product(P.lomo.id, P.lomo.code, P.lomo.priceCents, { station: ST.kitchen }), owner).state;
  s = exec(s, 'product.save', product(P.chicha.id, P.chicha.code, P.chicha.priceCents, { station: ST.bar }), owner).state;
  for (const p of [printer('pr-hot', { connection: { type: 'screen' }, stations: [ST.kitchen] }), printer('pr-drinks', { connection: { type: 'screen' }, stations: [ST.bar] })]) {
    s = exec(s, 'printer.save', { printer: p }, owner).state;
  }
  return s;
}

/** The takeout made and each of its kitchen jobs shown on its screen, as the print runner does; the card ids. */
function shown(s: State, payload: CommandPayload<'takeout.create'>): { state: State; cards: string[] } {
  const made = exec(s, 'takeout.create', payload, as(S.counter));
  let state = made.state;
  const cards: string[] = [];
  for (const job of createdJobs(made.events) as Job[]) {
    if (job.kind !== 'print' || !job.payload.ticket) continue;
    state = exec(state, 'kds.show', { ticketId: job.id, printerId: job.payload.printerId, reprint: false, ticket: job.payload.ticket }, HUB).state;
    cards.push(job.id);
  }
  return { state, cards };
}

const twoStations = counterOrder(1, { lines: [...counterOrder(1).lines, { lineId: '00000000-0000-4000-8000-000000000777', productId: P.chicha.id, qty: 1, remark: '' }] });
const readySet = (events: readonly DomainEvent[]) => events.filter((e) => e.type === 'takeout.readySet');

describe('the kitchen’s last bump makes a takeout ready', () => {
  it('the first of two cards bumped: not ready yet; the last: ready, in the bump’s own record', () => {
    const { state, cards } = shown(screens(), twoStations);
    expect(cards).toHaveLength(2);
    const first = exec(state, 'kds.bump', { ticketId: cards[0]! }, ctxAt(HUB.now, S.owner));
    expect(readySet(first.events)).toEqual([]);
    const last = exec(first.state, 'kds.bump', { ticketId: cards[1]! }, ctxAt(HUB.now, S.owner));
    expect(last.events.map((e) => e.type)).toEqual(['kds.bumped', 'takeout.readySet']);
    expect(takeoutOf(last.state, twoStations.takeoutId).ready).toBe(true);
  });

  it('a card recalled and bumped again on a ready takeout records nothing more about the takeout', () => {
    const { state, cards } = shown(screens(), counterOrder(1));
    let s = exec(state, 'kds.bump', { ticketId: cards[0]! }, ctxAt(HUB.now, S.owner)).state;
    s = exec(s, 'kds.recall', { station: ST.kitchen }, ctxAt(HUB.now, S.owner)).state;
    const again = exec(s, 'kds.bump', { ticketId: cards[0]! }, ctxAt(HUB.now, S.owner));
    expect(again.events.map((e) => e.type)).toEqual(['kds.bumped']);
  });

  it('a takeout cancelled while cooking stays cancelled: the bump is the kitchen’s alone', () => {
    const { state, cards } = shown(screens(), counterOrder(1));
    const s = exec(state, 'takeout.cancel', { takeoutId: counterOrder(1).takeoutId, reason: 'El cliente se fue' }, as(S.owner)).state;
    const d = decideOn(deepFreeze(s), 'kds.bump', { ticketId: cards[0]! }, ctxAt(HUB.now, S.owner));
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['kds.bumped']);
  });

  it('a table’s card bumped records only the bump', () => {
    const owner = as(S.owner);
    let s = exec(screens(), 'table.open', { tableId: T.s1, orderId: uid(901), people: 2, customer: NO_CUSTOMER }, owner).state;
    s = exec(s, 'order.addLines', { orderId: uid(901), lines: [{ lineId: uid(902), productId: P.lomo.id, qty: 1, remark: '' }] }, owner).state;
    const sent = exec(s, 'order.send', { orderId: uid(901) }, owner);
    const [job] = createdJobs(sent.events);
    if (job?.kind !== 'print' || !job.payload.ticket) throw new Error('no kitchen job');
    s = exec(sent.state, 'kds.show', { ticketId: job.id, printerId: job.payload.printerId, reprint: false, ticket: job.payload.ticket }, HUB).state;
    expect(exec(s, 'kds.bump', { ticketId: job.id }, ctxAt(HUB.now, S.owner)).events.map((e) => e.type)).toEqual(['kds.bumped']);
  });
});
