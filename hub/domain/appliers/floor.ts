import type { EventOf, State, Table } from '../../protocol/index.ts';
import { TABLE_STATUS } from '../../protocol/index.ts';

/** Folds dining-room layout and table lifecycle events. */
export const floorAppliers = {
  'area.saved': (s: State, e: EventOf<'area.saved'>): State => ({
    ...s,
    areas: { ...s.areas, [e.area.id]: e.area },
  }),
  'table.saved': (s: State, e: EventOf<'table.saved'>): State => {
    const before = s.tables[e.table.id];
    // Editing a table keeps what is happening on it.
    const table: Table = { ...e.table, status: before?.status ?? TABLE_STATUS.free, orderId: before?.orderId ?? null };
    return { ...s, tables: { ...s.tables, [table.id]: table } };
  },
  'table.cleared': (s: State, e: EventOf<'table.cleared'>): State => {
    const table = s.tables[e.tableId];
    if (!table) return s;
    const orders = { ...s.orders };
    // Clearing a table that was opened by mistake drops its empty order.
    if (table.orderId) delete orders[table.orderId];
    return {
      ...s,
      orders,
      tables: { ...s.tables, [table.id]: { ...table, status: TABLE_STATUS.free, orderId: null } },
    };
  },
};
