import type { EventOf, OrderLine, State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { billableQty } from '../money.ts';
import { getOwn, NO_IDS, withChanges, withOwn, withoutOwn } from '../records.ts';
import { withTakeoutDue } from '../takeout/due.ts';
import { withPresets } from './remarks.ts';

/** The state with some lines of one order changed (table status never changes by these). */
function withLines(s: State, orderId: string, lineIds: readonly string[], change: (l: OrderLine) => OrderLine): State {
  const order = getOwn(s.orders, orderId);
  if (!order) return s;
  const ids = new Set(lineIds);
  const changed = { ...order, lines: order.lines.map((l) => (ids.has(l.id) ? change(l) : l)) };
  // A takeout's order: what the rider collects follows it (takeout/due.ts).
  return withTakeoutDue({ ...s, orders: withOwn(s.orders, order.id, changed) }, changed);
}

/** Folds the kitchen actions' events into dine-in's orders. */
export const kitchenAppliers = {
  'order.linesHeld': (s: State, e: EventOf<'order.linesHeld'>): State => withLines(s, e.orderId, e.lineIds, (l) => ({ ...l, held: true })),
  'order.linesFired': (s: State, e: EventOf<'order.linesFired'>): State => withLines(s, e.orderId, e.lineIds, (l) => ({ ...l, held: false })),
  'order.linesRushed': (s: State, e: EventOf<'order.linesRushed'>): State => withLines(s, e.orderId, e.lineIds, (l) => ({ ...l, rushCount: l.rushCount + 1 })),
  'order.lineGifted': (s: State, e: EventOf<'order.lineGifted'>): State =>
    withLines(s, e.orderId, [e.lineId], (l) => ({ ...l, giftedQty: Math.min(billableQty(l), l.giftedQty + e.qty), giftReason: e.reason })),
  'order.lineCancelled': (s: State, e: EventOf<'order.lineCancelled'>): State =>
    withLines(s, e.orderId, [e.lineId], (l) => {
      const next = { ...l, cancelledQty: l.cancelledQty + e.qty, cancelReason: e.reason, ...(e.toStock ? { restockedQty: l.restockedQty + e.qty } : {}) };
      // Charged portions go first; gifted ones only when nothing charged is left.
      return { ...next, giftedQty: Math.max(0, Math.min(next.giftedQty, billableQty(next))) };
    }),
  'order.lineRemarkSet': (s: State, e: EventOf<'order.lineRemarkSet'>): State => withLines(s, e.orderId, [e.lineId], (l) => withPresets({ ...l, remark: e.remark }, e.presets ?? [])),
  /**
   * The order leaves the live state (the archive keeps it) and every table of
   * its group is free again: a merged order (M0093) holds its own table and
   * the merged ones, and leaving one of them pointing at the gone order would
   * strand it for good (issue 19 item 1). Replaying an older log frees such
   * tables too, since the order (with its group) is still live at this event.
   */
  'order.withdrawn': (s: State, e: EventOf<'order.withdrawn'>): State => {
    const merged = getOwn(s.orders, e.bill.id)?.mergedTableIds ?? [];
    const freed: [string, Table][] = [];
    for (const tableId of [e.bill.tableId, ...merged]) {
      const table = getOwn(s.tables, tableId);
      if (table && table.orderId === e.bill.id) freed.push([table.id, { ...table, orderId: null, status: TABLE_STATUS.free }]);
    }
    // One copy of the tables for the whole group.
    return { ...s, orders: withoutOwn(s.orders, e.bill.id), tables: withChanges(s.tables, freed, NO_IDS) };
  },
};
