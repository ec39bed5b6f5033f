import type { EventOf, State } from '../../protocol/index.ts';

/** Folds menu and restaurant events into the state; never mutates its input. */
export const menuAppliers = {
  'restaurant.renamed': (s: State, e: EventOf<'restaurant.renamed'>): State => ({
    ...s,
    restaurant: { ...s.restaurant, name: e.name },
  }),
  'category.saved': (s: State, e: EventOf<'category.saved'>): State => ({
    ...s,
    categories: { ...s.categories, [e.category.id]: e.category },
  }),
  'product.saved': (s: State, e: EventOf<'product.saved'>): State => ({
    ...s,
    products: { ...s.products, [e.product.id]: e.product },
  }),
  'product.soldOutSet': (s: State, e: EventOf<'product.soldOutSet'>): State => patchProduct(s, e.productId, { soldOut: e.soldOut }),
  'product.listedSet': (s: State, e: EventOf<'product.listedSet'>): State => patchProduct(s, e.productId, { listed: e.listed }),
};

function patchProduct(s: State, id: string, patch: { soldOut?: boolean; listed?: boolean }): State {
  const product = s.products[id];
  if (!product) return s;
  return { ...s, products: { ...s.products, [id]: { ...product, ...patch } } };
}
