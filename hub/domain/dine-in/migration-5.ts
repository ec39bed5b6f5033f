import type { Order, OrderLine, State } from '#protocol';
import { LINE_DEFAULTS, ORDER_DEFAULTS, unpackRecord } from '#protocol';
import type { Migration } from '../migrations/index.ts';
import { setOwn } from '../records.ts';

/**
 * Store format 5, "dine-in complete" (issue 9): order lines gained gifts,
 * cancellations, hold, rush and single-item discounts; orders gained the
 * reservation deposit. An order written before has none of them: each
 * missing field takes its default from the snapshot codec's tables, the same
 * table a device unpacks with, so "untouched" means one thing everywhere.
 * Tolerant: a field already present is kept, so running it twice is harmless.
 */
function fillOrder(order: Order): Order {
  // unpackRecord merges onto the defaults and keeps every field the record has.
  const lines = (order.lines ?? []).map((l: OrderLine) => unpackRecord<OrderLine>(l, LINE_DEFAULTS));
  return { ...unpackRecord<Order>(order, ORDER_DEFAULTS, order.id), lines };
}

function up(state: State): State {
  const orders: Record<string, Order> = {};
  for (const [id, order] of Object.entries(state.orders ?? {})) {
    setOwn(orders, id, fillOrder(order));
  }
  return { ...state, orders };
}

export const migration5: Migration = { version: 5, name: 'order lines: gifts, cancellations, hold, rush, line discount; orders: deposit', up };
