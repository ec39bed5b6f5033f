import type { Coupon, CouponBatch, DomainEvent, State } from '#protocol';
import { couponByCode, couponKey } from '#protocol';
import { applyAll } from '../apply.ts';
import { ANA, ANA_FIELDS, BETO, BETO_FIELDS, cashRecharge } from '../members/test-members.ts';
import { exec, menuState, openTable, addLines, P, product, T, uid } from '../test-fixtures.ts';

/**
 * A restaurant for the member and coupon tests (issue 22): the test menu with VIP prices on the
 * ceviche (S/ 32 → S/ 28) and the lomo (S/ 38 → S/ 40, above its list price: never charged);
 * Ana (phone ending 4321) with a balance recharged in cash, Beto (ending 5678) with none, and
 * an erased member, all registered through the members commands (hub/domain/members).
 */
export { ANA, BETO };
export const ORDER = uid(1);
export const CEVICHE_LINE = uid(101);
export const CHICHA_LINE = uid(102);
export const LOMO_LINE = uid(103);
export const ERASED = uid(2299);

/** The VIP menu and the members (Ana with `balance`), and S1's order: 2 ceviche (VIP 28) + 1 chicha + 1 lomo, sent. */
export function vipOrder(stage: 'ordered' | 'sent' = 'sent', tableId: string = T.s1, balance = 5000): State {
  let s = menuState();
  s = exec(s, 'product.save', product(P.ceviche.id, P.ceviche.code, P.ceviche.priceCents, { vipPriceCents: 2800 })).state;
  s = exec(s, 'product.save', product(P.lomo.id, P.lomo.code, P.lomo.priceCents, { vipPriceCents: 4000 })).state;
  s = exec(s, 'member.register', { memberId: ANA, ...ANA_FIELDS }).state;
  s = exec(s, 'member.register', { memberId: BETO, ...BETO_FIELDS }).state;
  s = exec(s, 'member.register', { memberId: ERASED, phone: '955555555', lastName: 'Ríos', name: 'Eva', gender: 0, regMethod: 3 }).state;
  s = exec(s, 'member.erase', { memberId: ERASED, reason: 'Lo pidió' }).state;
  if (balance > 0) s = exec(s, 'member.recharge', cashRecharge(ANA, balance, 1)).state;
  s = openTable(s, tableId, ORDER);
  s = addLines(s, ORDER, [
    { lineId: CEVICHE_LINE, productId: P.ceviche.id, qty: 2 },
    { lineId: CHICHA_LINE, productId: P.chicha.id, qty: 1 },
    { lineId: LOMO_LINE, productId: P.lomo.id, qty: 1 },
  ]);
  return stage === 'sent' ? exec(s, 'order.send', { orderId: ORDER }).state : s;
}

export const COUPON = 'VERANO-7KQ2M9XA';
export const DELIVERY_COUPON = 'CASA-AB12CD34';

/** What a test coupon went through before the test: used on another bill, held by an order (open or long gone). */
type CouponPast = { used?: boolean; heldBy?: string };
const BATCH = { code: 'VERANO', name: 'Verano 15', deductionCents: 1500, category: 1 as const, expiresOn: '2025-03-31', quantity: 1, issuedAt: '2025-03-01T15:00:00.000Z', issuedBy: null, redeemed: 0, voided: false };

/**
 * A dine-in batch (S/ 15 off, until 31 March 2025) and a delivery one (S/ 20 off), one coupon each,
 * recorded by the coupons slice's own events (hub/domain/coupons).
 */
export function withCoupons(s: State, over: { coupon?: CouponPast; batch?: Partial<CouponBatch> } = {}): State {
  const events: DomainEvent[] = [
    { type: 'coupon.batchIssued', batch: { ...BATCH, id: 'b-verano', ...over.batch }, codes: [COUPON] },
    { type: 'coupon.batchIssued', batch: { ...BATCH, id: 'b-casa', code: 'CASA', name: 'Delivery 20', deductionCents: 2000, category: 2 }, codes: [DELIVERY_COUPON] },
  ];
  if (over.coupon?.used) events.push({ type: 'coupon.redeemed', code: couponKey(COUPON), billId: uid(50), day: '2025-03-10', at: '2025-03-10T20:00:00.000Z' });
  const held = over.coupon?.heldBy;
  if (held) events.push({ type: 'order.couponApplied', orderId: held, coupon: { code: COUPON, batchId: 'b-verano', name: 'Verano 15', deductionCents: 1500, category: 1 }, discount: { kind: 'amount', cents: 1500 } });
  return applyAll(s, events);
}

/** The coupon as the state holds it now (the hub-only slice). */
export function couponIn(s: State, code: string): Coupon | undefined {
  return couponByCode(s, code);
}
