import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bill, Command, PaymentInput, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import type { DecideContext } from '../decision.ts';
import { lineTotalCents, orderTotals } from '../money.ts';
import { command, P, T, uid } from '../test-fixtures.ts';
import { ANA, COUPON, vipOrder, withCoupons } from './test-members.ts';

/**
 * Money exact to the céntimo, for any sequence of what a service does to a
 * bill: lines added and sent, returns, gifts, cancellations, single-item
 * discounts, an order discount, a tip, lunch boxes, a table minimum, a
 * deposit, a member attached or taken off (VIP prices, issue 22), a coupon applied or removed,
 * then payments split over methods, the member's balance among them. Whatever was refused changed
 * nothing; whatever was accepted keeps
 *   goods − gifts − discounts + tip + fee + lunch boxes = receivable
 *   receivable − deposit = payments − change
 * and the settled bill stores every one of those amounts.
 */

const ORDER = uid(1);
const HUB: DecideContext = { now: '2025-03-14T19:30:00.000Z', actor: { staffId: null, deviceId: 'prop' } };
const PRODUCTS = [P.ceviche.id, P.lomo.id, P.chicha.id, P.agua.id];

type Action =
  | { kind: 'add'; product: number; qty: number }
  | { kind: 'return' | 'gift' | 'cancel'; line: number; qty: number }
  | { kind: 'lineDiscount'; line: number; cents: number }
  | { kind: 'percent'; percent: number }
  | { kind: 'amount'; cents: number }
  | { kind: 'tip'; cents: number }
  | { kind: 'box'; mode: 'perItem' | 'perOrder' | 'none'; cents: number }
  | { kind: 'attach' | 'detach' | 'coupon' | 'uncoupon' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), product: fc.nat(3), qty: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constantFrom('return' as const, 'gift' as const, 'cancel' as const), line: fc.nat(9), qty: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('lineDiscount' as const), line: fc.nat(9), cents: fc.nat(9000) }),
  fc.record({ kind: fc.constant('percent' as const), percent: fc.nat(99) }),
  fc.record({ kind: fc.constant('amount' as const), cents: fc.nat(20000) }),
  fc.record({ kind: fc.constant('tip' as const), cents: fc.nat(5000) }),
  fc.record({ kind: fc.constant('box' as const), mode: fc.constantFrom('perItem' as const, 'perOrder' as const, 'none' as const), cents: fc.nat(300) }),
  fc.record({ kind: fc.constantFrom('attach' as const, 'detach' as const, 'coupon' as const, 'uncoupon' as const) }),
);

function toCommand(s: State, a: Action, n: number): Command {
  const lines = s.orders[ORDER]!.lines;
  const lineId = lines.length > 0 ? lines[('line' in a ? a.line : 0) % lines.length]!.id : uid(999);
  switch (a.kind) {
    case 'add':
      return command('order.addLines', { orderId: ORDER, lines: [{ lineId: uid(500 + n), productId: PRODUCTS[a.product]!, qty: a.qty, remark: '' }], send: true });
    case 'return':
      return command('order.returnLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'frío' });
    case 'gift':
      return command('order.giftLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'cliente frecuente' });
    case 'cancel':
      return command('order.cancelLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'no hay insumos' });
    case 'lineDiscount':
      return command('order.setLineDiscount', { orderId: ORDER, lineId, discountCents: a.cents });
    case 'percent':
      return command('order.setDiscount', { orderId: ORDER, discount: { kind: 'percent', percent: a.percent } });
    case 'amount':
      return command('order.setDiscount', { orderId: ORDER, discount: { kind: 'amount', cents: a.cents } });
    case 'tip':
      return command('order.setTip', { orderId: ORDER, tipCents: a.cents });
    case 'box':
      return command('order.setLunchBox', { orderId: ORDER, lunchBox: a.mode === 'none' ? null : { mode: a.mode, priceCents: a.cents } });
    case 'attach':
      return command('order.attachMember', { orderId: ORDER, memberId: ANA, verify: '4321' });
    case 'detach':
      return command('order.detachMember', { orderId: ORDER });
    case 'coupon':
      return command('order.applyCoupon', { orderId: ORDER, code: COUPON });
    case 'uncoupon':
      return command('order.removeCoupon', { orderId: ORDER });
  }
}

/** Splits `due` over the member's balance (up to `balance`), a card, Yape and cash (cash may be more: change). */
function payments(due: number, cardShare: number, yapeShare: number, extraCash: number, balance = 0): PaymentInput[] {
  const fromBalance = Math.min(balance, due);
  due -= fromBalance;
  const card = Math.floor((due * cardShare) / 100);
  const yape = Math.floor(((due - card) * yapeShare) / 100);
  const cash = due - card - yape + extraCash;
  const out: PaymentInput[] = [];
  if (fromBalance > 0) out.push({ method: 'balance', amountCents: fromBalance });
  if (card > 0) out.push({ method: 'visa', amountCents: card });
  if (yape > 0) out.push({ method: 'yape', amountCents: yape, operationNo: '778899' });
  if (cash > 0) out.push({ method: 'cash', amountCents: cash });
  return out;
}

function holds(bill: Bill): void {
  const paid = bill.payments.reduce((n, p) => n + p.amountCents, 0);
  expect(bill.goodsCents - bill.giftCents - bill.lineDiscountCents).toBe(bill.subtotalCents);
  expect(bill.subtotalCents - bill.orderDiscountCents + bill.tipCents + bill.minSpendFeeCents + bill.lunchBoxCents).toBe(bill.totalCents);
  expect(bill.totalCents - bill.depositCents).toBe(bill.dueCents);
  expect(paid).toBe(bill.receivedCents);
  expect(bill.receivedCents - bill.changeCents).toBe(bill.dueCents);
  expect(bill.lines.reduce((n, l) => n + lineTotalCents(l), 0)).toBe(bill.subtotalCents);
  for (const v of [bill.giftCents, bill.lineDiscountCents, bill.orderDiscountCents, bill.changeCents, bill.depositCents, bill.dueCents]) expect(v).toBeGreaterThanOrEqual(0);
}

/** A member's bill: VIP prices only under the list price kept beside them; a coupon is the order discount; the balance paid at most what it held. */
function membersHold(bill: Bill, balance: number): void {
  for (const l of bill.lines) {
    if (l.listUnitPriceCents === undefined) continue;
    expect(bill.member).toBeDefined();
    expect(l.unitPriceCents).toBe(l.vipUnitPriceCents);
    expect(l.unitPriceCents).toBeLessThan(l.listUnitPriceCents);
  }
  if (bill.coupon) expect(bill.orderDiscount).toEqual({ kind: 'amount', cents: bill.coupon.deductionCents });
  if (bill.coupon) expect(bill.orderDiscountCents).toBe(Math.min(bill.coupon.deductionCents, bill.subtotalCents));
  const fromBalance = bill.payments.reduce((n, p) => n + (p.method === 'balance' ? p.amountCents : 0), 0);
  expect(fromBalance).toBeLessThanOrEqual(balance);
  if (fromBalance > 0) expect(bill.member?.id).toBe(ANA);
}

describe('money is exact to the céntimo (fast-check)', () => {
  it('for any sequence of adjustments and any split of payments', () => {
    const accepted = new Set<Action['kind']>();
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 25 }),
        fc.boolean(),
        fc.nat(12_000),
        fc.tuple(fc.nat(100), fc.nat(100), fc.nat(5000)),
        fc.nat(20_000),
        (actions, vip, deposit, [cardShare, yapeShare, extraCash], balance) => {
          // The VIP menu (ceviche S/ 32 → 28), Ana with a random balance, a dine-in coupon of S/ 15.
          let s = withCoupons(vipOrder('sent', vip ? T.vip : T.s1, balance));
          s = { ...s, orders: { ...s.orders, [ORDER]: { ...s.orders[ORDER]!, depositCents: deposit } } };
          actions.forEach((a, n) => {
            const d = decide(s, toCommand(s, a, n), HUB);
            if (!d.ok) return;
            accepted.add(a.kind);
            s = applyAll(s, d.events);
          });
          const order = s.orders[ORDER]!;
          const t = orderTotals(order, s.tables[order.tableId]!.minConsumptionCents);
          expect(t.goodsCents - t.giftCents - t.lineDiscountCents - t.orderDiscountCents + t.tipCents + t.minSpendFeeCents + t.lunchBoxCents).toBe(t.totalCents);
          const pays = payments(t.dueCents, cardShare, yapeShare, extraCash, order.member ? balance : 0);
          const d = decide(s, command('order.settle', { orderId: ORDER, payments: pays, document: { kind: 'note', docId: '', name: '' }, print: false, depositExcess: { action: 'keep' } }), HUB);
          if (!d.ok) throw new Error(`settle refused: ${d.code} ${d.message ?? ''}`);
          const settled = d.events[0];
          if (settled?.type !== 'order.settled') throw new Error('no bill');
          holds(settled.bill);
          expect(settled.bill).toMatchObject(t);
          membersHold(settled.bill, order.member ? balance : 0);
        },
      ),
      // A fixed seed: the check below needs a detach after an attach somewhere, which 300 random runs
      // missed once in CI; the seed keeps the runs the same, and so the check meaningful, on every machine.
      { numRuns: 300, seed: 20_261_128 },
    );
    // Not vacuous: every kind of action was accepted somewhere in the runs.
    expect([...accepted].sort()).toEqual(['add', 'amount', 'attach', 'box', 'cancel', 'coupon', 'detach', 'gift', 'lineDiscount', 'percent', 'return', 'tip', 'uncoupon']);
  });
});
