import type { Product, State } from '#protocol';
import { searchProducts } from '../../menu/search.ts';
import { inMenuOrder, stockLevel } from '../../menu/stock.ts';

/** The status filter of the goods list (SPEC.md: normal/sold out, listed/delisted; plus low stock). */
export const STATUS_FILTERS = ['all', 'onSale', 'soldOut', 'listed', 'delisted', 'low'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export type GoodsFilter = { query: string; category: string; status: StatusFilter };

export const NO_FILTER: GoodsFilter = { query: '', category: 'all', status: 'all' };

const matchesStatus: Record<StatusFilter, (p: Product) => boolean> = {
  all: () => true,
  onSale: (p) => p.listed && !p.soldOut,
  soldOut: (p) => p.soldOut,
  listed: (p) => p.listed,
  delisted: (p) => !p.listed,
  low: (p) => stockLevel(p) === 'low' || stockLevel(p) === 'out',
};

/** What the goods list is filtered from: a memo on these two fields reruns only when the menu changes. */
export type MenuOf = Pick<State, 'products' | 'categories'>;

/** Every product in menu order; memoised per products object so search reuses its index. */
const ordered = new WeakMap<State['products'], Product[]>();
export function allInMenuOrder(state: MenuOf): Product[] {
  let list = ordered.get(state.products);
  if (!list) {
    list = inMenuOrder(state, Object.values(state.products));
    ordered.set(state.products, list);
  }
  return list;
}

/** The products the goods list shows for a filter, in menu order. */
export function filterProducts(state: MenuOf, f: GoodsFilter): Product[] {
  const status = matchesStatus[f.status];
  return searchProducts(allInMenuOrder(state), f.query).filter((p) => (f.category === 'all' || p.categoryId === f.category) && status(p));
}
