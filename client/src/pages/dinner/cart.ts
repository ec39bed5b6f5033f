import { proxy, useSnapshot } from 'valtio';
import { KEYS, readJson, remove, writeJson } from '../../sync/storage.ts';

/** A dish picked but not yet sent: it lives on this device until "send to kitchen". */
export type CartLine = { key: string; productId: string; specId?: string | null; qty: number; remark: string };

const carts = proxy<Record<string, CartLine[]>>({});

function save(orderId: string): void {
  const lines = carts[orderId] ?? [];
  if (lines.length) writeJson(KEYS.cartPrefix + orderId, lines);
  else remove(KEYS.cartPrefix + orderId);
}

/** The cart of one order, kept in localStorage so a reload does not lose a half-taken order. */
export function useCart(orderId: string): readonly CartLine[] {
  if (!carts[orderId]) carts[orderId] = readJson<CartLine[]>(KEYS.cartPrefix + orderId) ?? [];
  return useSnapshot(carts)[orderId] ?? [];
}

/** Adds one portion (of a size, when the dish has sizes); the same dish and size again adds to its line. */
export function addToCart(orderId: string, productId: string, specId: string | null = null): void {
  const lines = carts[orderId] ?? (carts[orderId] = []);
  const same = lines.find((l) => l.productId === productId && (l.specId ?? null) === specId && l.remark === '');
  if (same) same.qty = Math.min(999, same.qty + 1);
  else lines.push({ key: `${productId}-${specId ?? ''}-${Date.now()}-${lines.length}`, productId, specId, qty: 1, remark: '' });
  save(orderId);
}

export function changeQty(orderId: string, key: string, delta: number): void {
  const lines = carts[orderId] ?? [];
  const line = lines.find((l) => l.key === key);
  if (!line) return;
  line.qty = Math.min(999, line.qty + delta);
  if (line.qty <= 0) carts[orderId] = lines.filter((l) => l.key !== key);
  save(orderId);
}

/** Toggles one remark preset on a cart line (remarks are a comma-separated list). */
export function toggleRemark(orderId: string, key: string, remark: string): void {
  const line = (carts[orderId] ?? []).find((l) => l.key === key);
  if (!line) return;
  const set = new Set(line.remark ? line.remark.split(', ') : []);
  if (set.has(remark)) set.delete(remark);
  else set.add(remark);
  line.remark = [...set].join(', ');
  save(orderId);
}

export function clearCart(orderId: string): void {
  carts[orderId] = [];
  save(orderId);
}
