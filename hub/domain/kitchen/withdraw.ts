import type { Bill, CommandPayload, Order, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { putBackStockEvents, totalsByProduct } from '../goods/stock.ts';
import { getOwn } from '../records.ts';
import { liveOrder, refused } from './lines.ts';

/**
 * The record a withdrawn order leaves in the day archive (SPEC.md order
 * delete flag 2, "withdrawn or written off"): every line as it was, the
 * reason, who and when, and nothing charged. It takes no bill number: bill
 * numbers count money taken.
 */
export function withdrawnRecord(s: State, order: Order, reason: string, ctx: DecideContext): Bill {
  const table = getOwn(s.tables, order.tableId);
  return {
    id: order.id,
    billNo: 0,
    orderNo: order.no,
    tableId: order.tableId,
    tableName: table?.name ?? '',
    people: order.people,
    customer: order.customer,
    lines: order.lines,
    subtotalCents: 0,
    minSpendFeeCents: 0,
    totalCents: 0,
    receivedCents: 0,
    changeCents: 0,
    payMethod: 'cash',
    openedAt: order.openedAt,
    paidAt: ctx.now,
    operator: ctx.actor.staffId,
    goodsCents: 0,
    giftCents: 0,
    lineDiscountCents: 0,
    orderDiscount: null,
    orderDiscountCents: 0,
    lunchBox: null,
    lunchBoxCents: 0,
    tipCents: 0,
    depositCents: order.depositCents,
    dueCents: 0,
    payments: [],
    isAccount: 0,
    document: { kind: 'note', docId: '', name: '' },
    printRequested: false,
    deleted: 2,
    withdrawReason: reason,
  };
}

/**
 * Withdraws a whole order with a reason: the table is free again and the
 * order leaves the live state into the archive as a withdrawn record
 * (hub/domain/archived.ts). Portions the kitchen never had go back to stock.
 */
export function withdrawOrder(s: State, p: CommandPayload<'order.withdraw'>, ctx: DecideContext): Decision {
  const order = liveOrder(s, p.orderId);
  if (refused(order)) return order;
  // A take-away or delivery order is cancelled as a takeout (takeout.cancel withdraws it through withdrawn() and files the takeout).
  if (order.takeoutId !== undefined) return refuse('TAKEOUT_ORDER');
  return withdrawn(s, order, p.reason, ctx);
}

/** The withdrawal of an open order (`order.withdraw`, and a takeout's cancel or refusal). */
export function withdrawn(s: State, order: Order, reason: string, ctx: DecideContext): Decision {
  if (!reason) return refuse('REASON_REQUIRED', 'reason');
  const unsent = order.lines.filter((l) => l.sentBatch === null && l.stockTaken && l.productId !== null);
  const back = [...totalsByProduct(unsent.map((l) => ({ productId: l.productId ?? '', qty: l.qty })))].flatMap(([id, qty]) => putBackStockEvents(s, id, qty));
  // The kitchen's ORDER VOID ticket names the waiter who opened the order, not who withdrew it (hub/domain/printing/README.md).
  // A coupon the order held is free again for another bill (issue 22), in the same record.
  const released = order.coupon ? [{ type: 'order.couponReleased' as const, orderId: order.id, code: order.coupon.code }] : [];
  return accept([...released, { type: 'order.withdrawn', bill: withdrawnRecord(s, order, reason, ctx), openedBy: order.openedBy }, ...back], { orderId: order.id });
}
