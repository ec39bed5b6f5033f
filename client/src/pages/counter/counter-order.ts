import type { LunchBox } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { expectedAtOf, peruMobile, type CreateLine } from '../delivery/phone-order.ts';

/**
 * A take-away at the counter (SPEC.md M002) as the cashier types it, checked
 * and turned into the `takeout.create` payload, pure (counter-order.test.ts).
 * The guest's name and phone are optional; a phone typed must be a Peruvian
 * mobile (the hub checks it again: PHONE_INVALID).
 */
export type CounterDraft = {
  name: string;
  phone: string;
  /** SPEC order type: take-away now, "send immediately", or a reservation for a pickup time. */
  type: 'takeaway' | 'immediate' | 'reservation';
  /** "HH:MM" of the pickup, reservation only. */
  pickupTime: string;
  /** Lunch boxes (packing) as in dine-in: per portion or one per order, at the price typed. */
  lunchBox: 'none' | LunchBox['mode'];
  lunchBoxPrice: string;
  /** Pay on pickup (born "to be paid", 12); off: paid now, the payment screen opens. */
  payLater: boolean;
  invoiceType: 'note' | 'boleta' | 'factura';
};

export const EMPTY_COUNTER_DRAFT: CounterDraft = {
  name: '',
  phone: '',
  type: 'takeaway',
  pickupTime: '',
  lunchBox: 'none',
  lunchBoxPrice: '',
  payLater: false,
  invoiceType: 'note',
};

export type CounterFieldError = 'phone' | 'required' | 'time' | 'timePassed' | 'amount';
export type CounterErrors = Partial<Record<'cart' | 'phone' | 'pickupTime' | 'lunchBoxPrice', CounterFieldError | 'cartEmpty'>>;

/** The lunch box price typed, in céntimos; null when none is chosen or the amount is unreadable. */
export function lunchBoxOf(d: CounterDraft): LunchBox | null {
  if (d.lunchBox === 'none') return null;
  const cents = parseCents(d.lunchBoxPrice);
  return cents === null || cents <= 0 ? null : { mode: d.lunchBox, priceCents: cents };
}

/** What the lunch boxes add to the cart, for the total shown (`portions`: the menu portions in the cart). */
export function lunchBoxCents(d: CounterDraft, portions: number): number {
  const box = lunchBoxOf(d);
  if (!box || portions === 0) return 0;
  return box.mode === 'perItem' ? box.priceCents * portions : box.priceCents;
}

/**
 * The Lima calendar date of `now`, the day a pickup time typed at the counter is on: the next
 * hours, even after midnight while the business day (closing hour) is still yesterday's.
 */
export function limaDate(now: Date): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
}

/** The draft's errors (empty when it can be sent); `day` is the Lima date the pickup time is on (`limaDate`), `now` the clock. */
export function counterErrors(d: CounterDraft, cartLines: number, day: string, now: Date): CounterErrors {
  const e: CounterErrors = {};
  if (cartLines === 0) e.cart = 'cartEmpty';
  if (d.phone.trim() && !peruMobile(d.phone)) e.phone = 'phone';
  if (d.type === 'reservation') {
    const at = expectedAtOf(day, d.pickupTime);
    if (!d.pickupTime.trim()) e.pickupTime = 'required';
    else if (!at) e.pickupTime = 'time';
    else if (Date.parse(at) < now.getTime() - 60_000) e.pickupTime = 'timePassed';
  }
  if (d.lunchBox !== 'none' && !lunchBoxOf(d)) e.lunchBoxPrice = 'amount';
  return e;
}

/** The `takeout.create` payload of a checked draft: counter channel, picked up at the store (method 1). */
export function counterPayload(d: CounterDraft, ids: { takeoutId: string; orderId: string }, lines: CreateLine[], day: string) {
  const expectedAt = d.type === 'reservation' ? expectedAtOf(day, d.pickupTime) : null;
  const lunchBox = lunchBoxOf(d);
  return {
    ...ids,
    channel: 'counter' as const,
    type: d.type,
    method: 1 as const,
    customer: { name: d.name.trim(), phone: peruMobile(d.phone) ?? '' },
    ...(expectedAt ? { expectedAt } : {}),
    invoiceType: d.invoiceType,
    lines,
    ...(lunchBox ? { lunchBox } : {}),
    payLater: d.payLater,
    // Always to the kitchen at once, a reservation too: sending later is `order.send`, the tables'
    // gate (M001), which a counter role lacks; the pickup time is on the order for the kitchen to see.
    send: true,
  };
}
