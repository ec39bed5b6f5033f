import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, type Command, type State } from '../protocol/index.ts';
import { apply, applyAll } from './apply.ts';
import { decide } from './decide.ts';
import { emptyState } from './state.ts';
import { J, jobsState } from './jobs/test-jobs.ts';
import { command, ctxAt, deepFreeze, exec, menuState, NO_CUSTOMER, orderAt, P, product, T, tableDef, uid } from './test-fixtures.ts';

const ORDER = uid(1);

/** At least one command of every type, aimed at order ORDER on table S1 where it matters. */
const SAMPLES: Command[] = [
  command('restaurant.rename', { name: 'Otra' }),
  command('category.save', { id: 'cat-new', names: { es: 'Nueva', en: '', zh: '' }, sort: 9 }),
  command('category.save', { id: 'cat-new', names: { es: '', en: '', zh: '' }, sort: 9 }),
  command('product.save', product('p-new', '777', 1234)),
  command('product.save', product(P.lomo.id, P.lomo.code, 9999)),
  command('product.save', product('p-dup', P.lomo.code, 1)),
  command('product.setSoldOut', { productId: P.ceviche.id, soldOut: true }),
  command('product.setListed', { productId: P.ceviche.id, listed: false }),
  command('product.save', product('p-stock', '778', 500, { usesInventory: true, specs: [{ id: 's1', names: { es: 'Grande', en: '', zh: '' }, priceCents: 900, vipPriceCents: null, soldOut: false }] })),
  command('product.setSpecSoldOut', { productId: P.lomo.id, specId: 's1', soldOut: true }),
  command('product.setMany', { productIds: [P.ceviche.id, P.agua.id], soldOut: true }),
  command('product.setMany', { productIds: [P.ceviche.id], listed: true }),
  command('product.adjustStock', { productId: P.lomo.id, op: 'add', qty: 3, reason: 'compra' }),
  command('category.reorder', { ids: ['cat-drinks', 'cat-food'] }),
  command('menu.saveStations', { stations: [{ id: 'st-bar', name: 'Bar' }] }),
  command('menu.saveRemarks', { remarks: [{ id: 'r1', names: { es: 'Sin hielo', en: 'No ice', zh: '去冰' } }] }),
  command('menu.import', { categories: [{ id: 'cat-x', names: { es: 'X', en: '', zh: '' }, sort: 5 }], stations: [], products: [{ ...product('p-imp', '900', 100, { categoryId: 'cat-x' }), stock: 4 }] }),
  command('order.addCustomDish', { orderId: ORDER, lineId: uid(401), name: 'Tortilla', priceCents: 1500, qty: 1, unit: 'plato', remark: '' }),
  command('area.save', { id: 'area-new', name: 'Patio', sort: 2 }),
  command('table.save', tableDef(T.s1, 'S1 ventana', 3000)),
  command('table.save', tableDef('t-new', 'S2')),
  command('table.open', { tableId: T.s1, orderId: ORDER, people: 3, customer: NO_CUSTOMER }),
  command('table.open', { tableId: T.s2, orderId: uid(2), people: 3, customer: NO_CUSTOMER }),
  command('order.addLines', { orderId: ORDER, lines: [{ lineId: uid(301), productId: P.lomo.id, qty: 2, remark: '' }] }),
  command('order.addLines', { orderId: ORDER, lines: [{ lineId: uid(101), productId: P.lomo.id, qty: 2, remark: '' }] }),
  command('order.removeLine', { orderId: ORDER, lineId: uid(101) }),
  command('order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }),
  command('order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 5, reason: 'frío' }),
  command('order.send', { orderId: ORDER }),
  command('order.prebill', { orderId: ORDER }),
  command('order.cancelPrebill', { orderId: ORDER }),
  command('order.settleCash', { orderId: ORDER, receivedCents: 100000 }),
  command('order.settleCash', { orderId: ORDER, receivedCents: 1 }),
  command('table.clear', { tableId: T.s1 }),
  // Staff, roles and security (issue 3); with no staff in these states nobody is gated.
  command('role.save', { id: 'waiter', name: '', aliases: ['M001', 'M002'] }),
  command('staff.save', { id: 'staff-1', name: 'Ana', code: '7', roleId: 'waiter' }),
  command('staff.setDisabled', { staffId: 'staff-1', disabled: true }),
  command('settings.save', { ruc: '20131312955', idleLockMinutes: 5 }),
  command('security.raiseAlert', { id: 'alert-1', scope: 'device', staffId: null, deviceId: 'dev-1', failures: 6, lockedSeconds: 30 }),
  command('security.dismissAlert', { alertId: 'alert-1' }),
  command('staff.noteCredentials', { staffId: 'staff-1', hasPin: true, hasPassword: false }),
  command('staff.noteSignIn', { staffId: 'staff-1', method: 'full' }),
  command('staff.noteSignOut', { staffId: 'staff-1', reason: 'lock' }),
  // Durable jobs (issue 8): aimed at the jobs of the 'jobs in every status' state.
  command('job.test', { text: 'hola' }),
  command('job.retry', { jobId: J.failed }),
  command('job.cancel', { jobId: J.maybeDone }),
  command('job.start', { jobId: J.pending }),
  command('job.finish', { jobId: J.running, outcome: { ok: false, canRetry: true, reason: 'TIMEOUT' } }),
  command('job.recover', { jobIds: [J.running, J.pending] }),
  command('job.prune', { before: '2099-01-01T00:00:00.000Z' }),
];

function toClear(): State {
  return exec(orderAt('sent'), 'order.settleCash', { orderId: ORDER, receivedCents: 100000 }).state;
}

const STATES: [string, () => State][] = [
  ['empty', emptyState],
  ['menu only', menuState],
  ['order open', () => orderAt('open')],
  ['order with unsent lines', () => orderAt('ordered')],
  ['order sent', () => orderAt('sent')],
  ['order pre-billed', () => orderAt('prebilled')],
  ['table to be cleared', toClear],
  ['jobs in every status', jobsState],
];

describe('decide is pure', () => {
  it('the samples cover every command type of the protocol', () => {
    expect(new Set(SAMPLES.map((c) => c.type))).toEqual(new Set(COMMAND_TYPES));
  });

  const cases = STATES.flatMap(([label, build]) => SAMPLES.map((cmd, i) => [label, i, cmd.type, build, cmd] as const));

  it.each(cases)('on %s, sample %i (%s): never mutates the state it was given', (_label, _i, _type, build, cmd) => {
    const state = build();
    const copy = structuredClone(state);
    deepFreeze(state);
    const decision = decide(state, cmd, ctxAt());
    expect(state).toEqual(copy);
    if (decision.ok) {
      // Applying onto the frozen state must not mutate it either.
      const after = applyAll(state, decision.events);
      expect(state).toEqual(copy);
      expect(after).not.toBe(state);
    }
  });

  it('the same state and command always give the same decision', () => {
    for (const [, build] of STATES) {
      for (const cmd of SAMPLES) expect(decide(build(), cmd, ctxAt())).toEqual(decide(build(), cmd, ctxAt()));
    }
  });

  it('a refusal carries no events and apply is never needed for it', () => {
    const d = decide(deepFreeze(menuState()), command('order.send', { orderId: ORDER }), ctxAt());
    expect(d).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
    expect('events' in d).toBe(false);
  });

  it('apply leaves every untouched part of the state shared (structural sharing)', () => {
    const s = deepFreeze(orderAt('sent'));
    const next = apply(s, { type: 'product.soldOutSet', productId: P.agua.id, soldOut: true });
    expect(next.orders).toBe(s.orders);
    expect(next.tables).toBe(s.tables);
    expect(next.products[P.lomo.id]).toBe(s.products[P.lomo.id]);
    expect(next.products[P.agua.id]).not.toBe(s.products[P.agua.id]);
  });
});
