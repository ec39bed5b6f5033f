import { useEffect, useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { KEYS, readJson, remove, writeJson } from '../../sync/storage.ts';
import { uuid } from '../../sync/uuid.ts';

/**
 * A dish picked but not yet accepted by the hub: it lives on this device until
 * the hub takes it. `lineId` is minted at the first "send" and kept, so a
 * line sent again after a refusal (or after a reload that lost the answer)
 * can never be added twice: the hub refuses a line id it already has.
 * `queued`: in the outbox as part of a send, waiting for the hub's answer.
 */
export type CartLine = { key: string; productId: string; specId?: string | null; qty: number; remark: string; remarkIds?: readonly string[]; lineId?: string; queued?: boolean };

const carts = proxy<Record<string, CartLine[]>>({});

function save(orderId: string): void {
  const lines = carts[orderId] ?? [];
  if (lines.length) writeJson(KEYS.cartPrefix + orderId, lines);
  else remove(KEYS.cartPrefix + orderId);
}

/** The cart of one order as this device stored it. */
function stored(orderId: string): CartLine[] {
  return readJson<CartLine[]>(KEYS.cartPrefix + orderId) ?? [];
}

/** The live cart of one order, taken from storage the first time it is needed. */
function linesOf(orderId: string): CartLine[] {
  return (carts[orderId] ??= stored(orderId));
}

/** The cart of one order, kept in localStorage so a reload does not lose a half-taken order. */
export function useCart(orderId: string): readonly CartLine[] {
  const live = useSnapshot(carts)[orderId];
  // Until the store holds this cart, show what storage holds; the store is filled in an effect,
  // because changing it while rendering would re-render its other readers mid-render.
  const fromStorage = useMemo(() => stored(orderId), [orderId]);
  useEffect(() => void linesOf(orderId), [orderId]);
  return live ?? fromStorage;
}

/** Adds one portion (of a size, when the dish has sizes); the same dish and size again adds to its line. */
export function addToCart(orderId: string, productId: string, specId: string | null = null): void {
  const lines = linesOf(orderId);
  const same = lines.find((l) => !l.queued && l.productId === productId && (l.specId ?? null) === specId && l.remark === '' && !l.remarkIds?.length);
  if (same) same.qty = Math.min(999, same.qty + 1);
  else lines.push({ key: `${productId}-${specId ?? ''}-${Date.now()}-${lines.length}`, productId, specId, qty: 1, remark: '' });
  save(orderId);
}

export function changeQty(orderId: string, key: string, delta: number): void {
  const lines = linesOf(orderId);
  const line = lines.find((l) => l.key === key);
  if (!line || line.queued) return;
  line.qty = Math.min(999, line.qty + delta);
  if (line.qty <= 0) carts[orderId] = lines.filter((l) => l.key !== key);
  save(orderId);
}

/** Sets a cart line's remarks: the presets picked (by id) and the free text (issue 18 items 8 and 10). */
export function setRemarks(orderId: string, key: string, ids: readonly string[], text: string): void {
  const line = linesOf(orderId).find((l) => l.key === key);
  if (!line || line.queued) return;
  line.remarkIds = [...ids];
  line.remark = text.slice(0, 140);
  save(orderId);
}

/**
 * The free text as the hub takes it (trimmed), and the presets only when there are some. A
 * preset the owner deleted since it was tapped is left out: it has no chip to untick any more,
 * and the hub would refuse the line for it at every send.
 */
export function remarksOf(line: Pick<CartLine, 'remark' | 'remarkIds'>, known: ReadonlySet<string>): { remark: string; remarkIds?: string[] } {
  const ids = (line.remarkIds ?? []).filter((id) => known.has(id));
  return { remark: line.remark.trim(), ...(ids.length ? { remarkIds: ids } : {}) };
}

/** An order line as `order.addLines` takes it. */
export type LineToAdd = { lineId: string; productId: string; qty: number; remark: string; remarkIds?: string[]; specId?: string | null };

/**
 * Marks every line not already on its way as queued and returns them as the
 * lines of one send, each with its lasting line id. The lines stay in the
 * cart until the hub accepts them (`dropSent`) or refuses (`unqueue`).
 */
export function queueForSending(orderId: string, knownPresets: ReadonlySet<string>): LineToAdd[] {
  const out: LineToAdd[] = [];
  for (const line of linesOf(orderId)) {
    if (line.queued) continue;
    line.lineId ??= uuid();
    line.queued = true;
    out.push({ lineId: line.lineId, productId: line.productId, qty: line.qty, ...remarksOf(line, knownPresets), ...(line.specId ? { specId: line.specId } : {}) });
  }
  save(orderId);
  return out;
}

/** The hub took these lines: they are the order's now. */
export function dropSent(orderId: string, lineIds: ReadonlySet<string>): void {
  carts[orderId] = linesOf(orderId).filter((l) => !l.lineId || !lineIds.has(l.lineId));
  save(orderId);
}

/** The hub refused these lines: they are the waiter's to change and send again. */
export function unqueue(orderId: string, lineIds: ReadonlySet<string>): void {
  for (const line of linesOf(orderId)) if (line.lineId && lineIds.has(line.lineId)) line.queued = false;
  save(orderId);
}

/**
 * What a cart should hold once the answers it may have missed (a reload
 * forgets the promise of a send) are known: a line the hub's order already has
 * is gone; a queued line no command in the outbox carries any more was
 * refused, so it is the waiter's again. That last conclusion needs `online`:
 * only the hub refuses, and before the channel is open the outbox may still
 * be loading from the browser's storage. Pure, for tests.
 */
export function settledCart(lines: readonly CartLine[], orderLineIds: ReadonlySet<string>, outboxLineIds: ReadonlySet<string>, online: boolean): CartLine[] {
  return lines
    .filter((l) => !l.lineId || !orderLineIds.has(l.lineId))
    .map((l) => (online && l.queued && l.lineId && !outboxLineIds.has(l.lineId) ? { ...l, queued: false } : l));
}

/** Brings one order's cart in line with the hub's order and the outbox (see `settledCart`). */
export function reconcileCart(orderId: string, orderLineIds: ReadonlySet<string>, outboxLineIds: ReadonlySet<string>, online: boolean): void {
  const lines = carts[orderId];
  if (!lines?.some((l) => l.lineId)) return;
  const next = settledCart(lines, orderLineIds, outboxLineIds, online);
  const changed = next.length !== lines.length || next.some((l, i) => l.queued !== lines[i]?.queued);
  if (!changed) return;
  carts[orderId] = next;
  save(orderId);
}

/** Forgets one order's cart (the order was hung up with it, or withdrawn). */
export function clearCart(orderId: string): void {
  carts[orderId] = [];
  save(orderId);
}
