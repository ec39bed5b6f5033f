import type { OrderLine, Product, State } from '#protocol';
import { defaultMenuSettings } from './defaults.ts';

/**
 * Store migration 3 (see ../migrations): brings a state recorded before goods
 * management (issue 4) up to today's shape: products without VIP price,
 * sizes, stock or times; order lines without size, unit or stock fields; no
 * menu settings. (Format 3 also held a stock history in the state; format 4
 * moved it to the day files, so it is not added here.) Pure, and a no-op on a state that has them; it runs after
 * the legacy log records (format 2), which may add dishes of the old shape,
 * so an existing hub keeps its menu, tables and open orders across the update.
 */
export function upgradeGoods(state: State): State {
  const legacy = state as Partial<State>;
  const needsSettings = !legacy.menuSettings;
  const oldProducts = Object.values(state.products ?? {}).some((p) => (p as Partial<Product>).specs === undefined);
  const oldLines = Object.values(state.orders ?? {}).some((o) => o.lines.some((l) => (l as Partial<OrderLine>).stockTaken === undefined));
  if (!needsSettings && !oldProducts && !oldLines) return state;
  const products = Object.fromEntries(Object.entries(state.products ?? {}).map(([id, p]) => [id, upgradeProduct(p)]));
  const orders = Object.fromEntries(Object.entries(state.orders ?? {}).map(([id, o]) => [id, { ...o, lines: o.lines.map(upgradeLine) }]));
  return {
    ...state,
    products,
    orders,
    menuSettings: legacy.menuSettings ?? defaultMenuSettings(),
  };
}

/** Older hubs did not record when; the epoch says "unknown" rather than inventing a date. */
const UNKNOWN_TIME = new Date(0).toISOString();

function upgradeProduct(p: Product): Product {
  const old: Partial<Product> = p;
  return {
    ...p,
    vipPriceCents: old.vipPriceCents ?? null,
    specs: old.specs ?? [],
    remarks: old.remarks ?? [],
    usesInventory: old.usesInventory ?? false,
    stock: old.stock ?? 0,
    lowStock: old.lowStock ?? 0,
    station: old.station ?? '',
    autoSoldOut: old.autoSoldOut ?? false,
    createdAt: old.createdAt ?? UNKNOWN_TIME,
    modifiedAt: old.modifiedAt ?? UNKNOWN_TIME,
  };
}

function upgradeLine(l: OrderLine): OrderLine {
  const old: Partial<OrderLine> = l;
  return {
    ...l,
    specId: old.specId ?? null,
    specNames: old.specNames ?? null,
    vipUnitPriceCents: old.vipUnitPriceCents ?? null,
    unit: old.unit ?? '',
    station: old.station ?? '',
    returnToStock: old.returnToStock ?? false,
    restockedQty: old.restockedQty ?? 0,
    stockTaken: old.stockTaken ?? false,
  };
}
