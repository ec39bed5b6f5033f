import { TAKEOUT_STATUS, type Takeout, type TakeoutStatus } from './contract.ts';

/**
 * What the delivery page shows of takeouts, pure (tested in takeout-view.test.ts):
 * the status tabs, the search, the order of the list, the actions each status
 * offers, what the rider last did and what change the rider brings.
 */

const S = TAKEOUT_STATUS;

/** The live tabs (SPEC.md section 4 statuses), then the day's history (closed, cancelled, refused: fetched). */
export const LIVE_TABS = {
  all: [],
  new: [S.submitted, S.paid],
  received: [S.received],
  toBePaid: [S.toBePaid],
  riderReceived: [S.riderReceived],
  pickedUp: [S.pickedUp],
  delivered: [S.delivered],
  done: [S.done],
} as const satisfies Record<string, readonly TakeoutStatus[]>;
export type LiveTab = keyof typeof LIVE_TABS;
export type Tab = LiveTab | 'history';
export const TAB_KEYS: readonly Tab[] = [...(Object.keys(LIVE_TABS) as LiveTab[]), 'history'];

/** Every status by its SPEC.md name, for the badge's text key (`delivery.status.<name>`). */
export const STATUS_NAME = Object.fromEntries(Object.entries(S).map(([name, code]) => [code, name])) as Record<TakeoutStatus, keyof typeof S>;

/** Whether a takeout belongs in a live tab ("all": every live takeout). */
export function inTab(t: Pick<Takeout, 'status'>, tab: LiveTab): boolean {
  const statuses: readonly TakeoutStatus[] = LIVE_TABS[tab];
  return statuses.length === 0 || statuses.includes(t.status);
}

/** How many takeouts each live tab holds, for the badges on the tabs. */
export function tabCounts(list: readonly Pick<Takeout, 'status'>[]): Record<LiveTab, number> {
  const counts = Object.fromEntries(Object.keys(LIVE_TABS).map((k) => [k, 0])) as Record<LiveTab, number>;
  for (const t of list) for (const tab of Object.keys(LIVE_TABS) as LiveTab[]) if (inTab(t, tab)) counts[tab] += 1;
  return counts;
}

/** Letters without accents or case: "José" is found by "jose". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A phone's own digits: "+51 987 654 321" and "987654321" are the same mobile. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('51') ? digits.slice(2) : digits;
}

/**
 * Whether a takeout matches what was typed: its code ("T-0042", or "42"), its
 * pickup code ("042"), a phone (the customer's, the receiver's, the contact's:
 * any 3 digits or more of it, spaces and +51 aside) or a name (the customer's
 * or the receiver's, without accents).
 */
export function matchesSearch(t: Pick<Takeout, 'code' | 'pickupCode' | 'customer' | 'delivery'>, query: string): boolean {
  const q = folded(query.trim());
  if (!q) return true;
  if (folded(t.code).includes(q) || t.pickupCode.includes(q)) return true;
  const names = [t.customer.name, t.delivery?.receiverName ?? ''];
  if (names.some((n) => folded(n).includes(q))) return true;
  const digits = q.replace(/\D/g, '');
  // Only a query of digits (and spaces, +, -) is a phone or a number: "calle 5" is not the code "5".
  if (digits.length === 0 || /[^\d\s+\-()]/.test(q)) return false;
  if (t.code.replace(/\D/g, '').includes(digits) || t.pickupCode.includes(digits)) return true;
  if (digits.length < 3) return false;
  const phones = [t.customer.phone, t.delivery?.receiverPhone ?? '', t.delivery?.contactPhone ?? ''];
  const wanted = phoneDigits(digits) || digits;
  return phones.some((p) => p !== '' && phoneDigits(p).includes(wanted));
}

/** How urgent a status is for the till: web orders waiting for an answer first, finished ones last. */
const URGENCY: Record<TakeoutStatus, number> = {
  [S.submitted]: 0,
  [S.paid]: 0,
  [S.received]: 1,
  [S.toBePaid]: 1,
  [S.riderReceived]: 2,
  [S.pickedUp]: 3,
  [S.delivered]: 4,
  [S.done]: 4,
  [S.closed]: 5,
  [S.cancelled]: 5,
  [S.refused]: 5,
};

/** The time the guest waits for: the expected time, else when it was ordered. */
export function dueAt(t: Pick<Takeout, 'expectedAt' | 'createdAt'>): string {
  return t.expectedAt ?? t.createdAt;
}

/** The live list in the order a busy till works it: by urgency, then the soonest due; the code breaks ties. */
export function sortLive<T extends Pick<Takeout, 'status' | 'expectedAt' | 'createdAt' | 'code'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => URGENCY[a.status] - URGENCY[b.status] || dueAt(a).localeCompare(dueAt(b)) || a.code.localeCompare(b.code));
}

/** What a person can do with a takeout, by its status (the hub's table decides; hub/domain/takeout/README.md). */
export type TakeoutAction = 'accept' | 'refuse' | 'assignRider' | 'markReady' | 'pay' | 'addDishes' | 'pickedUp' | 'delivered' | 'handOver' | 'close' | 'cancel' | 'reprintKitchen' | 'reprintSlip';

const LIVE_ORDER: readonly TakeoutStatus[] = [S.received, S.toBePaid, S.riderReceived, S.pickedUp];

/**
 * The actions a takeout offers in its status, the main one first. A web order
 * is answered first (accept or refuse); a delivery gets a rider, goes out,
 * arrives and is closed; a pickup is handed over once paid. Money taken is
 * never cancelled here: a paid order is refunded instead (TAKEOUT_PAID).
 */
export function actionsFor(t: Pick<Takeout, 'status' | 'method' | 'paid' | 'ready' | 'riderId' | 'orderId'>): TakeoutAction[] {
  const out: TakeoutAction[] = [];
  const delivery = t.method === 0;
  switch (t.status) {
    case S.submitted:
    case S.paid:
      return ['accept', 'refuse'];
    case S.received:
    case S.toBePaid:
      if (!delivery && t.paid) out.push('handOver');
      if (delivery) out.push('assignRider');
      if (!t.paid && t.orderId) out.push('pay');
      if (!t.ready) out.push('markReady');
      break;
    case S.riderReceived:
      // Another rider may take it over until it has left (3 → 3).
      out.push('pickedUp', 'assignRider');
      if (!t.paid && t.orderId) out.push('pay');
      if (!t.ready) out.push('markReady');
      break;
    case S.pickedUp:
      out.push('delivered');
      // Paid to the restaurant while on the way (a Yape transfer), or a factura, which is settled at the till before "delivered".
      if (!t.paid && t.orderId) out.push('pay');
      break;
    case S.delivered:
    case S.done:
      return ['close'];
    default:
      return [];
  }
  // The guest calls back for one more drink: while unpaid and still at the restaurant.
  if (canAddDishes(t) && t.status !== S.pickedUp) out.push('addDishes');
  // The kitchen ticket again while the order is open (paid, it is a bill: the printer's history reprints it).
  if (!t.paid && t.orderId) out.push('reprintKitchen');
  if (delivery && t.riderId) out.push('reprintSlip');
  if (!t.paid && LIVE_ORDER.includes(t.status)) out.push('cancel');
  return out;
}

/** The delivery fee's line (the hub names it `<orderId>:fee`): never for the kitchen, so never "not sent". */
export function isFeeLine(orderId: string, lineId: string): boolean {
  return lineId === `${orderId}:fee`;
}

/**
 * Whether the till should offer "send to the kitchen": an accepted order (a web order waits for
 * "accept", which sends it) with dishes the kitchen does not have yet (an order taken for later).
 */
export function needsSending(t: Pick<Takeout, 'status'>, order: { id: string; lines: readonly { id: string; sentBatch: number | null }[] } | undefined): boolean {
  if (!order || !(LIVE_ORDER as readonly number[]).includes(t.status)) return false;
  return order.lines.some((l) => l.sentBatch === null && !isFeeLine(order.id, l.id));
}

/** Whether dishes may still be added (the hub's `takeout.addLines`: unpaid, statuses 0, 1, 2, 3, 12). */
export function canAddDishes(t: Pick<Takeout, 'status' | 'paid' | 'orderId'>): boolean {
  return !t.paid && t.orderId !== null && ([S.submitted, S.paid, S.received, S.riderReceived, S.toBePaid] as readonly TakeoutStatus[]).includes(t.status);
}

/** The rider's steps, newest last: what the till shows as "the rider's last status". */
export type RiderStep = { step: 'riderReceived' | 'pickedUp' | 'delivered'; at: string };

/** What the rider did last (assigned, picked up, delivered) and when; null before a rider is assigned. */
export function riderLastStep(t: Pick<Takeout, 'riderId' | 'riderReceivedAt' | 'pickedUpAt' | 'deliveredAt'>): RiderStep | null {
  if (!t.riderId) return null;
  if (t.deliveredAt) return { step: 'delivered', at: t.deliveredAt };
  if (t.pickedUpAt) return { step: 'pickedUp', at: t.pickedUpAt };
  if (t.riderReceivedAt) return { step: 'riderReceived', at: t.riderReceivedAt };
  return null;
}

/** The change the rider takes along: the note the guest pays with, less what the rider collects (0 when none). */
/** A web order its shop was paid for: no bill yet (the till records the transfer), nothing to collect at the door. */
export function paidByShop(t: Pick<Takeout, 'paid' | 'paidAt'>): boolean {
  return !t.paid && t.paidAt !== null;
}

export function changeToBringCents(t: Pick<Takeout, 'delivery' | 'collectCents' | 'paid'>): number {
  const payWith = t.delivery?.changeForCents ?? 0;
  if (t.paid || payWith <= 0) return 0;
  return Math.max(0, payWith - t.collectCents);
}

/** Whole minutes from `from` to `to` (ISO times), never negative: "12 min" on a card. */
export function minutesBetween(from: string, to: number): number {
  return Math.max(0, Math.floor((to - Date.parse(from)) / 60_000));
}
