import type { Product, State } from '#protocol';

/**
 * The low-stock alert, derived on each device from the live state (no event
 * needed: every device holds the same stock and threshold). A product counted
 * in stock is "low" at or below its threshold, and "out" at zero.
 */
export function stockLevel(p: Product): 'none' | 'ok' | 'low' | 'out' {
  if (!p.usesInventory) return 'none';
  if (p.stock <= 0) return 'out';
  return p.lowStock > 0 && p.stock <= p.lowStock ? 'low' : 'ok';
}

const counted = new WeakMap<State['products'], number>();

/**
 * How many listed products need restocking (low or out): the badge on the
 * goods menu entry. Counted once per products object (pages re-render on
 * every keystroke; the products change only with a change from the hub).
 */
export function restockCount(state: State | null): number {
  if (!state) return 0;
  const known = counted.get(state.products);
  if (known !== undefined) return known;
  let n = 0;
  for (const p of Object.values(state.products)) {
    const level = stockLevel(p);
    if (p.listed && (level === 'low' || level === 'out')) n++;
  }
  counted.set(state.products, n);
  return n;
}

/** Products in menu order: category order, then the product's own order, then code. */
export function inMenuOrder(state: Pick<State, 'categories'>, products: readonly Product[]): Product[] {
  const catSort = (id: string) => state.categories[id]?.sort ?? Number.MAX_SAFE_INTEGER;
  return [...products].sort((a, b) => catSort(a.categoryId) - catSort(b.categoryId) || a.sort - b.sort || a.code.localeCompare(b.code));
}
