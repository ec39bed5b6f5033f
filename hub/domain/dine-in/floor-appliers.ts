import type { EventOf, State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn, withOwn, withoutOwn } from '../records.ts';

/** Folds dining-room layout and table lifecycle events. */
export const floorAppliers = {
  'area.saved': (s: State, e: EventOf<'area.saved'>): State => ({
    ...s,
    areas: withOwn(s.areas, e.area.id, e.area),
  }),
  'table.saved': (s: State, e: EventOf<'table.saved'>): State => {
    const before = getOwn(s.tables, e.table.id);
    // Editing a table keeps what is happening on it.
    const table: Table = { ...e.table, status: before?.status ?? TABLE_STATUS.free, orderId: before?.orderId ?? null };
    return { ...s, tables: withOwn(s.tables, table.id, table) };
  },
  'area.removed': (s: State, e: EventOf<'area.removed'>): State => ({ ...s, areas: withoutOwn(s.areas, e.areaId) }),
  'table.removed': (s: State, e: EventOf<'table.removed'>): State => ({ ...s, tables: withoutOwn(s.tables, e.tableId) }),
  'table.cleared': (s: State, e: EventOf<'table.cleared'>): State => {
    const table = getOwn(s.tables, e.tableId);
    if (!table) return s;
    // Clearing a table that was opened by mistake drops its empty order.
    const orders = table.orderId ? withoutOwn(s.orders, table.orderId) : s.orders;
    return {
      ...s,
      orders,
      tables: withOwn(s.tables, table.id, { ...table, status: TABLE_STATUS.free, orderId: null }),
    };
  },
};
