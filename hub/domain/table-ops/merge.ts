import type { CommandPayload, Order, OrderLine, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { wouldBeTooLarge } from '../dine-in/order-lines.ts';
import { pricedFor } from '../payment/member-prices.ts';
import { getOwn } from '../records.ts';

/**
 * M0093, merge for one joint bill. The other tables' open orders fold into
 * the order of `tableId`: every line keeps its id, price and kitchen state,
 * noting the table it was ordered at (`originTableId`); guests and deposits
 * add up; the other tables join the order's `mergedTableIds`, point to it and
 * show its status; settling it frees them all. A table already in a merged
 * group brings its whole group. The money is exactly the sum of the orders'.
 */
export function mergeTables(s: State, p: CommandPayload<'table.merge'>): Decision {
  const main = getOwn(s.tables, p.tableId);
  if (!main) return refuse('NOT_FOUND', 'tableId');
  const order = main.orderId ? getOwn(s.orders, main.orderId) : undefined;
  if (!order) return refuse('TABLE_NOT_OCCUPIED', main.id);
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED', main.id);
  const group = new Set([order.tableId, ...order.mergedTableIds]);
  const lineIds = new Set(order.lines.map((l) => l.id));
  const added: OrderLine[] = [];
  const absorbed: Order[] = [];
  for (const tableId of p.otherTableIds) {
    const table = getOwn(s.tables, tableId);
    if (!table) return refuse('NOT_FOUND', 'otherTableIds');
    // Also a table named twice, or one already in this group.
    if (group.has(table.id)) return refuse('SAME_TABLE', table.id);
    const other = table.orderId ? getOwn(s.orders, table.orderId) : undefined;
    if (!other) return refuse('TABLE_NOT_OCCUPIED', table.id);
    // A table merged into another: merging it again would drag its whole group along unasked.
    if (other.tableId !== table.id) return refuse('TABLE_IN_GROUP', table.id);
    if (other.status === 'prebilled') return refuse('ORDER_PREBILLED', table.id);
    // A discount or lunch box is a term of that bill; folding it into another would change the money.
    if (other.orderDiscount !== null || other.lunchBox !== null) return refuse('ORDER_HAS_TERMS', table.id);
    for (const line of other.lines) {
      if (lineIds.has(line.id)) return refuse('DUPLICATE_ID', 'lineId');
      lineIds.add(line.id);
      // At the prices of the merged bill: its member's VIP prices, or the list prices (issue 22).
      added.push(pricedFor(order, { ...line, originTableId: line.originTableId ?? other.tableId }));
    }
    for (const t of [other.tableId, ...other.mergedTableIds]) group.add(t);
    absorbed.push(other);
  }
  if (wouldBeTooLarge(order, added)) return refuse('ORDER_TOO_LARGE');
  const merged: Order = {
    ...order,
    lines: [...order.lines, ...added],
    people: absorbed.reduce((n, o) => n + o.people, order.people),
    depositCents: absorbed.reduce((n, o) => n + o.depositCents, order.depositCents),
    tipCents: absorbed.reduce((n, o) => n + o.tipCents, order.tipCents),
    batches: absorbed.reduce((n, o) => Math.max(n, o.batches), order.batches),
    mergedTableIds: [...group].filter((t) => t !== order.tableId),
  };
  return accept([{ type: 'tables.merged', order: merged, absorbedOrderIds: absorbed.map((o) => o.id) }], { orderId: merged.id, orderNo: merged.no });
}
