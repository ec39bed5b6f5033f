import type { CommandPayload, Order, State } from '#protocol';
import { limitRefusal } from '../approval.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { chargedQty, subtotalCents } from '../money.ts';
import { getOwn } from '../records.ts';
import { limaDay } from './payments.ts';

/**
 * The payment tabs that change what a bill will charge: order discount,
 * single-item discount, tip, lunch boxes; and the day's dollar rate. Each sets
 * a value (sending the same command twice is harmless). A pre-billed order's
 * amounts were handed to the guest: discounts and lunch boxes wait until the
 * pre-bill is cancelled; a tip may still be added on top of it.
 */

function adjustable(s: State, orderId: string, allowPrebilled = false): Order | Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled' && !allowPrebilled) return refuse('ORDER_PREBILLED');
  return order;
}

const isDecision = (x: Order | Decision): x is Decision => 'ok' in x;

/** The percentage an amount off takes from a base, rounded up (S/ 1 off S/ 3 is 34 %). */
export function percentTaken(offCents: number, baseCents: number): number {
  return baseCents === 0 ? (offCents === 0 ? 0 : 100) : Math.ceil((offCents * 100) / baseCents);
}

/** Adjustment handlers of the payment feature. */
export const adjustmentHandlers = {
  'order.setDiscount': (s: State, p: CommandPayload<'order.setDiscount'>, ctx: DecideContext): Decision => {
    const order = adjustable(s, p.orderId);
    if (isDecision(order)) return order;
    // A held coupon IS the order discount (issue 22): remove the coupon first.
    if (order.coupon) return refuse('COUPON_WITH_DISCOUNT', 'discount');
    const subtotal = subtotalCents(order);
    if (p.discount.kind === 'amount' && p.discount.cents > subtotal) return refuse('DISCOUNT_TOO_LARGE', 'discount.cents');
    const percent = p.discount.kind === 'percent' ? p.discount.percent : percentTaken(p.discount.cents, subtotal);
    const over = limitRefusal(s, ctx, 'discountPercent', percent);
    if (over) return over;
    const none = p.discount.kind === 'percent' ? p.discount.percent === 0 : p.discount.cents === 0;
    return accept([{ type: 'order.discountSet', orderId: order.id, discount: none ? null : p.discount }]);
  },

  'order.setLineDiscount': (s: State, p: CommandPayload<'order.setLineDiscount'>, ctx: DecideContext): Decision => {
    const order = adjustable(s, p.orderId);
    if (isDecision(order)) return order;
    const line = order.lines.find((l) => l.id === p.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    const charged = line.unitPriceCents * chargedQty(line);
    if (p.discountCents > charged) return refuse('DISCOUNT_TOO_LARGE', 'discountCents');
    const over = limitRefusal(s, ctx, 'discountPercent', percentTaken(p.discountCents, charged));
    if (over) return over;
    return accept([{ type: 'order.lineDiscountSet', orderId: order.id, lineId: line.id, discountCents: p.discountCents }]);
  },

  'order.setTip': (s: State, p: CommandPayload<'order.setTip'>): Decision => {
    const order = adjustable(s, p.orderId, true);
    if (isDecision(order)) return order;
    return accept([{ type: 'order.tipSet', orderId: order.id, tipCents: p.tipCents }]);
  },

  'order.setLunchBox': (s: State, p: CommandPayload<'order.setLunchBox'>): Decision => {
    const order = adjustable(s, p.orderId);
    if (isDecision(order)) return order;
    const box = p.lunchBox && p.lunchBox.priceCents > 0 ? p.lunchBox : null;
    return accept([{ type: 'order.lunchBoxSet', orderId: order.id, lunchBox: box }]);
  },

  'payment.setExchangeRate': (_s: State, p: CommandPayload<'payment.setExchangeRate'>, ctx: DecideContext): Decision =>
    accept([{ type: 'exchangeRate.set', rate: { day: limaDay(ctx.now), rateMilli: p.rateMilli, setBy: ctx.actor.staffId } }]),
};
