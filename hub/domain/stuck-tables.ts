import type { State, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { getOwn } from './records.ts';

/** Why a table can no longer be left by any command. */
export type StuckTable = { tableId: string; why: 'order-gone' | 'order-elsewhere' | 'no-order' | 'order-on-idle-table' | 'order-not-shown' };

const WITH_ORDER: ReadonlySet<Table['status']> = new Set([TABLE_STATUS.pending, TABLE_STATUS.dining, TABLE_STATUS.prebilled]);

/**
 * The tables no command can leave (issue 19 item 1): one showing guests
 * (pending, dining, pre-billed) whose order is gone or belongs elsewhere
 * refuses open, clear, change and merge for good; a free or to-clear table
 * still naming an order, or a live order whose tables do not name it back,
 * is the same trap seen from the other side. A check for tests and the
 * whole-day property test: it reads every table, so never on the command path.
 */
export function stuckTables(s: State): StuckTable[] {
  const stuck: StuckTable[] = [];
  for (const table of Object.values(s.tables)) {
    if (WITH_ORDER.has(table.status)) {
      const order = table.orderId === null ? undefined : getOwn(s.orders, table.orderId);
      if (table.orderId === null) stuck.push({ tableId: table.id, why: 'no-order' });
      else if (!order) stuck.push({ tableId: table.id, why: 'order-gone' });
      else if (order.tableId !== table.id && !order.mergedTableIds.includes(table.id)) stuck.push({ tableId: table.id, why: 'order-elsewhere' });
    } else if (table.orderId !== null) {
      stuck.push({ tableId: table.id, why: 'order-on-idle-table' });
    }
  }
  for (const order of Object.values(s.orders)) {
    for (const tableId of [order.tableId, ...order.mergedTableIds]) {
      const table = getOwn(s.tables, tableId);
      // A table removed from the floor is refused while in use, so a missing one is a trap too.
      if (!table || table.orderId !== order.id) stuck.push({ tableId, why: 'order-not-shown' });
    }
  }
  return stuck;
}
