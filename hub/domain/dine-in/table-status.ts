import type { Order, Table } from '#protocol';
import { TABLE_STATUS } from '#protocol';

/** The status a table with this open order shows (SPEC.md section 4). */
export function statusForOrder(order: Order): Table['status'] {
  if (order.status === 'prebilled') return TABLE_STATUS.prebilled;
  return order.lines.some((l) => l.sentBatch !== null) ? TABLE_STATUS.dining : TABLE_STATUS.pending;
}
