import { proxy, useSnapshot } from 'valtio';
import type { KdsTicket, State, TicketMarker } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import { replica } from '../sync/replica.ts';
import { readJson, writeJson } from '../sync/storage.ts';

/**
 * "Ready to serve" (issue 18 item 14): when a kitchen screen bumps a ticket
 * of dishes to cook, the waiters learn it from the state every M001 device
 * already holds (the kitchen display slice, with each ticket's bump time):
 * no new command, no new event. Who sees what:
 * - every device showing the table map marks the table "ready to serve"
 *   until someone opens that table's order on that device (`markSeen`);
 * - the device of the person who opened the order also gets a toast, on
 *   whatever page it is (`KitchenReadySignal`).
 * Only tickets of dishes to cook count (sent, fired, rushed): a bumped void
 * or hold is the kitchen acknowledging it, not food waiting at the pass.
 */
const READY_MARKERS: ReadonlySet<TicketMarker> = new Set(['new', 'fire', 'expedite']);

/** Bumped tickets of dishes to cook (the kitchen says: ready at the pass). */
export function readyBumps(state: State): KdsTicket[] {
  return Object.values(state.kitchenDisplay?.tickets ?? {}).filter((t) => t.bumpNo > 0 && t.bumpedAt !== '' && READY_MARKERS.has(t.ticket.marker));
}

/** The ready bumps of one order that this device has not seen yet (bumped after `seenAt`, hub times). */
export function unseenReady(state: State, orderId: string, seenAt: string): KdsTicket[] {
  return readyBumps(state).filter((t) => t.ticket.orderId === orderId && t.bumpedAt > seenAt);
}

/** Whether the order was opened by this person (its waiter: the one who gets the toast). */
export function isOwnOrder(state: State, orderId: string, staffId: string | null): boolean {
  return staffId !== null && getOwn(state.orders, orderId)?.openedBy === staffId;
}

const SEEN_KEY = 'pos.kdsReadySeen';

/** Per order, the latest bump time this device has shown the waiter (kept across reloads). */
const seen = proxy<Record<string, string>>(sanitize(readJson<unknown>(SEEN_KEY)));

function sanitize(kept: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (kept === null || typeof kept !== 'object') return out;
  for (const [k, v] of Object.entries(kept)) if (typeof v === 'string') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The order's table was opened here: its "ready" mark goes (until the next bump). Orders no longer open are forgotten. */
export function markSeen(state: State, orderId: string): void {
  const latest = unseenReady(state, orderId, getOwn(seen, orderId) ?? '').reduce((max, t) => (t.bumpedAt > max ? t.bumpedAt : max), '');
  if (latest === '') return;
  seen[orderId] = latest;
  for (const id of Object.keys(seen)) if (!getOwn(state.orders, id)) delete seen[id];
  writeJson(SEEN_KEY, { ...seen });
}

/** The tickets of this order the kitchen has bumped since the order was last opened on this device. */
export function useReady(orderId: string | null): KdsTicket[] {
  const { state } = useSnapshot(replica);
  const kept = useSnapshot(seen);
  if (!state || !orderId) return [];
  return unseenReady(state as State, orderId, getOwn(kept, orderId) ?? '');
}
