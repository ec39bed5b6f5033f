import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandReply, CommandType, TallyDayResponse } from '#protocol';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { command, getJson, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Issue 19 item 2: the book's expected cash is the drawer's own movements,
 * read from the same sources as the shift: a debt collected in cash that day
 * is in both (the shift counted it as it happened), a debt collected by Yape
 * in neither drawer, and the two figures move together.
 */

let t: TestHub;
let n = 0;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
  const r = (await postCommand(t.url, command(type, payload))).body;
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code} ${r.message ?? ''}`);
  return r;
}
const summary = async () => {
  const r = await getJson<TallyDayResponse>(t.url, '/api/tally');
  expect(r.status).toBe(200);
  return r.body.summary;
};
const shiftCash = () => expectedByMethod(t.hub.engine.state.openShift!).cash ?? 0;

/** Two ceviches settled now: `owed` on account, the rest in cash (S/ 1000 handed over). */
async function billOnAccount(owed: number): Promise<string> {
  const tableId = `t-td${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `TD${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 600 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] });
  await asOwner('order.send', { orderId });
  await asOwner('order.settle', {
    orderId,
    payments: [{ method: 'onAccount', amountCents: owed, person: 'Rosa Díaz', contact: '987654321' }, { method: 'cash', amountCents: 100_000 }],
    document: { kind: 'note', docId: '', name: '' },
    print: false,
  });
  return orderId;
}

beforeAll(async () => {
  t = await startTestHub();
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: 'sh-tally-debts', floatCents: 10_000 });
});
afterAll(async () => {
  await t?.close();
});

describe('the book counts debts collected that day, as the shift does', () => {
  it('a debt paid in cash in two goes (the second closes it) and one paid by Yape', async () => {
    const billA = await billOnAccount(3000);
    const billB = await billOnAccount(2000);
    const before = await summary();
    const shiftBefore = shiftCash();
    expect(before.cashDebtsCents).toBe(0);

    await asOwner('account.settle', { billId: billA, payments: [{ method: 'cash', amountCents: 1200 }] });
    let after = await summary();
    expect(after.cashDebtsCents).toBe(1200);
    expect(after.expectedCashCents - before.expectedCashCents).toBe(1200);
    expect(shiftCash() - shiftBefore).toBe(1200);

    // The rest closes the debt: it leaves the live state for the accounts day log, and is still counted.
    await asOwner('account.settle', { billId: billA, payments: [{ method: 'cash', amountCents: 1800 }] });
    await asOwner('account.settle', { billId: billB, payments: [{ method: 'yape', amountCents: 2000, operationNo: '123456' }] });
    expect(t.hub.engine.state.accounts[billA]).toBeUndefined();
    after = await summary();
    expect(after.debtsByMethod).toEqual({ cash: 3000, yape: 2000 });
    expect(after.cashDebtsCents).toBe(3000);
    expect(after.expectedCashCents - before.expectedCashCents).toBe(3000);
    expect(shiftCash() - shiftBefore).toBe(3000);

    // Filed to disk (a snapshot), the closed debt is read from its day file: the same figure.
    await t.hub.engine.snapshot();
    expect((await summary()).expectedCashCents).toBe(after.expectedCashCents);
  });
});
