import type { EventOf, State } from '#protocol';
import { setOwn } from '../records.ts';
import { patchProduct } from './menu-appliers.ts';

/**
 * Folds stock changes and whole-menu imports. The moves themselves (who, why)
 * are not kept here: the engine files them in the stock history (stockMovesOf).
 */
export const stockAppliers = {
  'product.stockChanged': (s: State, e: EventOf<'product.stockChanged'>): State => patchProduct(s, e.productId, { stock: e.stock }),
  'product.stockAdjusted': (s: State, e: EventOf<'product.stockAdjusted'>): State => patchProduct(s, e.move.productId, { stock: e.move.stock }),
  'menu.imported': (s: State, e: EventOf<'menu.imported'>): State => {
    const categories = { ...s.categories };
    for (const c of e.categories) setOwn(categories, c.id, c);
    const products = { ...s.products };
    for (const p of e.products) setOwn(products, p.id, p);
    const stations = [...s.menuSettings.stations];
    for (const st of e.stations) {
      const at = stations.findIndex((x) => x.id === st.id);
      if (at === -1) stations.push(st);
      else stations[at] = st;
    }
    return {
      ...s,
      categories,
      products,
      menuSettings: { ...s.menuSettings, stations },
    };
  },
};
