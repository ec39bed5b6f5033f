import type { State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';

/** Tables in the map's order: by sort, then name. */
export function sortedTables(state: State): Table[] {
  return Object.values(state.tables).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

/** Whether guests can be seated here (free, or reserved and not yet arrived). */
export function isFree(table: Table): boolean {
  return table.status === TABLE_STATUS.free || table.status === TABLE_STATUS.reserved;
}

/** Tables with an open order (what change, merge, copy and split start from). */
export function occupied(state: State): Table[] {
  return sortedTables(state).filter((x) => x.orderId !== null && Object.hasOwn(state.orders, x.orderId));
}

/** The main table's name when this table is merged into another table's order; null otherwise. */
export function mainTableName(state: State, table: Table): string | null {
  const order = table.orderId !== null && Object.hasOwn(state.orders, table.orderId) ? state.orders[table.orderId] : undefined;
  if (!order || order.tableId === table.id) return null;
  return Object.hasOwn(state.tables, order.tableId) ? (state.tables[order.tableId]?.name ?? null) : null;
}
