import type { Spec, State } from '#protocol';
import { exec, menuState, openTable, product, T, uid } from '../test-fixtures.ts';

/**
 * Builders for the goods tests on top of the shared domain fixtures: a dish
 * that uses inventory, a dish with sizes, an open order to sell them on.
 */

export const ORDER = uid(1);
/** Pollo a la brasa: counted in stock. */
export const POLLO = { id: 'p-pollo', code: '206' } as const;
/** Ceviche in two sizes. */
export const CEV = { id: 'p-cev', code: '110' } as const;

export const SIZES: Spec[] = [
  { id: 'personal', names: { es: 'Personal', en: 'Single', zh: '单人' }, priceCents: 2500, vipPriceCents: 2200, soldOut: false },
  { id: 'fuente', names: { es: 'Fuente', en: 'Platter', zh: '大份' }, priceCents: 4500, vipPriceCents: null, soldOut: false },
];

/** The test menu plus pollo with `stock` portions (and an alert at 2), ceviche in sizes, and table S1 open. */
export function goodsState(stock = 3): State {
  let s = menuState();
  s = exec(s, 'product.save', product(POLLO.id, POLLO.code, 2400, { usesInventory: true, lowStock: 2, vipPriceCents: 2000 })).state;
  if (stock > 0) s = exec(s, 'product.adjustStock', { productId: POLLO.id, op: 'set', qty: stock, reason: 'conteo' }).state;
  s = exec(s, 'product.save', product(CEV.id, CEV.code, 3000, { specs: SIZES })).state;
  return openTable(s, T.s1, ORDER);
}

/** Sells `qty` of a product on ORDER (line id from `n`). */
export function sell(s: State, productId: string, qty: number, n = 500, specId?: string): State {
  return exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(n), productId, qty, remark: '', ...(specId ? { specId } : {}) }] }).state;
}

