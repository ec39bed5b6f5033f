import type { EventOf, Order, State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn, NO_IDS, withChanges, withOwn, withoutOwn } from '../records.ts';
import { withDebtOf } from '../account/debts.ts';
import { withRiderCashOf } from '../riders/cash.ts';
import { withTakeoutDue } from '../takeout/due.ts';
import { foldIntoShift, withBill } from '../shift/totals.ts';
import { statusForOrder } from './table-status.ts';

/**
 * Writes an order back and moves its table's status along with it, so the
 * two can never disagree.
 */
export function putOrder(s: State, order: Order): State {
  const status = statusForOrder(order);
  const changed: [string, Table][] = [];
  // A merged order (M0093) shows on every table of its group.
  for (const tableId of [order.tableId, ...order.mergedTableIds]) {
    const table = getOwn(s.tables, tableId);
    // Most order events leave the table as it was: keep the same tables object then (withChanges with nothing to change).
    if (table && (table.orderId !== order.id || table.status !== status)) changed.push([table.id, { ...table, orderId: order.id, status }]);
  }
  // One copy of the tables for the whole group, not one per table.
  // A takeout's order: what the rider collects follows it (takeout/due.ts).
  return withTakeoutDue({ ...s, tables: withChanges(s.tables, changed, NO_IDS), orders: withOwn(s.orders, order.id, order) }, order);
}

function withOrder(s: State, orderId: string, change: (o: Order) => Order): State {
  const order = getOwn(s.orders, orderId);
  return order ? putOrder(s, change(order)) : s;
}

/** Folds order lifecycle events: open, lines, kitchen, pre-bill, settle. */
export const orderAppliers = {
  // Both take today's shape: one from a log written before store format 5 is completed once, when
  // recovery reads it back (migration-5.ts `upEvent`), never here on every applied event.
  'table.opened': (s: State, e: EventOf<'table.opened'>): State =>
    putOrder({ ...s, counters: { ...s.counters, orderNo: Math.max(s.counters.orderNo, e.order.no) } }, e.order),
  'order.linesAdded': (s: State, e: EventOf<'order.linesAdded'>): State => withOrder(s, e.orderId, (o) => ({ ...o, lines: [...o.lines, ...e.lines] })),
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
              // A gift never covers more portions than are left on the bill (kitchen/README.md).
              giftedQty: Math.max(0, Math.min(l.giftedQty, l.qty - l.returnedQty - e.qty - l.cancelledQty)),
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
    // Every table of a merged group (M0093) waits to be cleared.
    const merged = getOwn(s.orders, e.bill.id)?.mergedTableIds ?? [];
    const cleared: [string, Table][] = [];
    for (const tableId of [e.bill.tableId, ...merged]) {
      const table = getOwn(s.tables, tableId);
      if (table) cleared.push([table.id, { ...table, orderId: null, status: TABLE_STATUS.toClear }]);
    }
    const tables = withChanges(s.tables, cleared, NO_IDS);
    // The open shift's running totals move on with each bill (hub/domain/shift/README.md).
    // ...and a bill settled on account opens a debt (hub/domain/account); cash a rider collected is theirs until handed in (hub/domain/riders).
    return withRiderCashOf(withDebtOf(foldIntoShift({ ...s, orders, tables, counters: { ...s.counters, billNo: Math.max(s.counters.billNo, e.bill.billNo) } }, (t) => withBill(t, e.bill)), e.bill), e.bill);
  },
};
