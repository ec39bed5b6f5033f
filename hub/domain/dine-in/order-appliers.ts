import type { EventOf, Order, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn, withOwn, withoutOwn } from '../records.ts';
import { statusForOrder } from './table-status.ts';

/**
 * Writes an order back and moves its table's status along with it, so the
 * two can never disagree.
 */
function putOrder(s: State, order: Order): State {
  const table = getOwn(s.tables, order.tableId);
  const status = statusForOrder(order);
  // Most order events leave the table as it was: keep the same tables object then.
  const same = !table || (table.orderId === order.id && table.status === status);
  const tables = same ? s.tables : withOwn(s.tables, table.id, { ...table, orderId: order.id, status });
  return { ...s, tables, orders: withOwn(s.orders, order.id, order) };
}

function withOrder(s: State, orderId: string, change: (o: Order) => Order): State {
  const order = getOwn(s.orders, orderId);
  return order ? putOrder(s, change(order)) : s;
}

/** Folds order lifecycle events: open, lines, kitchen, pre-bill, settle. */
export const orderAppliers = {
  'table.opened': (s: State, e: EventOf<'table.opened'>): State =>
    putOrder({ ...s, counters: { ...s.counters, orderNo: Math.max(s.counters.orderNo, e.order.no) } }, e.order),
  'order.linesAdded': (s: State, e: EventOf<'order.linesAdded'>): State =>
    withOrder(s, e.orderId, (o) => ({ ...o, lines: [...o.lines, ...e.lines] })),
  'order.lineRemoved': (s: State, e: EventOf<'order.lineRemoved'>): State =>
    withOrder(s, e.orderId, (o) => ({ ...o, lines: o.lines.filter((l) => l.id !== e.lineId) })),
  'order.lineReturned': (s: State, e: EventOf<'order.lineReturned'>): State =>
    withOrder(s, e.orderId, (o) => ({
      ...o,
      lines: o.lines.map((l) =>
        l.id !== e.lineId
          ? l
          : {
              ...l,
              returnedQty: l.returnedQty + e.qty,
              returnReason: e.reason,
              ...(e.toStock ? { returnToStock: true, restockedQty: l.restockedQty + e.qty } : {}),
            },
      ),
    })),
  'order.sent': (s: State, e: EventOf<'order.sent'>): State =>
    withOrder(s, e.orderId, (o) => {
      const ids = new Set(e.lineIds);
      return { ...o, batches: e.batch, lines: o.lines.map((l) => (ids.has(l.id) ? { ...l, sentBatch: e.batch } : l)) };
    }),
  'order.prebilled': (s: State, e: EventOf<'order.prebilled'>): State =>
    withOrder(s, e.orderId, (o) => ({ ...o, status: 'prebilled', prebilledAt: e.at })),
  'order.prebillCancelled': (s: State, e: EventOf<'order.prebillCancelled'>): State =>
    withOrder(s, e.orderId, (o) => ({ ...o, status: 'open', prebilledAt: null })),
  'order.settled': (s: State, e: EventOf<'order.settled'>): State => {
    const orders = withoutOwn(s.orders, e.bill.id);
    const table = getOwn(s.tables, e.bill.tableId);
    const tables = table ? withOwn(s.tables, table.id, { ...table, orderId: null, status: TABLE_STATUS.toClear }) : s.tables;
    return { ...s, orders, tables, counters: { ...s.counters, billNo: Math.max(s.counters.billNo, e.bill.billNo) } };
  },
};
