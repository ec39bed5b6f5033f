import { describe, expect, it } from 'vitest';
import type { DomainEvent, State } from '#protocol';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { applyAll } from '../apply.ts';
import type { DecideContext } from '../decision.ts';
import { orderTotals } from '../money.ts';
import { ctxAt, decideOn, deepFreeze, exec, orderAt, uid } from '../test-fixtures.ts';

/** orderAt('sent'): line 101 is 2 ceviche (S/ 64), line 102 a chicha (S/ 6): S/ 70.00. */
const ORDER = uid(1);
const CEVICHE = uid(101);

/** The sent order in a restaurant with staff, so that role limits apply (owner 99 %, cashier 10 %, waiter 0 %). */
function staffed(stage: 'sent' | 'prebilled' = 'sent'): State {
  const events: DomainEvent[] = [
    ...ROLE_PRESET_IDS.map((id): DomainEvent => ({ type: 'role.saved', role: { id, name: '', aliases: [...ROLE_PRESETS[id]] } })),
    { type: 'staff.saved', staff: { id: 'own', name: 'Rosa', code: '1', roleId: 'owner' } },
    { type: 'staff.saved', staff: { id: 'man', name: 'Mario', code: '2', roleId: 'manager' } },
    { type: 'staff.saved', staff: { id: 'cas', name: 'Carla', code: '3', roleId: 'cashier' } },
  ];
  return deepFreeze(applyAll(orderAt(stage), events));
}
const as = (staffId: string, approver: string | null = null): DecideContext => ({ ...ctxAt(), actor: { staffId, deviceId: 'till' }, approver });
const order = (s: State) => s.orders[ORDER]!;

describe('order.setDiscount', () => {
  it.each([
    { name: '10 % by a cashier (her limit)', discount: { kind: 'percent', percent: 10 } as const, who: as('cas'), off: 700 },
    { name: 'S/ 7.00 by a cashier (exactly 10 %)', discount: { kind: 'amount', cents: 700 } as const, who: as('cas'), off: 700 },
    { name: '50 % by the owner', discount: { kind: 'percent', percent: 50 } as const, who: as('own'), off: 3500 },
    { name: '99 % by a cashier with a manager approving', discount: { kind: 'percent', percent: 99 } as const, who: as('cas', 'man'), off: 6930 },
    { name: '0 % clears it', discount: { kind: 'percent', percent: 0 } as const, who: as('cas'), off: 0 },
  ])('$name: S/ off = $off', ({ discount, who, off }) => {
    const d = decideOn(staffed(), 'order.setDiscount', { orderId: ORDER, discount }, who);
    if (!d.ok) throw new Error(d.code);
    expect(orderTotals(order(applyAll(staffed(), d.events)), 0).orderDiscountCents).toBe(off);
  });

  it.each([
    { name: '11 % by a cashier', discount: { kind: 'percent', percent: 11 } as const, who: as('cas'), code: 'APPROVAL_REQUIRED', field: 'discountPercent' },
    { name: 'S/ 7.01 by a cashier (just past 10 %)', discount: { kind: 'amount', cents: 701 } as const, who: as('cas'), code: 'APPROVAL_REQUIRED', field: 'discountPercent' },
    { name: '50 % by a cashier with another cashier "approving"', discount: { kind: 'percent', percent: 50 } as const, who: as('cas', 'cas'), code: 'APPROVAL_REQUIRED', field: 'discountPercent' },
    { name: 'more than the subtotal', discount: { kind: 'amount', cents: 7001 } as const, who: as('own'), code: 'DISCOUNT_TOO_LARGE', field: 'discount.cents' },
  ])('refuses $name ($code), changing nothing', ({ discount, who, code, field }) => {
    expect(decideOn(staffed(), 'order.setDiscount', { orderId: ORDER, discount }, who)).toEqual({ ok: false, code, message: field });
  });

  it('waits for a cancelled pre-bill: the guest holds the pre-bill amounts', () => {
    expect(decideOn(staffed('prebilled'), 'order.setDiscount', { orderId: ORDER, discount: { kind: 'percent', percent: 5 } }, as('own'))).toEqual({ ok: false, code: 'ORDER_PREBILLED' });
  });

  it('sent twice sets the same discount once (a set, not an add)', () => {
    let s = staffed();
    for (let i = 0; i < 2; i++) s = exec(s, 'order.setDiscount', { orderId: ORDER, discount: { kind: 'percent', percent: 10 } }, as('cas')).state;
    expect(orderTotals(order(s), 0).orderDiscountCents).toBe(700);
  });
});

describe('order.setLineDiscount', () => {
  it('takes céntimos off one line only', () => {
    const s = exec(staffed(), 'order.setLineDiscount', { orderId: ORDER, lineId: CEVICHE, discountCents: 640 }, as('cas')).state;
    expect(orderTotals(order(s), 0)).toMatchObject({ lineDiscountCents: 640, subtotalCents: 6360 });
  });

  it.each([
    { name: 'past a cashier limit (11 % of S/ 64)', cents: 641, who: as('cas'), code: 'APPROVAL_REQUIRED', field: 'discountPercent' },
    { name: 'more than the line', cents: 6401, who: as('own'), code: 'DISCOUNT_TOO_LARGE', field: 'discountCents' },
  ])('refuses $name', ({ cents, who, code, field }) => {
    expect(decideOn(staffed(), 'order.setLineDiscount', { orderId: ORDER, lineId: CEVICHE, discountCents: cents }, who)).toEqual({ ok: false, code, message: field });
  });

  it.each(['__proto__', 'constructor', uid(999)])('refuses the line id %s as NOT_FOUND', (lineId) => {
    expect(decideOn(staffed(), 'order.setLineDiscount', { orderId: ORDER, lineId, discountCents: 1 }, as('own'))).toEqual({ ok: false, code: 'NOT_FOUND', message: 'lineId' });
  });
});

describe('order.setTip and order.setLunchBox', () => {
  it('a tip adds to the total, also on a pre-billed order', () => {
    const s = exec(staffed('prebilled'), 'order.setTip', { orderId: ORDER, tipCents: 500 }, as('cas')).state;
    expect(orderTotals(order(s), 0)).toMatchObject({ tipCents: 500, totalCents: 7500 });
  });

  it.each([
    { box: { mode: 'perItem', priceCents: 100 } as const, cents: 300 },
    { box: { mode: 'perOrder', priceCents: 150 } as const, cents: 150 },
    { box: { mode: 'perItem', priceCents: 0 } as const, cents: 0 },
    { box: null, cents: 0 },
  ])('lunch box $box -> $cents céntimos (3 portions)', ({ box, cents }) => {
    const s = exec(staffed(), 'order.setLunchBox', { orderId: ORDER, lunchBox: box }, as('cas')).state;
    expect(orderTotals(order(s), 0).lunchBoxCents).toBe(cents);
  });

  it.each([
    ['order.setTip', () => decideOn(staffed(), 'order.setTip', { orderId: '__proto__', tipCents: 1 }, as('own'))],
    ['order.setLunchBox', () => decideOn(staffed(), 'order.setLunchBox', { orderId: 'nope', lunchBox: null }, as('own'))],
    ['order.setDiscount', () => decideOn(staffed(), 'order.setDiscount', { orderId: 'constructor', discount: { kind: 'percent', percent: 1 } }, as('own'))],
  ])('%s on an order that is not open: ORDER_NOT_OPEN', (_n, run) => {
    expect(run()).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
  });
});
