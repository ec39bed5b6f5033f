import type { EventOf, Product, State } from '#protocol';
import { getOwn, setOwn, withOwn } from '../records.ts';

/** Folds menu events into the state; never mutates its input. */
export const menuAppliers = {
  'category.saved': (s: State, e: EventOf<'category.saved'>): State => ({
    ...s,
    categories: withOwn(s.categories, e.category.id, e.category),
  }),
  'product.saved': (s: State, e: EventOf<'product.saved'>): State => ({
    ...s,
    products: withOwn(s.products, e.product.id, e.product),
  }),
  'product.soldOutSet': (s: State, e: EventOf<'product.soldOutSet'>): State =>
    patchProduct(s, e.productId, { soldOut: e.soldOut, autoSoldOut: e.soldOut && e.auto === true }),
  'product.listedSet': (s: State, e: EventOf<'product.listedSet'>): State => patchProduct(s, e.productId, { listed: e.listed }),
  'product.manySet': (s: State, e: EventOf<'product.manySet'>): State => {
    const products = { ...s.products };
    for (const id of e.productIds) {
      const p = getOwn(products, id);
      if (!p) continue;
      setOwn(products, id, {
        ...p,
        ...(e.soldOut !== undefined ? { soldOut: e.soldOut, autoSoldOut: false } : {}),
        ...(e.listed !== undefined ? { listed: e.listed } : {}),
      });
    }
    return { ...s, products };
  },
  'product.specSoldOutSet': (s: State, e: EventOf<'product.specSoldOutSet'>): State => {
    const p = getOwn(s.products, e.productId);
    if (!p) return s;
    return patchProduct(s, p.id, { specs: p.specs.map((x) => (x.id === e.specId ? { ...x, soldOut: e.soldOut } : x)) });
  },
  'menu.stationsSaved': (s: State, e: EventOf<'menu.stationsSaved'>): State => ({
    ...s,
    menuSettings: { ...s.menuSettings, stations: e.stations },
  }),
  'menu.remarksSaved': (s: State, e: EventOf<'menu.remarksSaved'>): State => ({
    ...s,
    menuSettings: { ...s.menuSettings, remarks: e.remarks },
  }),
};

/** Changes some fields of one product; an unknown id leaves the state as it is. */
export function patchProduct(s: State, id: string, patch: Partial<Product>): State {
  const product = getOwn(s.products, id);
  if (!product) return s;
  return { ...s, products: withOwn(s.products, id, { ...product, ...patch }) };
}
