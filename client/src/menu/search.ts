import type { Product } from '#protocol';

/** Lower case, accents removed: "ají" is found by typing "aji". */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

type Index = { hay: string[]; codes: string[] };

/**
 * Each product's searchable text, folded once per product list. The menu and
 * the goods page search on every keystroke; with 2,000 dishes folding every
 * name again each time would be most of the work.
 */
const indexes = new WeakMap<readonly Product[], Index>();

function indexOf(products: readonly Product[]): Index {
  let index = indexes.get(products);
  if (!index) {
    index = {
      hay: products.map((p) => fold(`${p.names.es}\u0000${p.names.en}\u0000${p.names.zh}\u0000${p.specs.map((s) => `${s.names.es} ${s.names.en} ${s.names.zh}`).join(' ')}`)),
      codes: products.map((p) => p.code.toLowerCase()),
    };
    indexes.set(products, index);
  }
  return index;
}

/**
 * Products matching a search by name in any language (or a size's name) or
 * by the start of the dish number, in the order given. An empty query
 * matches all. Pass the same array again to reuse its index.
 */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const q = fold(query.trim());
  if (!q) return [...products];
  const { hay, codes } = indexOf(products);
  const out: Product[] = [];
  for (let i = 0; i < products.length; i++) if (codes[i]!.startsWith(q) || hay[i]!.includes(q)) out.push(products[i]!);
  return out;
}
