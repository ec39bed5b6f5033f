import { describe, expect, it } from 'vitest';
import type { PaymentInput, State } from '#protocol';
import { parseCommand } from '#protocol';
import { getOwn } from '../records.ts';
import { orderTotals } from '../money.ts';
import { ctxAt, decideOn, deepFreeze, exec, LATER, P, T, uid } from '../test-fixtures.ts';
import { ANA, BETO, CEVICHE_LINE, CHICHA_LINE, ERASED, LOMO_LINE, ORDER, vipOrder } from './test-members.ts';

const NOTE = { kind: 'note', docId: '', name: '' } as const;
const orderOf = (s: State) => getOwn(s.orders, ORDER)!;
const settle = (s: State, payments: PaymentInput[]) => decideOn(s, 'order.settle', { orderId: ORDER, payments, document: NOTE, print: false }, ctxAt(LATER, 'cajera-2'));

describe('order.attachMember: refusals change nothing', () => {
  const cases: { name: string; state: () => State; memberId: string; verify: string; code: string; field?: string }[] = [
    { name: 'digits that are not the end of the phone', state: () => vipOrder(), memberId: ANA, verify: '1234', code: 'MEMBER_VERIFY_FAILED', field: 'verify' },
    { name: 'the first 4 digits instead of the last', state: () => vipOrder(), memberId: ANA, verify: '9876', code: 'MEMBER_VERIFY_FAILED', field: 'verify' },
    { name: 'a member nobody registered', state: () => vipOrder(), memberId: uid(999), verify: '4321', code: 'MEMBER_NOT_FOUND', field: 'memberId' },
    { name: 'a member id like __proto__', state: () => vipOrder(), memberId: '__proto__', verify: '4321', code: 'MEMBER_NOT_FOUND', field: 'memberId' },
    { name: 'a member id like constructor', state: () => vipOrder(), memberId: 'constructor', verify: '4321', code: 'MEMBER_NOT_FOUND', field: 'memberId' },
    { name: 'an erased member', state: () => vipOrder(), memberId: ERASED, verify: '0000', code: 'MEMBER_ERASED', field: 'memberId' },
    { name: 'a pre-billed order (the guest holds its amounts)', state: () => exec(vipOrder(), 'order.prebill', { orderId: ORDER }).state, memberId: ANA, verify: '4321', code: 'ORDER_PREBILLED' },
    { name: 'an order that is not open', state: () => vipOrder(), memberId: ANA, verify: '4321', code: 'ORDER_NOT_OPEN', field: 'orderId' },
  ];
  it.each(cases)('$name → $code', ({ name, state, memberId, verify, code, field }) => {
    const before = deepFreeze(state());
    const orderId = name.startsWith('an order that') ? uid(77) : ORDER;
    const d = decideOn(before, 'order.attachMember', { orderId, memberId, verify });
    expect(d).toEqual(field ? { ok: false, code, message: field } : { ok: false, code });
  });

  it('the schema takes exactly 4 digits', () => {
    for (const verify of ['123', '12345', 'abcd', '', ' 12 3']) {
      expect(parseCommand({ id: uid(5), type: 'order.attachMember', deviceId: 'd', at: LATER, payload: { orderId: ORDER, memberId: ANA, verify } }).ok).toBe(false);
    }
  });
});

describe('order.attachMember: VIP prices on the order lines', () => {
  it('re-prices each line with a VIP price under its list price and keeps the list price beside it', () => {
    const s = exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
    const o = orderOf(s);
    expect(o.member).toEqual({ id: ANA, no: '000001', name: 'Ana P.' });
    const byId = Object.fromEntries(o.lines.map((l) => [l.id, [l.unitPriceCents, l.listUnitPriceCents]]));
    expect(byId).toEqual({
      [CEVICHE_LINE]: [2800, 3200],
      // No VIP price: the list price, nothing beside it.
      [CHICHA_LINE]: [600, undefined],
      // A VIP price above the list price is never charged.
      [LOMO_LINE]: [3800, undefined],
    });
    expect(orderTotals(o, 0).totalCents).toBe(2 * 2800 + 600 + 3800);
  });

  it('lines added later to an order with a member take the VIP price too; detaching puts every list price back', () => {
    let s = exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
    s = exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(104), productId: P.ceviche.id, qty: 1, remark: '' }] }).state;
    const added = orderOf(s).lines.find((l) => l.id === uid(104))!;
    expect([added.unitPriceCents, added.listUnitPriceCents]).toEqual([2800, 3200]);
    const detached = exec(s, 'order.detachMember', { orderId: ORDER }).state;
    const o = orderOf(detached);
    expect(o.member).toBeNull();
    expect(o.lines.map((l) => [l.unitPriceCents, l.listUnitPriceCents])).toEqual([[3200, undefined], [600, undefined], [3800, undefined], [3200, undefined]]);
    // Lines added after detaching are at their list price.
    const after = exec(detached, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(105), productId: P.ceviche.id, qty: 1, remark: '' }] }).state;
    expect(orderOf(after).lines.at(-1)!.unitPriceCents).toBe(3200);
  });

  it('attaching twice (another member over the first) never prices a line below its VIP price', () => {
    let s = exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
    s = exec(s, 'order.attachMember', { orderId: ORDER, memberId: BETO, verify: '5678' }).state;
    const o = orderOf(s);
    expect(o.member).toEqual({ id: BETO, no: '000002', name: 'Beto Q.' });
    expect(o.lines.map((l) => [l.unitPriceCents, l.listUnitPriceCents])).toEqual([[2800, 3200], [600, undefined], [3800, undefined]]);
  });

  it('the bill keeps the member and the VIP-priced lines as charged', () => {
    const s = exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
    const d = settle(s, [{ method: 'cash', amountCents: 10_000 }]);
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error('refused');
    const bill = d.events[0].bill;
    expect(bill.member).toEqual({ id: ANA, no: '000001', name: 'Ana P.' });
    expect(bill.totalCents).toBe(10_000);
    expect(bill.goodsCents).toBe(10_000);
    expect(bill.lines[0]).toMatchObject({ unitPriceCents: 2800, listUnitPriceCents: 3200 });
  });

  it('a bill without a member has no member field (older bills read the same)', () => {
    const d = settle(vipOrder(), [{ method: 'cash', amountCents: 10_800 }]);
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error('refused');
    expect('member' in d.events[0].bill).toBe(false);
  });
});

describe('order.detachMember: refusals change nothing', () => {
  it.each([
    { name: 'an order without a member', state: () => vipOrder(), code: 'MEMBER_REQUIRED', message: 'orderId' },
    { name: 'a pre-billed order', state: () => exec(exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state, 'order.prebill', { orderId: ORDER }).state, code: 'ORDER_PREBILLED' },
  ])('$name → $code', ({ state, code, message }) => {
    const before = deepFreeze(state());
    expect(decideOn(before, 'order.detachMember', { orderId: ORDER })).toEqual(message ? { ok: false, code, message } : { ok: false, code });
  });
});

describe('order.settle: the member balance as a payment', () => {
  const withAna = (balanceCents = 5000) => exec(vipOrder('sent', T.s1, balanceCents), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
  const cases: { name: string; state: () => State; payments: PaymentInput[]; code?: string; field?: string; codes?: number[] }[] = [
    { name: 'balance and cash for the VIP total', state: () => withAna(), payments: [{ method: 'balance', amountCents: 5000 }, { method: 'cash', amountCents: 5000 }], codes: [2, 1] },
    { name: 'the whole bill from the balance', state: () => withAna(10_000), payments: [{ method: 'balance', amountCents: 10_000 }], codes: [2] },
    { name: 'balance with Yape and a card', state: () => withAna(), payments: [{ method: 'balance', amountCents: 1000 }, { method: 'yape', amountCents: 4000, operationNo: '77777' }, { method: 'visa', amountCents: 5000 }], codes: [2, 106, 201] },
    { name: 'balance on an order without a member', state: () => vipOrder(), payments: [{ method: 'balance', amountCents: 5000 }, { method: 'cash', amountCents: 5800 }], code: 'MEMBER_REQUIRED', field: 'payments' },
    { name: 'one céntimo more than the balance', state: () => withAna(), payments: [{ method: 'balance', amountCents: 5001 }, { method: 'cash', amountCents: 4999 }], code: 'INSUFFICIENT_BALANCE', field: 'payments' },
    { name: 'two balance payments adding past it', state: () => withAna(), payments: [{ method: 'balance', amountCents: 3000 }, { method: 'balance', amountCents: 3000 }, { method: 'cash', amountCents: 4000 }], code: 'INSUFFICIENT_BALANCE', field: 'payments' },
    { name: 'balance giving change (change only from cash)', state: () => withAna(20_000), payments: [{ method: 'balance', amountCents: 10_001 }], code: 'CHANGE_ONLY_FROM_CASH', field: 'payments' },
    { name: 'a member erased since it was attached', state: () => exec(withAna(), 'member.erase', { memberId: ANA, reason: 'Lo pidió' }).state, payments: [{ method: 'balance', amountCents: 100 }, { method: 'cash', amountCents: 9_900 }], code: 'MEMBER_ERASED', field: 'payments' },
  ];
  it.each(cases)('$name', ({ state, payments, code, field, codes }) => {
    const before = deepFreeze(state());
    const d = settle(before, payments);
    if (code) {
      expect(d).toEqual({ ok: false, code, message: field });
      return;
    }
    if (!d.ok || d.events[0]?.type !== 'order.settled') throw new Error(d.ok ? 'no bill' : d.code);
    expect(d.events[0].bill.payments.map((p) => p.accountCode)).toEqual(codes);
    expect(d.events[0].bill.receivedCents - d.events[0].bill.changeCents).toBe(10_000);
  });
});

describe("a member's prices stay on the member's bill (table-ops' move and merge)", () => {
  const S2_ORDER = uid(2);
  const attached = () => exec(vipOrder(), 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;

  it('a VIP-priced dish moved to a table without a member goes at its list price', () => {
    const s = exec(attached(), 'order.moveLines', { fromOrderId: ORDER, toTableId: T.s2, orderId: S2_ORDER, people: 1, lines: [{ lineId: CEVICHE_LINE, qty: 2, newLineId: uid(301) }] }).state;
    const moved = getOwn(s.orders, S2_ORDER)!.lines[0]!;
    expect([moved.unitPriceCents, moved.listUnitPriceCents]).toEqual([3200, undefined]);
  });

  it("a table merged into a member's order: its dishes take the member's VIP prices", () => {
    let s = exec(vipOrder(), 'table.open', { tableId: T.s2, orderId: S2_ORDER, people: 1, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }).state;
    s = exec(s, 'order.addLines', { orderId: S2_ORDER, lines: [{ lineId: uid(302), productId: P.ceviche.id, qty: 1, remark: '' }], send: true }).state;
    s = exec(s, 'order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' }).state;
    s = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    const line = orderOf(s).lines.find((l) => l.id === uid(302))!;
    expect([line.unitPriceCents, line.listUnitPriceCents]).toEqual([2800, 3200]);
  });
});
