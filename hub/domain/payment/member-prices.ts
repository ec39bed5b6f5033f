import type { OrderLine } from '#protocol';

/**
 * A member's price of one line (issue 22): the dish size's VIP price when it has one and it is
 * lower than the list price (a VIP price set above the list by mistake never makes a member pay
 * more), with the list price kept beside it for the "normal price" the till and receipt show.
 * Without one the line keeps its list price and no `listUnitPriceCents`.
 */
export function memberUnitPrice(listCents: number, vipCents: number | null): { unitPriceCents: number; listUnitPriceCents?: number } {
  if (vipCents === null || vipCents >= listCents) return { unitPriceCents: listCents };
  return { unitPriceCents: vipCents, listUnitPriceCents: listCents };
}

/** What the line costs without a member: the list price it keeps while VIP-priced, else its price. */
export function listPriceOf(line: OrderLine): number {
  return line.listUnitPriceCents ?? line.unitPriceCents;
}

/** The line at its list price again (the member detached): `listUnitPriceCents` goes. */
export function atListPrice(line: OrderLine): OrderLine {
  if (line.listUnitPriceCents === undefined) return line;
  const { listUnitPriceCents, ...rest } = line;
  return { ...rest, unitPriceCents: listUnitPriceCents };
}

/**
 * A line at the prices of the order it goes into (table-ops' move and merge): the member's VIP
 * price when that order has a member, else its list price. A member's prices never travel with
 * a dish to another guest's bill, and a member's bill prices every dish it takes for them.
 */
export function pricedFor(order: { member?: { id: string } | null }, line: OrderLine): OrderLine {
  const list = atListPrice(line);
  if (!order.member) return list;
  return { ...list, ...memberUnitPrice(list.unitPriceCents, list.vipUnitPriceCents) };
}
