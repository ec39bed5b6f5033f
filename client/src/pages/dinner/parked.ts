import type { ParkedOrder, State } from '#protocol';
import { pickUnitCents } from './cart-prices.ts';

/** What a parked order comes to at today's menu prices (off-menu dishes at the price typed). */
export function parkedCents(state: State, parked: ParkedOrder): number {
  return parked.lines.reduce((sum, l) => sum + (l.custom ? l.custom.priceCents : l.productId ? pickUnitCents(state, { productId: l.productId, specId: l.specId, qty: 1 }) : 0) * l.qty, 0);
}

/** How many portions a parked order holds. */
export function parkedPortions(parked: ParkedOrder): number {
  return parked.lines.reduce((n, l) => n + l.qty, 0);
}

/** The local cart of a parked order (or of a new one) on this device: cart.ts keyed apart from table orders. */
export function parkedCartKey(parkedId: string | null): string {
  return `pending:${parkedId ?? 'new'}`;
}
