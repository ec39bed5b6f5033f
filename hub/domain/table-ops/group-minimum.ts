import type { Order, Table } from '#protocol';
import { getOwn } from '../records.ts';

/**
 * The minimum consumption an order must reach: the sum of the minimums of
 * every table it occupies (its own and those merged into it, M0093). Each
 * merged table is one a party would otherwise have filled, so joining bills
 * must not waive the others' minimums. A table counted twice counts once; a
 * table no longer on the map counts nothing. The payment screen, the table
 * card, the order screen and the stored bill all read the minimum from here,
 * so they always agree.
 */
export function groupMinimumCents(tables: Readonly<Record<string, Table>>, order: Pick<Order, 'tableId' | 'mergedTableIds'>): number {
  const ids = new Set([order.tableId, ...order.mergedTableIds]);
  let sum = 0;
  for (const id of ids) sum += getOwn(tables, id)?.minConsumptionCents ?? 0;
  return sum;
}
