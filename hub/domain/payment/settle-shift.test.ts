import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { decideOn, exec, orderAt, uid } from '../test-fixtures.ts';

/**
 * Money is taken only inside a shift (issue 18 item 5): a bill settled while
 * no shift was open belonged to none, so the Z report missed it. Each
 * money-taking command is refused with NO_OPEN_SHIFT between shifts, and
 * changes nothing; once a shift is open the same command lands in it.
 */

const ORDER = uid(1);
/** The test restaurant with a sent order and its shift closed (counted S/ 0: nothing was sold). */
const betweenShifts = (): State => exec(orderAt('sent', undefined, ORDER), 'shift.close', { counted: { cash: 0 }, note: '' }).state;

type Case<K extends CommandType = CommandType> = { name: string; type: K; payload: CommandPayload<K> };
const cases: Case[] = [
  { name: 'order.settle', type: 'order.settle', payload: { orderId: ORDER, payments: [{ method: 'cash', amountCents: 10_000 }], document: SALE_NOTE, print: false } },
  { name: 'order.settleCash (older tills)', type: 'order.settleCash', payload: { orderId: ORDER, receivedCents: 10_000 } },
  { name: 'order.settle by card', type: 'order.settle', payload: { orderId: ORDER, payments: [{ method: 'visa', amountCents: 7_000 }], document: SALE_NOTE, print: false } },
];

describe('money is taken only inside a shift', () => {
  it.each(cases)('$name between shifts: NO_OPEN_SHIFT, nothing changes', ({ type, payload }) => {
    const s = betweenShifts();
    expect(s.openShift).toBeNull();
    expect(decideOn(s, type, payload as never)).toEqual({ ok: false, code: 'NO_OPEN_SHIFT' });
    expect(s.orders[ORDER]).toBeDefined();
  });

  it.each(cases)('$name after the shift is opened: accepted and counted in that shift', ({ type, payload }) => {
    const opened = exec(betweenShifts(), 'shift.open', { id: 'sh-2', floatCents: 5_000 }).state;
    const after = exec(opened, type, payload as never).state;
    expect(after.openShift).toMatchObject({ id: 'sh-2', totals: { salesCount: 1, salesCents: 7_000 } });
    expect(after.orders[ORDER]).toBeUndefined();
  });

  it('the clearer refusals come first: an order that is not open is ORDER_NOT_OPEN even between shifts', () => {
    const s = betweenShifts();
    expect(decideOn(s, 'order.settleCash', { orderId: uid(99), receivedCents: 10_000 })).toMatchObject({ ok: false, code: 'ORDER_NOT_OPEN' });
  });
});
