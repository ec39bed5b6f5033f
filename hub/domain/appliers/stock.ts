import type { EventOf, State, StockMove } from '../../protocol/index.ts';
import { STOCK_MOVES_KEPT } from '../goods/defaults.ts';
import { setOwn } from '../records.ts';
import { patchProduct } from './menu.ts';

/** Keeps the newest moves only, so the live state stays small however long the hub runs. */
function keepRecent(moves: StockMove[]): StockMove[] {
  return moves.length > STOCK_MOVES_KEPT ? moves.slice(moves.length - STOCK_MOVES_KEPT) : moves;
}

/** Folds stock changes and whole-menu imports. */
export const stockAppliers = {
  'product.stockChanged': (s: State, e: EventOf<'product.stockChanged'>): State => patchProduct(s, e.productId, { stock: e.stock }),
  'product.stockAdjusted': (s: State, e: EventOf<'product.stockAdjusted'>): State => {
    const next = patchProduct(s, e.move.productId, { stock: e.move.stock });
    return { ...next, stockMoves: keepRecent([...s.stockMoves, e.move]) };
  },
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
      stockMoves: e.moves.length ? keepRecent([...s.stockMoves, ...e.moves]) : s.stockMoves,
    };
  },
};
