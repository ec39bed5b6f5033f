import type { CommandPayload, ParkedOrder, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { putBackStockEvents, totalsByProduct } from '../goods/stock.ts';
import { getOwn } from '../records.ts';
import { isRefusal, parkedFromOrderLine, parkedLines } from './lines.ts';

/** Hanging up: a new parked order, or a table's order that the kitchen has nothing of. */
export const hangUpHandlers = {
  'pending.hangUp': (s: State, p: CommandPayload<'pending.hangUp'>, ctx: DecideContext): Decision => {
    if (getOwn(s.parked, p.parkedId)) return refuse('DUPLICATE_ID', 'parkedId');
    const lines = parkedLines(s, p.lines, new Set());
    if (isRefusal(lines)) return lines;
    const parked: ParkedOrder = { id: p.parkedId, no: s.parkedNo + 1, label: p.label, people: p.people, lines, parkedAt: ctx.now, parkedBy: ctx.actor.staffId };
    return accept([{ type: 'pending.hungUp', parked }]);
  },

  /**
   * The table's order leaves its table as a parked order: its unsent lines and
   * the cart the device had not sent. Refused once the kitchen has a line
   * (ORDER_IN_KITCHEN): those guests stay at their table. The order's stock
   * goes back (a parked order holds none); its number is not reused.
   */
  'order.hangUp': (s: State, p: CommandPayload<'order.hangUp'>, ctx: DecideContext): Decision => {
    const order = getOwn(s.orders, p.orderId);
    if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
    // A takeout's order stays with its takeout (hanging it up would leave the takeout without one).
    if (order.takeoutId !== undefined) return refuse('TAKEOUT_ORDER');
    if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
    if (order.lines.some((l) => l.sentBatch !== null)) return refuse('ORDER_IN_KITCHEN');
    if (getOwn(s.parked, p.parkedId)) return refuse('DUPLICATE_ID', 'parkedId');
    const cart = parkedLines(s, p.lines, new Set(order.lines.map((l) => l.id)));
    if (isRefusal(cart)) return cart;
    const lines = [...order.lines.map(parkedFromOrderLine), ...cart];
    if (lines.length === 0) return refuse('CART_EMPTY');
    const label = p.label || getOwn(s.tables, order.tableId)?.name || '';
    const parked: ParkedOrder = { id: p.parkedId, no: s.parkedNo + 1, label, people: order.people, lines, parkedAt: ctx.now, parkedBy: ctx.actor.staffId };
    const taken = order.lines.filter((l) => l.stockTaken && l.productId !== null).map((l) => ({ productId: l.productId ?? '', qty: l.qty }));
    const back = [...totalsByProduct(taken)].flatMap(([id, qty]) => putBackStockEvents(s, id, qty));
    return accept([{ type: 'order.hungUp', orderId: order.id, parked }, ...back]);
  },
};
