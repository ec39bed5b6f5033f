import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { decideOn, exec, menuState, orderAt, P, T, uid } from '../test-fixtures.ts';

/** Pending orders: hang up, add, remove, resume onto a table, discard; every refusal leaves the state as it was. */

const PARKED = uid(601);
const ORDER = uid(1);
const lomo = (n: number, qty = 1) => ({ lineId: uid(n), productId: P.lomo.id, qty, remark: '' });
const torta = (n: number) => ({ lineId: uid(n), productId: null, qty: 1, remark: '', custom: { name: 'Torta', priceCents: 900, unit: 'tajada' } });

function parkedState(): State {
  return exec(menuState(), 'pending.hangUp', { parkedId: PARKED, label: 'Sr. Pérez', people: 4, lines: [lomo(610, 2), torta(611)] }).state;
}

type Row = [string, () => State, CommandType, unknown, string];
const row = <K extends CommandType>(name: string, s: () => State, type: K, payload: CommandPayload<K>, expected: string): Row => [name, s, type, payload, expected];

const RULES: Row[] = [
  row('hang up a new order', menuState, 'pending.hangUp', { parkedId: PARKED, label: 'Barra', people: 2, lines: [lomo(1)] }, 'ok'),
  row('hang up with an id in use', parkedState, 'pending.hangUp', { parkedId: PARKED, label: 'Barra', people: 2, lines: [lomo(1)] }, 'DUPLICATE_ID'),
  row('hang up an unknown dish', menuState, 'pending.hangUp', { parkedId: PARKED, label: '', people: 2, lines: [{ ...lomo(1), productId: '__proto__' }] }, 'NOT_FOUND'),
  row('a custom dish without its name', menuState, 'pending.hangUp', { parkedId: PARKED, label: '', people: 2, lines: [{ ...torta(1), custom: undefined }] }, 'REQUIRED_FIELD'),
  row('a line id twice', menuState, 'pending.hangUp', { parkedId: PARKED, label: '', people: 2, lines: [lomo(1), lomo(1)] }, 'DUPLICATE_ID'),
  row('hang up a table order nothing sent', () => orderAt('ordered'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [] }, 'ok'),
  row('hang up an empty table order with the cart', () => orderAt('open'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [lomo(5)] }, 'ok'),
  row('hang up an empty table order, empty cart', () => orderAt('open'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [] }, 'CART_EMPTY'),
  row('hang up a table order the kitchen has', () => orderAt('sent'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [] }, 'ORDER_IN_KITCHEN'),
  row('hang up a pre-billed order', () => orderAt('prebilled'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [] }, 'ORDER_PREBILLED'),
  row('add to a parked order', parkedState, 'pending.addLines', { parkedId: PARKED, lines: [lomo(620)] }, 'ok'),
  row('add a line id it has', parkedState, 'pending.addLines', { parkedId: PARKED, lines: [lomo(610)] }, 'DUPLICATE_ID'),
  row('add to an unknown parked order', parkedState, 'pending.addLines', { parkedId: '__proto__', lines: [lomo(620)] }, 'PARKED_NOT_FOUND'),
  row('remove a line', parkedState, 'pending.removeLine', { parkedId: PARKED, lineId: uid(610) }, 'ok'),
  row('remove an unknown line', parkedState, 'pending.removeLine', { parkedId: PARKED, lineId: 'constructor' }, 'NOT_FOUND'),
  row('resume at a free table', parkedState, 'pending.resume', { parkedId: PARKED, tableId: T.s2, orderId: uid(700) }, 'ok'),
  row('resume into an open order', () => exec(orderAt('sent', T.s1), 'pending.hangUp', { parkedId: PARKED, label: 'x', people: 2, lines: [lomo(610)] }).state, 'pending.resume', { parkedId: PARKED, tableId: T.s1, orderId: uid(700) }, 'ok'),
  row('resume into a pre-billed order', () => exec(orderAt('prebilled', T.s1), 'pending.hangUp', { parkedId: PARKED, label: 'x', people: 2, lines: [lomo(610)] }).state, 'pending.resume', { parkedId: PARKED, tableId: T.s1, orderId: uid(700) }, 'ORDER_PREBILLED'),
  row('resume at an unknown table', parkedState, 'pending.resume', { parkedId: PARKED, tableId: '__proto__', orderId: uid(700) }, 'NOT_FOUND'),
  row('resume an unknown parked order', parkedState, 'pending.resume', { parkedId: uid(9), tableId: T.s2, orderId: uid(700) }, 'PARKED_NOT_FOUND'),
  row('discard', parkedState, 'pending.discard', { parkedId: PARKED }, 'ok'),
  row('discard twice', () => exec(parkedState(), 'pending.discard', { parkedId: PARKED }).state, 'pending.discard', { parkedId: PARKED }, 'PARKED_NOT_FOUND'),
];

describe('pending order rules', () => {
  it.each(RULES)('%s', (_name, make, type, payload, expected) => {
    const before = make();
    const snapshot = JSON.stringify(before);
    const d = decideOn(before, type, payload as CommandPayload<typeof type>);
    expect(d.ok ? 'ok' : d.code).toBe(expected);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('what hanging up and resuming do', () => {
  it('a parked order is numbered by the hub and holds its dishes', () => {
    const s = parkedState();
    expect(s.parked[PARKED]).toMatchObject({ no: 1, label: 'Sr. Pérez', people: 4 });
    expect(s.parked[PARKED]!.lines).toHaveLength(2);
    expect(s.parkedNo).toBe(1);
  });

  it('hanging up a table order frees the table and keeps its dishes and the cart', () => {
    const s = exec(orderAt('ordered'), 'order.hangUp', { orderId: ORDER, parkedId: PARKED, label: '', lines: [lomo(5)] }).state;
    expect(s.orders[ORDER]).toBeUndefined();
    expect(s.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(s.parked[PARKED]!.label).toBe('S1');
    expect(s.parked[PARKED]!.lines.map((l) => l.qty)).toEqual([2, 1, 1]);
  });

  it('resuming at a free table opens it with the label as customer and the dishes unsent, and ends the parked order', () => {
    const { state, result } = exec(parkedState(), 'pending.resume', { parkedId: PARKED, tableId: T.s2, orderId: uid(700) });
    expect(result.orderId).toBe(uid(700));
    const order = state.orders[uid(700)]!;
    expect(order.customer.name).toBe('Sr. Pérez');
    expect(order.people).toBe(4);
    expect(order.lines.map((l) => [l.names.es, l.qty, l.sentBatch])).toEqual([
      ['Plato 201', 2, null],
      ['Torta', 1, null],
    ]);
    expect(state.tables[T.s2]!.status).toBe(TABLE_STATUS.pending);
    expect(state.parked[PARKED]).toBeUndefined();
  });

  it('a dish sold out meanwhile refuses the resume and the parked order stays', () => {
    const s = exec(parkedState(), 'product.setSoldOut', { productId: P.lomo.id, soldOut: true }).state;
    const d = decideOn(s, 'pending.resume', { parkedId: PARKED, tableId: T.s2, orderId: uid(700) });
    expect(d).toMatchObject({ ok: false, code: 'PRODUCT_UNAVAILABLE' });
  });
});
