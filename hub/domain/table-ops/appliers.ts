import type { EventOf, Order, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { putOrder } from '../dine-in/order-appliers.ts';
import { getOwn, withChanges, withOwn } from '../records.ts';

/** Folds the table operations' events; each writes orders through dine-in's putOrder, so tables follow their order. */
export const tableOpsAppliers = {
  'table.changed': (s: State, e: EventOf<'table.changed'>): State => {
    const order = getOwn(s.orders, e.orderId);
    const from = getOwn(s.tables, e.fromTableId);
    if (!order || !from) return s;
    const swap = (id: string) => (id === e.fromTableId ? e.toTableId : id);
    const moved: Order = {
      ...order,
      tableId: swap(order.tableId),
      mergedTableIds: order.mergedTableIds.map(swap),
      lines: order.lines.map((l) => (l.originTableId === e.fromTableId ? { ...l, originTableId: e.toTableId } : l)),
    };
    const freed = { ...s, tables: withOwn(s.tables, from.id, { ...from, status: TABLE_STATUS.free, orderId: null }) };
    return putOrder(freed, moved);
  },
  'tables.merged': (s: State, e: EventOf<'tables.merged'>): State => {
    // The absorbed orders leave in one copy of the orders, not one per order.
    return putOrder({ ...s, orders: withChanges(s.orders, [], new Set(e.absorbedOrderIds)) }, e.order);
  },
  'order.linesMoved': (s: State, e: EventOf<'order.linesMoved'>): State => {
    const from = getOwn(s.orders, e.fromOrderId);
    if (!from) return s;
    const taken = new Map(e.taken.map((t) => [t.lineId, t.qty]));
    const left = from.lines.flatMap((l) => {
      const qty = taken.get(l.id);
      if (qty === undefined) return [l];
      return qty >= l.qty ? [] : [{ ...l, qty: l.qty - qty }];
    });
    const after = putOrder(s, { ...from, lines: left });
    const to = getOwn(after.orders, e.toOrderId);
    return to ? putOrder(after, { ...to, lines: [...to.lines, ...e.lines] }) : after;
  },
  // Nothing live changes (the record is the log and the activity view); a fresh object, as every applier returns.
  'drawer.opened': (s: State): State => ({ ...s }),
};
