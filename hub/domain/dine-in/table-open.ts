import type { CommandPayload, Order, State } from '#protocol';
import { TABLE_STATUS, UNADJUSTED_ORDER } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/** Seats guests at a free (or reserved) table and starts their order. */
export function openTable(s: State, p: CommandPayload<'table.open'>, ctx: DecideContext): Decision {
  const table = getOwn(s.tables, p.tableId);
  if (!table) return refuse('NOT_FOUND', 'tableId');
  if (table.status !== TABLE_STATUS.free && table.status !== TABLE_STATUS.reserved) return refuse('TABLE_NOT_FREE');
  if (getOwn(s.orders, p.orderId)) return refuse('DUPLICATE_ID', 'orderId');
  const order = newOrder(s, { id: p.orderId, tableId: table.id, people: p.people, customer: p.customer }, ctx);
  return accept([{ type: 'table.opened', order }], { orderId: order.id, orderNo: order.no });
}

/** A new empty order, numbered next (a table's, or a takeout's with `tableId: ''`). */
export function newOrder(s: State, o: Pick<Order, 'id' | 'tableId' | 'people' | 'customer'>, ctx: DecideContext): Order {
  return {
    ...o,
    // Order numbers come from the hub only, never from a device.
    no: s.counters.orderNo + 1,
    openedAt: ctx.now,
    openedBy: ctx.actor.staffId,
    lines: [],
    status: 'open',
    prebilledAt: null,
    batches: 0,
    depositCents: 0,
    reservationId: null,
    ...UNADJUSTED_ORDER,
    mergedTableIds: [],
  };
}
