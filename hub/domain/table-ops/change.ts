import type { CommandPayload, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/**
 * Change table: the order at `fromTableId` moves to a free (or reserved)
 * table, lines, money and status unchanged; the table left behind is free.
 * For a merged group only that table's place moves. An occupied target is
 * refused with TABLE_NOT_FREE ("The current table is not free"): the device
 * then offers to merge instead.
 */
export function changeTable(s: State, p: CommandPayload<'table.change'>): Decision {
  const from = getOwn(s.tables, p.fromTableId);
  if (!from) return refuse('NOT_FOUND', 'fromTableId');
  const to = getOwn(s.tables, p.toTableId);
  if (!to) return refuse('NOT_FOUND', 'toTableId');
  if (from.id === to.id) return refuse('SAME_TABLE');
  const order = from.orderId ? getOwn(s.orders, from.orderId) : undefined;
  if (!order) return refuse('TABLE_NOT_OCCUPIED', from.id);
  if (to.status !== TABLE_STATUS.free && to.status !== TABLE_STATUS.reserved) return refuse('TABLE_NOT_FREE', to.id);
  return accept([{ type: 'table.changed', orderId: order.id, fromTableId: from.id, toTableId: to.id }], { orderId: order.id });
}
