import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { putBackStockEvents } from '../goods/stock.ts';
import { billableQty, chargedQty } from '../money.ts';
import { isSent, lineOf, liveOrder, openOrder, refused } from './lines.ts';

/**
 * Gifts and cancellations: both take portions off what the guest pays, both
 * need a reason (SPEC.md section 5), and both are bounded by what is left, so
 * two devices acting on the same line at once can never take more than the
 * line has: the second is decided on the state after the first, and refused
 * when nothing is left.
 */
export const giftCancelHandlers = {
  /** Gifts some of the portions still charged (sent or not). Allowed on a pre-bill: the payment screen's gift tab. */
  'order.giftLine': (s: State, p: CommandPayload<'order.giftLine'>): Decision => {
    const order = liveOrder(s, p.orderId);
    if (refused(order)) return order;
    const line = lineOf(order, p.lineId);
    if (refused(line)) return line;
    if (!p.reason) return refuse('REASON_REQUIRED', 'reason');
    if (chargedQty(line) === 0) return refuse('LINE_CLOSED');
    if (p.qty > chargedQty(line)) return refuse('INCORRECT_INPUT', 'qty');
    return accept([{ type: 'order.lineGifted', orderId: order.id, lineId: line.id, qty: p.qty, reason: p.reason }]);
  },

  /**
   * Withdraws portions the kitchen has. Charged portions go first, then gifted
   * ones (the applier keeps `giftedQty` within what is left). With `toStock`,
   * portions that came out of stock go back (the dish was not made).
   */
  'order.cancelLine': (s: State, p: CommandPayload<'order.cancelLine'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const line = lineOf(order, p.lineId);
    if (refused(line)) return line;
    // An unsent line is simply removed (order.removeLine): no reason, no kitchen ticket.
    if (!isSent(line)) return refuse('LINE_NOT_SENT');
    if (!p.reason) return refuse('REASON_REQUIRED', 'reason');
    if (billableQty(line) === 0) return refuse('LINE_CLOSED');
    if (p.qty > billableQty(line)) return refuse('INCORRECT_INPUT', 'qty');
    const toStock = p.toStock === true && line.stockTaken && line.productId !== null;
    const back = toStock && line.productId ? putBackStockEvents(s, line.productId, p.qty) : [];
    return accept([
      { type: 'order.lineCancelled', orderId: order.id, lineId: line.id, qty: p.qty, reason: p.reason, ...(toStock ? { toStock } : {}) },
      ...back,
    ]);
  },
};
