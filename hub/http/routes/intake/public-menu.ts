import type { State } from '#protocol';

/**
 * The menu as a web shop sees it (`GET /api/intake/menu`): what it may sell
 * and at the hub's prices, so its cart matches the bill to the céntimo.
 * Listed dishes only; no stock counts, VIP prices, stations or anything of
 * the kitchen's. An on-demand read for a server that syncs its catalogue now
 * and then, never on the command path.
 */
export function publicMenu(state: Pick<State, 'products' | 'categories'>) {
  const categories = Object.values(state.categories)
    .sort((a, b) => a.sort - b.sort)
    .map((c) => ({ id: c.id, names: c.names }));
  const dishes = Object.values(state.products)
    .filter((p) => p.listed)
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))
    .map((p) => ({
      productId: p.id,
      code: p.code,
      names: p.names,
      categoryId: p.categoryId,
      priceCents: p.priceCents,
      soldOut: p.soldOut,
      specs: p.specs.map((s) => ({ specId: s.id, names: s.names, priceCents: s.priceCents, soldOut: s.soldOut })),
    }));
  return { categories, dishes };
}
