import type { DomainEvent, State } from '#protocol';
import { getOwn } from '../records.ts';

/**
 * Stock moves caused by orders: a sale takes portions, a removed line or a
 * return "to inventory" puts them back. Each returns the events to record in
 * the same record as the order event, so every device sees the line and the
 * new stock (and a sold-out set by the stock rule) at once.
 */

export type StockNeed = { productId: string; qty: number };

/** Adds up portions per product (two lines of the same dish draw on one stock). */
export function totalsByProduct(needs: readonly StockNeed[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of needs) out.set(n.productId, (out.get(n.productId) ?? 0) + n.qty);
  return out;
}

/** The first product of `needs` that lacks stock, or null when all can be served. */
export function shortOfStock(s: State, needs: readonly StockNeed[]): string | null {
  for (const [productId, qty] of totalsByProduct(needs)) {
    const p = getOwn(s.products, productId);
    if (p?.usesInventory && qty > p.stock) return p.code;
  }
  return null;
}

/** Events that take the portions sold from stock; at zero the product turns sold out by itself. */
export function takeStockEvents(s: State, needs: readonly StockNeed[]): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const [productId, qty] of totalsByProduct(needs)) {
    const p = getOwn(s.products, productId);
    if (!p?.usesInventory || qty === 0) continue;
    const stock = p.stock - qty;
    events.push({ type: 'product.stockChanged', productId, delta: -qty, stock });
    if (stock <= 0 && !p.soldOut) events.push({ type: 'product.soldOutSet', productId, soldOut: true, auto: true });
  }
  return events;
}

/** Events that put portions back; a sold-out set by the stock rule lifts, one set by a person stays. */
export function putBackStockEvents(s: State, productId: string, qty: number): DomainEvent[] {
  const p = getOwn(s.products, productId);
  if (!p?.usesInventory || qty <= 0) return [];
  const events: DomainEvent[] = [{ type: 'product.stockChanged', productId, delta: qty, stock: p.stock + qty }];
  if (p.autoSoldOut) events.push({ type: 'product.soldOutSet', productId, soldOut: false, auto: true });
  return events;
}

/** The stock rule's sold-out events for a product whose stock becomes `after` by an adjustment. */
export function soldOutRuleEvents(s: State, productId: string, after: number): DomainEvent[] {
  const p = getOwn(s.products, productId);
  if (!p?.usesInventory) return [];
  if (after <= 0 && !p.soldOut) return [{ type: 'product.soldOutSet', productId, soldOut: true, auto: true }];
  if (after > 0 && p.autoSoldOut) return [{ type: 'product.soldOutSet', productId, soldOut: false, auto: true }];
  return [];
}
