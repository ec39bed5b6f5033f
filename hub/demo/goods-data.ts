import type { ProductInput, Station } from '#protocol';

/**
 * What the demo menu shows of goods management: kitchen stations, a VIP
 * price or two, a dish in sizes, dishes counted in stock (one already low).
 * Kept apart from DEMO_DISHES so the benchmarks' workload can order the
 * plain dishes round the clock without ever running out.
 */

export const DEMO_STATIONS: Station[] = [
  { id: 'st-cocina', name: 'Cocina' },
  { id: 'st-bar', name: 'Bar' },
];

/** Extra fields per dish code, on top of DEMO_DISHES; `stock` is set once with reason "Stock inicial". */
export const DEMO_GOODS: Record<string, Partial<ProductInput> & { stock?: number }> = {
  '101': { vipPriceCents: 2900 },
  '201': { vipPriceCents: 3500 },
  '206': { usesInventory: true, stock: 20, lowStock: 5 },
  '301': {
    specs: [
      { id: 'sp-301-personal', names: { es: 'Personal', en: 'Single', zh: '单人份' }, priceCents: 2200, vipPriceCents: null, soldOut: false },
      { id: 'sp-301-familiar', names: { es: 'Familiar', en: 'Family size', zh: '家庭份' }, priceCents: 3800, vipPriceCents: 3500, soldOut: false },
    ],
  },
  '404': { remarks: ['Sin hielo', 'Poco azúcar'] },
  '407': { usesInventory: true, stock: 24, lowStock: 6 },
  '505': { usesInventory: true, stock: 3, lowStock: 4 },
};

/** Product ids whose orders the demo can refuse (stock, sizes): the benchmarks leave them out. */
export const DEMO_SPECIAL_IDS: ReadonlySet<string> = new Set(
  Object.entries(DEMO_GOODS)
    .filter(([, g]) => g.usesInventory || g.specs)
    .map(([code]) => `p-${code}`),
);
