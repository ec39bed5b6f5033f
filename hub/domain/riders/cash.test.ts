import { describe, expect, it } from 'vitest';
import type { Bill, CommandPayload, State } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { applyAll } from '../apply.ts';
import type { DecideContext } from '../decision.ts';
import { expectedByMethod } from '../shift/totals.ts';
import { decideOn, deepFreeze, exec, orderAt, uid } from '../test-fixtures.ts';
import { heldPay, paidBill, pay, R, ridersRestaurant, settled } from './test-riders.ts';
import { riderCashOf } from './cash.ts';

const AT = '2025-03-14T19:30:00.000Z';
const as = (staffId: string): DecideContext => ({ now: AT, actor: { staffId, deviceId: 'till' } });
const handIn = (s: State, riderId: string, cents: number, id = `hi-${riderId}-${cents}`, by: string = R.owner): State =>
  exec(s, 'rider.handIn', { id, riderId, cents }, as(by)).state;

describe('what a rider owes for a bill (riderCashOf)', () => {
  const rows: { name: string; bill: Bill; owed: Record<string, number> }[] = [
    { name: 'cash exactly the bill', bill: paidBill(1, 6200, [heldPay(R.ana, 6200)]), owed: { [R.ana]: 6200 } },
    { name: 'the rider gave change from what they carried', bill: paidBill(1, 6200, [heldPay(R.ana, 10_000)], 3800), owed: { [R.ana]: 6200 } },
    { name: 'cash at the till too: the change came from the drawer', bill: paidBill(1, 5000, [heldPay(R.ana, 3000), pay('cash', 2500)], 500), owed: { [R.ana]: 3000 } },
    { name: 'a wallet and the rest at the door', bill: paidBill(1, 3000, [pay('yape', 2000), heldPay(R.beto, 1000)]), owed: { [R.beto]: 1000 } },
    { name: 'two riders on one bill: change stays the till\'s', bill: paidBill(1, 3000, [heldPay(R.ana, 2000), heldPay(R.beto, 1500)], 500), owed: { [R.ana]: 2000, [R.beto]: 1500 } },
    { name: 'no rider', bill: paidBill(1, 3000, [pay('cash', 5000)], 2000), owed: {} },
    { name: 'a withdrawn order', bill: paidBill(1, 0, [heldPay(R.ana, 100)], 0, { deleted: 2 }), owed: {} },
    { name: 'an empty heldBy is the till\'s', bill: paidBill(1, 1000, [{ ...pay('cash', 1000), heldBy: '' }]), owed: {} },
  ];
  it.each(rows)('$name', ({ bill, owed }) => {
    expect(Object.fromEntries(riderCashOf(bill))).toEqual(owed);
  });
});

describe('riders\' cash in the shift: counted when handed in, never when collected', () => {
  // Float S/ 100.00. Each row: the bills settled, the hand-ins, and what the drawer, each rider and the shift's rows show.
  const rows: { name: string; bills: Bill[]; handIns: [string, number][]; cash: number; held: Record<string, number>; rows: Record<string, { collectedCents: number; handedInCents: number; heldCents: number }> }[] = [
    {
      name: 'collected, not yet handed in: the drawer has only the float',
      bills: [paidBill(1, 6200, [heldPay(R.ana, 10_000)], 3800)],
      handIns: [],
      cash: 10_000,
      held: { [R.ana]: 6200 },
      rows: { [R.ana]: { collectedCents: 6200, handedInCents: 0, heldCents: 6200 } },
    },
    {
      name: 'handed in whole: in the drawer once',
      bills: [paidBill(1, 6200, [heldPay(R.ana, 10_000)], 3800)],
      handIns: [[R.ana, 6200]],
      cash: 16_200,
      held: { [R.ana]: 0 },
      rows: { [R.ana]: { collectedCents: 6200, handedInCents: 6200, heldCents: 0 } },
    },
    {
      name: 'handed in short: the rest is still the rider\'s',
      bills: [paidBill(1, 6200, [heldPay(R.ana, 6200)]), paidBill(2, 3500, [heldPay(R.ana, 3500)])],
      handIns: [[R.ana, 5000], [R.ana, 4000]],
      cash: 19_000,
      held: { [R.ana]: 700 },
      rows: { [R.ana]: { collectedCents: 9700, handedInCents: 9000, heldCents: 700 } },
    },
    {
      name: 'two riders and a till sale',
      bills: [paidBill(1, 4000, [heldPay(R.ana, 4000)]), paidBill(2, 2500, [heldPay(R.beto, 3000)], 500), paidBill(3, 1800, [pay('cash', 2000)], 200)],
      handIns: [[R.beto, 2500]],
      cash: 10_000 + 1800 + 2500,
      held: { [R.ana]: 4000, [R.beto]: 0 },
      rows: { [R.ana]: { collectedCents: 4000, handedInCents: 0, heldCents: 4000 }, [R.beto]: { collectedCents: 2500, handedInCents: 2500, heldCents: 0 } },
    },
  ];
  it.each(rows)('$name', ({ bills, handIns, cash, held, rows: expectedRows }) => {
    let s = settled(ridersRestaurant(), ...bills);
    handIns.forEach(([riderId, cents], i) => (s = handIn(s, riderId, cents, `hi-${i}`)));
    expect(expectedByMethod(s.openShift!).cash).toBe(cash);
    for (const [riderId, cents] of Object.entries(held)) expect(s.riders[riderId]!.heldCents).toBe(cents);
    for (const [riderId, row] of Object.entries(expectedRows)) expect(s.openShift!.totals.riderCash?.[riderId]).toMatchObject(row);
  });

  it('the close counts the drawer without what riders still hold', () => {
    let s = settled(ridersRestaurant(), paidBill(1, 6200, [heldPay(R.ana, 6200)]), paidBill(2, 1000, [pay('cash', 1000)]));
    s = handIn(s, R.ana, 2000);
    const closed = exec(s, 'shift.close', { counted: { cash: 13_000 }, note: '' }, as(R.owner));
    const event = closed.events.find((e) => e.type === 'shift.closed');
    expect(event?.type === 'shift.closed' && event.shift.counts).toEqual([{ method: 'cash', expectedCents: 13_000, countedCents: 13_000, differenceCents: 0 }]);
  });

  it('cash collected in one shift and handed in during the next goes into the next one\'s drawer', () => {
    let s = settled(ridersRestaurant(), paidBill(1, 6200, [heldPay(R.ana, 6200)]));
    s = exec(s, 'shift.close', { counted: { cash: 10_000 }, note: '' }, as(R.owner)).state;
    s = exec(s, 'shift.open', { id: 'sh-2', floatCents: 0 }, as(R.owner)).state;
    expect(s.riders[R.ana]!.heldCents).toBe(6200);
    s = handIn(s, R.ana, 6200);
    expect(expectedByMethod(s.openShift!).cash).toBe(6200);
    expect(s.openShift!.totals.riderCash?.[R.ana]).toEqual({ collectedCents: 0, handedInCents: 6200, handIns: 1, heldCents: 0 });
  });

  it('a refund in cash may take out what riders handed in, not what they still hold', () => {
    let s = settled(ridersRestaurant(0), paidBill(1, 6200, [heldPay(R.ana, 6200)]));
    expect(decideOn(s, 'shift.cashMove', { id: 'mv-1', direction: 'out', amountCents: 100, reason: 'Gas' }, as(R.owner))).toMatchObject({ ok: false, code: 'CASH_OUT_TOO_LARGE' });
    s = handIn(s, R.ana, 6200);
    expect(decideOn(s, 'shift.cashMove', { id: 'mv-1', direction: 'out', amountCents: 6200, reason: 'Gas' }, as(R.owner))).toMatchObject({ ok: true });
  });

  it('a replica without the riders slice folds the shift\'s row alike', () => {
    const { riders: _left, ...without } = ridersRestaurant();
    const s = settled(without as unknown as State, paidBill(1, 6200, [heldPay(R.ana, 6200)]));
    expect(s.riders).toBeUndefined();
    expect(s.openShift!.totals.riderCash?.[R.ana]).toMatchObject({ collectedCents: 6200 });
  });
});

describe('rider.handIn refusals: the hostile input, its code, the state as it was', () => {
  const holding = () => settled(ridersRestaurant(), paidBill(1, 6200, [heldPay(R.ana, 6200)]));
  const rows: { name: string; state: () => State; riderId: string; cents: number; id?: string; by?: string; code: string; message?: string }[] = [
    { name: 'more than the rider holds', state: holding, riderId: R.ana, cents: 6201, code: 'RIDER_HANDIN_TOO_LARGE', message: '6200' },
    { name: 'a rider who collected nothing', state: holding, riderId: R.beto, cents: 100, code: 'RIDER_HANDIN_TOO_LARGE', message: '0' },
    { name: 'unknown staff', state: holding, riderId: 'ghost', cents: 100, code: 'NOT_FOUND' },
    { name: 'a prototype name', state: holding, riderId: '__proto__', cents: 100, code: 'NOT_FOUND' },
    { name: 'constructor', state: holding, riderId: 'constructor', cents: 100, code: 'NOT_FOUND' },
    { name: 'a waiter', state: holding, riderId: R.waiter, cents: 100, code: 'NOT_A_RIDER' },
    { name: 'the same hand-in again (a double tap)', state: () => handIn(holding(), R.ana, 1000, 'hi-same'), riderId: R.ana, cents: 1000, id: 'hi-same', code: 'RIDER_HANDIN_DONE' },
    { name: 'no shift open', state: () => exec(holding(), 'shift.close', { counted: { cash: 10_000 }, note: '' }, as(R.owner)).state, riderId: R.ana, cents: 100, code: 'NO_OPEN_SHIFT' },
    { name: 'a rider handing in their own cash (gate: payment)', state: holding, riderId: R.ana, cents: 100, by: R.ana, code: 'FORBIDDEN' },
  ];
  it.each(rows)('$name: $code', ({ state, riderId, cents, id, by, code, message }) => {
    const s = deepFreeze(state());
    const d = decideOn(s, 'rider.handIn', { id: id ?? 'hi-x', riderId, cents }, as(by ?? R.owner));
    expect(d).toMatchObject({ ok: false, code, ...(message === undefined ? {} : { message }) });
  });

  it('refuses a zero or negative amount and ids that are not ids at the door', async () => {
    const { commandPayloads } = await import('#protocol');
    const schema = commandPayloads['rider.handIn'];
    for (const bad of [{ id: 'a', riderId: R.ana, cents: 0 }, { id: 'a', riderId: R.ana, cents: -5 }, { id: 'a', riderId: R.ana, cents: 1.5 }, { id: '__proto__', riderId: R.ana, cents: 1 }, { id: 'a', riderId: 'x y', cents: 1 }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('order.settle with cash a rider collects (heldBy)', () => {
  // The test restaurant's order at S1, sent to the kitchen, with the riders' staff added.
  const withRiders = (): State =>
    applyAll(orderAt('sent'), [
      { type: 'role.saved', role: { id: 'rider', name: '', aliases: ['M005'] } },
      { type: 'staff.saved', staff: { id: R.ana, name: 'Ana Rojas', code: '21', roleId: 'rider' } },
      { type: 'staff.saved', staff: { id: R.waiter, name: 'Mozo', code: '31', roleId: 'waiter' } },
    ]);
  const settle = (payments: CommandPayload<'order.settle'>['payments']) => ({ orderId: uid(1), payments, document: SALE_NOTE, print: false });
  const hub: DecideContext = { now: AT, actor: { staffId: null, deviceId: 'till' } };

  it('keeps the rider on the bill\'s payment and moves the cash to the rider, not the drawer', () => {
    const s = withRiders();
    const due = (s.orders[uid(1)]!.lines.reduce((n, l) => n + l.unitPriceCents * l.qty, 0));
    const step = exec(s, 'order.settle', settle([{ method: 'cash', amountCents: due + 1000, heldBy: R.ana }]), hub);
    const bill = step.events.find((e) => e.type === 'order.settled');
    expect(bill?.type === 'order.settled' && bill.bill.payments).toEqual([expect.objectContaining({ method: 'cash', heldBy: R.ana, amountCents: due + 1000 })]);
    expect(step.state.riders[R.ana]!.heldCents).toBe(due);
    expect(expectedByMethod(step.state.openShift!).cash).toBe(expectedByMethod(s.openShift!).cash);
  });

  const refusals: { name: string; payments: CommandPayload<'order.settle'>['payments']; code: string }[] = [
    { name: 'a card held by a rider', payments: [{ method: 'visa', amountCents: 100_000, heldBy: R.ana }], code: 'INCORRECT_INPUT' },
    { name: 'a wallet held by a rider', payments: [{ method: 'yape', amountCents: 100_000, operationNo: '12345678', heldBy: R.ana }], code: 'INCORRECT_INPUT' },
    { name: 'a waiter as the rider', payments: [{ method: 'cash', amountCents: 100_000, heldBy: R.waiter }], code: 'NOT_A_RIDER' },
    { name: 'nobody as the rider', payments: [{ method: 'cash', amountCents: 100_000, heldBy: 'ghost' }], code: 'NOT_FOUND' },
    { name: 'a prototype name as the rider', payments: [{ method: 'cash', amountCents: 100_000, heldBy: '__proto__' }], code: 'NOT_FOUND' },
  ];
  it.each(refusals)('refuses $name ($code), the order still open', ({ payments, code }) => {
    const s = deepFreeze(withRiders());
    expect(decideOn(s, 'order.settle', settle(payments), hub)).toMatchObject({ ok: false, code });
  });
});
