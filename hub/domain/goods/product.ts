import type { Names, Product, ProductInput, State } from '#protocol';
import { getOwn } from '../records.ts';

/** At least one of the three names: a device shows its language and falls back to the others. */
export const hasAName = (n: Names) => Boolean(n.es || n.en || n.zh);

/**
 * The stock rule every product obeys after any change: a product that uses
 * inventory and has none left is sold out "by stock"; once stock is back (or
 * inventory is switched off) that automatic sold-out lifts by itself. A
 * sold-out set by a person stays until a person lifts it.
 */
export function withStockRule(p: Product): Product {
  const empty = p.usesInventory && p.stock <= 0;
  if (empty && !p.soldOut) return { ...p, soldOut: true, autoSoldOut: true };
  if (!empty && p.autoSoldOut) return { ...p, soldOut: false, autoSoldOut: false };
  if (!p.soldOut && p.autoSoldOut) return { ...p, autoSoldOut: false };
  return p;
}

/**
 * The product a save makes: the input's fields over what the product had.
 * Stock and created time are never taken from the input; spec sold-out
 * switches of existing sizes are kept (they change by product.setSpecSoldOut).
 */
export function buildProduct(before: Product | undefined, input: ProductInput, now: string): Product {
  const soldOut = input.soldOut ?? before?.soldOut ?? false;
  const specs = (input.specs ?? before?.specs ?? []).map((spec) => {
    const old = before?.specs.find((o) => o.id === spec.id);
    return old ? { ...spec, soldOut: old.soldOut } : spec;
  });
  return withStockRule({
    id: input.id,
    code: input.code,
    names: input.names,
    categoryId: input.categoryId,
    priceCents: input.priceCents,
    vipPriceCents: input.vipPriceCents !== undefined ? input.vipPriceCents : (before?.vipPriceCents ?? null),
    specs,
    remarks: input.remarks ?? before?.remarks ?? [],
    usesInventory: input.usesInventory ?? before?.usesInventory ?? false,
    stock: before?.stock ?? 0,
    lowStock: input.lowStock ?? before?.lowStock ?? 0,
    station: input.station ?? before?.station ?? '',
    soldOut,
    // A person who changes the switch takes it over from the stock rule.
    autoSoldOut: before && before.soldOut === soldOut ? before.autoSoldOut : false,
    listed: input.listed ?? before?.listed ?? true,
    sort: input.sort,
    createdAt: before?.createdAt ?? now,
    modifiedAt: now,
  });
}

/** Same product apart from when it was last modified (an import skips these). */
export function sameProduct(a: Product, b: Product): boolean {
  return sameValue({ ...a, modifiedAt: '' }, { ...b, modifiedAt: '' });
}

/** Structural equality of JSON-like values, whatever order their keys were written in. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Why a product input cannot be saved against this state, as [code, field]; null when it can. */
export function productProblem(
  s: State,
  p: ProductInput,
  known: { categories?: ReadonlySet<string>; stations?: ReadonlySet<string> } = {},
): [code: 'DISH_NUMBER_REQUIRED' | 'REQUIRED_FIELD' | 'NOT_FOUND' | 'DUPLICATE_CODE' | 'DUPLICATE_ID', field: string] | null {
  if (!p.code) return ['DISH_NUMBER_REQUIRED', 'code'];
  if (!hasAName(p.names)) return ['REQUIRED_FIELD', 'names'];
  if (!getOwn(s.categories, p.categoryId) && !known.categories?.has(p.categoryId)) return ['NOT_FOUND', 'categoryId'];
  const code = p.code.toLowerCase();
  // The menu once when the owner saves a dish, never on a sale; saving copies the menu anyway (hub/domain/README.md: open).
  if (Object.values(s.products).some((o) => o.id !== p.id && o.code.toLowerCase() === code)) return ['DUPLICATE_CODE', 'code'];
  const station = p.station ?? getOwn(s.products, p.id)?.station ?? '';
  if (station && !s.menuSettings.stations.some((st) => st.id === station) && !known.stations?.has(station)) return ['NOT_FOUND', 'station'];
  const specIds = new Set<string>();
  for (const spec of p.specs ?? []) {
    if (!hasAName(spec.names)) return ['REQUIRED_FIELD', 'specs'];
    if (specIds.has(spec.id)) return ['DUPLICATE_ID', 'specs'];
    specIds.add(spec.id);
  }
  return null;
}
