/**
 * Tests of hub/protocol/parse-command.ts, the gate every device command passes
 * before the domain sees it. They live here beside the domain tests because
 * this change was scoped to hub/domain, hub/store and hub/engine.
 */
import { describe, expect, it } from 'vitest';
import { parseCommand } from '#protocol';
import { NO_CUSTOMER, uid } from './test-fixtures.ts';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const AT = '2025-03-14T19:30:00.000Z';

function envelope(type: string, payload: unknown, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: ID, type, payload, deviceId: 'tablet-1', at: AT, ...over };
}

const open = { tableId: 't-s1', orderId: uid(1), people: 2, customer: NO_CUSTOMER };
const line = { lineId: uid(2), productId: 'p-lomo', qty: 1, remark: '' };

describe('parseCommand accepts valid envelopes', () => {
  it('returns the typed command with its envelope', () => {
    expect(parseCommand(envelope('order.settleCash', { orderId: 'o1', receivedCents: 5000 }))).toEqual({
      ok: true,
      command: { id: ID, type: 'order.settleCash', payload: { orderId: 'o1', receivedCents: 5000 }, deviceId: 'tablet-1', at: AT },
    });
  });

  it('trims text and drops keys the schema does not know', () => {
    const parsed = parseCommand(envelope('restaurant.rename', { name: '  La Mar  ', admin: true }));
    expect(parsed.ok && parsed.command.payload).toEqual({ name: 'La Mar' });
  });

  it.each(['2025-03-14T14:30:00-05:00', '2025-03-14T19:30:00Z'])('accepts a device time with an offset: %s', (at) => {
    expect(parseCommand(envelope('order.send', { orderId: 'o1' }, { at })).ok).toBe(true);
  });
});

describe('parseCommand refuses with a code and the field name', () => {
  it.each<[string, unknown, string, string]>([
    // missing or empty: REQUIRED_FIELD
    ['no id', envelope('order.send', { orderId: 'o1' }, { id: undefined }), 'REQUIRED_FIELD', 'id'],
    ['no device id', envelope('order.send', { orderId: 'o1' }, { deviceId: undefined }), 'REQUIRED_FIELD', 'deviceId'],
    ['an empty type', envelope('', {}), 'REQUIRED_FIELD', 'type'],
    ['no order id', envelope('order.send', {}), 'REQUIRED_FIELD', 'orderId'],
    ['a null order id', envelope('order.send', { orderId: null }), 'REQUIRED_FIELD', 'orderId'],
    ['a blank restaurant name', envelope('restaurant.rename', { name: '   ' }), 'REQUIRED_FIELD', 'name'],
    [
      'an empty table name',
      envelope('table.save', { id: 't', areaId: 'a', name: '', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 0 }),
      'REQUIRED_FIELD',
      'name',
    ],
    ['a line without product', envelope('order.addLines', { orderId: 'o1', lines: [{ ...line, productId: undefined }] }), 'REQUIRED_FIELD', 'lines.0.productId'],
    // wrong type or shape: INCORRECT_INPUT
    ['an id that is not a uuid', envelope('order.send', { orderId: 'o1' }, { id: 'abc-123' }), 'INCORRECT_INPUT', 'id'],
    ['an order id for table.open that is not a uuid', envelope('table.open', { ...open, orderId: 'order-7' }), 'INCORRECT_INPUT', 'orderId'],
    ['a line id that is not a uuid', envelope('order.addLines', { orderId: 'o1', lines: [{ ...line, lineId: 'l1' }] }), 'INCORRECT_INPUT', 'lines.0.lineId'],
    ['a device time that is not a date', envelope('order.send', { orderId: 'o1' }, { at: 'yesterday' }), 'INCORRECT_INPUT', 'at'],
    ['a device time without offset', envelope('order.send', { orderId: 'o1' }, { at: '2025-03-14T19:30:00' }), 'INCORRECT_INPUT', 'at'],
    ['people as a string', envelope('table.open', { ...open, people: '2' }), 'INCORRECT_INPUT', 'people'],
    ['zero people', envelope('table.open', { ...open, people: 0 }), 'INCORRECT_INPUT', 'people'],
    ['an unknown gender', envelope('table.open', { ...open, customer: { ...NO_CUSTOMER, gender: 3 } }), 'INCORRECT_INPUT', 'customer.gender'],
    ['a phone with letters', envelope('table.open', { ...open, customer: { ...NO_CUSTOMER, phone: 'abc' } }), 'INCORRECT_INPUT', 'customer.phone'],
    ['a quantity of 0', envelope('order.addLines', { orderId: 'o1', lines: [{ ...line, qty: 0 }] }), 'INCORRECT_INPUT', 'lines.0.qty'],
    ['a fractional quantity', envelope('order.addLines', { orderId: 'o1', lines: [{ ...line, qty: 1.5 }] }), 'INCORRECT_INPUT', 'lines.0.qty'],
    ['an empty list of lines', envelope('order.addLines', { orderId: 'o1', lines: [] }), 'INCORRECT_INPUT', 'lines'],
    ['fractional céntimos', envelope('order.settleCash', { orderId: 'o1', receivedCents: 12.5 }), 'INCORRECT_INPUT', 'receivedCents'],
    ['negative céntimos', envelope('order.settleCash', { orderId: 'o1', receivedCents: -1 }), 'INCORRECT_INPUT', 'receivedCents'],
    ['an amount as text', envelope('order.settleCash', { orderId: 'o1', receivedCents: '50' }), 'INCORRECT_INPUT', 'receivedCents'],
    ['sold out as a string', envelope('product.setSoldOut', { productId: 'p1', soldOut: 'yes' }), 'INCORRECT_INPUT', 'soldOut'],
    [
      'an unknown table type',
      envelope('table.save', { id: 't', areaId: 'a', name: 'S1', type: 'vip', minConsumptionCents: 0, seats: 4, sort: 0 }),
      'INCORRECT_INPUT',
      'type',
    ],
    ['a remark over 140 characters', envelope('order.addLines', { orderId: 'o1', lines: [{ ...line, remark: 'x'.repeat(141) }] }), 'INCORRECT_INPUT', 'lines.0.remark'],
  ])('%s -> %s %s', (_label, input, code, message) => {
    expect(parseCommand(input)).toEqual({ ok: false, code, message });
  });

  it('an unknown command type is UNKNOWN_COMMAND, naming the type', () => {
    expect(parseCommand(envelope('order.teleport', {}))).toEqual({ ok: false, code: 'UNKNOWN_COMMAND', message: 'order.teleport' });
  });

  it('a type inherited from Object.prototype is not a command', () => {
    expect(parseCommand(envelope('toString', {}))).toMatchObject({ ok: false, code: 'UNKNOWN_COMMAND' });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'order.send'],
    ['an array', []],
  ])('input that is %s is refused, never thrown', (_label, input) => {
    const parsed = parseCommand(input);
    expect(parsed.ok).toBe(false);
    expect(['REQUIRED_FIELD', 'INCORRECT_INPUT']).toContain(!parsed.ok && parsed.code);
  });

  it('a missing payload names the field "payload"', () => {
    expect(parseCommand(envelope('order.send', undefined))).toEqual({ ok: false, code: 'REQUIRED_FIELD', message: 'payload' });
  });
});
