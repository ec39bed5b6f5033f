import type { Order, OrderLine, State } from '#protocol';
import { LINE_DEFAULTS, unpackRecord } from '#protocol';
import { orderTotals, type Totals, type TotalsInput } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';

/** A dish picked on this device: which one, which size, how many. */
export type PricedPick = { productId: string; specId?: string | null; qty: number };

/** The unit price of a picked dish at today's menu price (its size's when it has one); 0 when the dish is gone from the menu. */
export function pickUnitCents(state: State, pick: PricedPick): number {
  const product = getOwn(state.products, pick.productId);
  if (!product) return 0;
  const spec = pick.specId ? product.specs.find((s) => s.id === pick.specId) : undefined;
  return spec?.priceCents ?? product.priceCents;
}

/** A picked dish as an unsent order line would be priced (every other field at its default). */
function pickAsLine(state: State, pick: PricedPick, i: number): OrderLine {
  return unpackRecord<OrderLine>(
    { id: `cart-${i}`, productId: pick.productId, names: { es: '', en: '', zh: '' }, specId: pick.specId ?? null, qty: pick.qty, unitPriceCents: pickUnitCents(state, pick) },
    LINE_DEFAULTS,
  );
}

/**
 * The order's totals with the dishes still in this device's cart counted in
 * (issue 9: a cart shown at S/ 0.00 read as "these are free"), by the hub's
 * own money rules. The hub's totals are the order's alone; this is what the
 * waiter tells the guest before sending.
 */
export function totalsWithCart(state: State, order: TotalsInput | Pick<Order, 'lines'>, cart: readonly PricedPick[], minimumCents: number): Totals {
  return orderTotals({ ...order, lines: [...order.lines, ...cart.map((c, i) => pickAsLine(state, c, i))] }, minimumCents);
}
