import type { Names, OrderLine, State, Takeout } from '#protocol';
import { TAKEOUT_STATUS } from '#protocol';

/**
 * What the rider's phone shows (pure, tested in rider-orders.test.ts): the delivery orders
 * assigned to this rider and those waiting for one, what to collect at the door and the change
 * to bring, and the one next step of each (picked up, then delivered). The hub's presenters
 * send a rider only these (team21.md "Presenters"); the page filters again for any other role.
 */

/** Live takeouts of the replica (absent in a copy kept from before the takeout slice existed). */
function takeoutsOf(state: State): Takeout[] {
  const all = state.takeouts as State['takeouts'] | undefined;
  return all ? Object.values(all) : [];
}

/** When it is due: the expected time, else when it was made. */
const dueAt = (t: Takeout) => t.expectedAt ?? t.createdAt;
const byDue = (a: Takeout, b: Takeout) => (dueAt(a) < dueAt(b) ? -1 : dueAt(a) > dueAt(b) ? 1 : a.code < b.code ? -1 : 1);

/** This rider's orders on the road or to collect (on the way first, then by time), and delivery orders nobody has taken yet. */
export function riderOrders(state: State, riderId: string): { mine: Takeout[]; waiting: Takeout[] } {
  const mine: Takeout[] = [];
  const waiting: Takeout[] = [];
  for (const t of takeoutsOf(state)) {
    if (t.method !== 0) continue;
    if (t.riderId === riderId && (t.status === TAKEOUT_STATUS.riderReceived || t.status === TAKEOUT_STATUS.pickedUp)) mine.push(t);
    else if (t.riderId === null && (t.status === TAKEOUT_STATUS.received || t.status === TAKEOUT_STATUS.toBePaid)) waiting.push(t);
  }
  const onTheWayFirst = (a: Takeout, b: Takeout) => Number(b.status === TAKEOUT_STATUS.pickedUp) - Number(a.status === TAKEOUT_STATUS.pickedUp) || byDue(a, b);
  return { mine: mine.sort(onTheWayFirst), waiting: waiting.sort(byDue) };
}

/** The rider's next tap on an order: picked up (assigned, 3), delivered (on the way, 4), or none. */
export function nextStep(t: Pick<Takeout, 'status'>): 'pickedUp' | 'delivered' | null {
  if (t.status === TAKEOUT_STATUS.riderReceived) return 'pickedUp';
  if (t.status === TAKEOUT_STATUS.pickedUp) return 'delivered';
  return null;
}

/**
 * The change to bring to the door: the bill the guest said they pay with, less what is
 * collected. null when nothing is collected or no bill was given; 0 for the exact amount.
 */
export function changeToBring(t: Pick<Takeout, 'collectCents' | 'delivery'>): { billCents: number; changeCents: number } | null {
  const bill = t.delivery?.changeForCents ?? 0;
  if (t.collectCents <= 0 || bill <= 0) return null;
  return { billCents: bill, changeCents: Math.max(0, bill - t.collectCents) };
}

/**
 * What to carry: the open order's lines (portions still to serve), named in the device's
 * language; the delivery fee's line (hub/domain/takeout/create.ts: id `<orderId>:fee`) is money,
 * not a dish.
 */
export function dishesOf(state: State, t: Pick<Takeout, 'orderId'>, nameOf: (names: Names) => string): { key: string; name: string; qty: number }[] {
  if (!t.orderId || !Object.hasOwn(state.orders, t.orderId)) return [];
  const lines: readonly OrderLine[] = state.orders[t.orderId]!.lines;
  const fee = `${t.orderId}:fee`;
  return lines
    .filter((l) => l.id !== fee)
    .map((l) => ({ key: l.id, name: nameOf(l.names) + (l.specNames ? ` (${nameOf(l.specNames)})` : ''), qty: l.qty - l.cancelledQty - l.returnedQty }))
    .filter((l) => l.qty > 0);
}

/** A phone number as a `tel:` link dials it (digits and a leading +). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
