import type { CommandPayload, Order, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { couponUsable } from '../coupons/usable.ts';

/**
 * A coupon at the till (issue 22; README "Coupons"): applying it holds it for this order (a
 * second till hears COUPON_IN_USE) and makes its deduction the order discount, so totals and
 * documents read it as any discount; removing it, or withdrawing the order, lets it go; settling
 * the bill uses it (settle.ts). The discount is the deduction as an amount: the bill's arithmetic
 * caps it at the order's subtotal (money.ts), also when lines are returned or added afterwards.
 */

function openOrder(s: State, orderId: string): Order | Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
  return order;
}

const isDecision = (x: Order | Decision): x is Decision => 'ok' in x;

export const couponHandlers = {
  'order.applyCoupon': (s: State, p: CommandPayload<'order.applyCoupon'>, ctx: DecideContext): Decision => {
    const order = openOrder(s, p.orderId);
    if (isDecision(order)) return order;
    // One discount per bill: a coupon never goes on top of a manual discount, nor of another coupon.
    if (order.orderDiscount !== null || order.coupon) return refuse('COUPON_WITH_DISCOUNT', 'code');
    const usable = couponUsable(s, p.code, order, ctx);
    if (!usable.ok) return refuse(usable.code, 'code');
    const coupon = usable.coupon;
    return accept([{ type: 'order.couponApplied', orderId: order.id, coupon, discount: { kind: 'amount', cents: coupon.deductionCents } }], { orderId: order.id });
  },

  'order.removeCoupon': (s: State, p: CommandPayload<'order.removeCoupon'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (isDecision(order)) return order;
    if (!order.coupon) return refuse('COUPON_NOT_FOUND', 'orderId');
    return accept([{ type: 'order.couponReleased', orderId: order.id, code: order.coupon.code }]);
  },
};
