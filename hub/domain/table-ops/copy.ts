import type { CommandPayload, DomainEvent, OrderLine, State } from '#protocol';
import { UNTOUCHED_LINE } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { billableQty } from '../money.ts';
import { orderLineHandlers, wouldBeTooLarge } from '../dine-in/order-lines.ts';
import { getOwn } from '../records.ts';
import { NO_GUEST, refused, seatAt } from './seat.ts';
import { livePresetIds } from '../kitchen/remarks.ts';

/**
 * M0094: orders the chosen lines of an order again at a free table, as a new
 * order whose lines are not yet sent. Menu dishes are ordered as dine-in's
 * `order.addLines` orders them (today's price, sold out refused, stock
 * taken); a custom dish is copied at its price. What was returned or
 * cancelled is not copied; gifts and discounts are the old bill's, not the new one's.
 */
export function copyOrder(s: State, p: CommandPayload<'order.copyTo'>, ctx: DecideContext): Decision {
  const from = getOwn(s.orders, p.fromOrderId);
  if (!from) return refuse('ORDER_NOT_OPEN', 'fromOrderId');
  if (new Set(p.lines.map((l) => l.lineId)).size !== p.lines.length) return refuse('DUPLICATE_ID', 'lineId');
  const menu: CommandPayload<'order.addLines'>['lines'] = [];
  const custom: OrderLine[] = [];
  for (const want of p.lines) {
    const line = from.lines.find((l) => l.id === want.fromLineId);
    if (!line) return refuse('NOT_FOUND', 'fromLineId');
    const qty = billableQty(line);
    if (qty <= 0) continue;
    if (line.productId !== null) menu.push({ lineId: want.lineId, productId: line.productId, specId: line.specId, qty, remark: line.remark, remarkIds: livePresetIds(s, line) });
    else custom.push({ ...line, ...UNTOUCHED_LINE, id: want.lineId, qty, sentBatch: null, returnedQty: 0, returnReason: '', returnToStock: false, restockedQty: 0 });
  }
  if (menu.length === 0 && custom.length === 0) return refuse('CART_EMPTY');
  const seated = seatAt(s, p.toTableId, p.orderId, p.people, NO_GUEST, ctx);
  if (refused(seated)) return seated;
  const events: DomainEvent[] = [...seated.events];
  if (menu.length > 0) {
    const added = orderLineHandlers['order.addLines'](seated.state, { orderId: p.orderId, lines: menu });
    if (!added.ok) return added;
    events.push(...added.events);
  }
  if (custom.length > 0) {
    const order = getOwn(seated.state.orders, p.orderId);
    const menuLines = events.flatMap((e) => (e.type === 'order.linesAdded' ? e.lines : []));
    if (order && wouldBeTooLarge({ ...order, lines: menuLines }, custom)) return refuse('ORDER_TOO_LARGE');
    events.push({ type: 'order.linesAdded', orderId: p.orderId, lines: custom });
  }
  return accept(events, { orderId: p.orderId });
}
