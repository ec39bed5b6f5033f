import { PERU_MOBILE } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import type { DeliveryDetails, TakeoutType } from './contract.ts';

/**
 * A phone order as the till types it (the "new phone order" form), checked and
 * turned into the `takeout.create` payload, pure (tested in phone-order.test.ts).
 * The hub checks the same rules again (PHONE_INVALID, DELIVERY_ADDRESS_REQUIRED);
 * here they are caught while the guest is still on the line.
 */
export type PhoneOrderDraft = {
  /** 0: a rider takes it (SPEC delivery method 0); 1: the guest picks it up at the store. */
  method: 0 | 1;
  name: string;
  phone: string;
  address: string;
  reference: string;
  receiverName: string;
  receiverPhone: string;
  contactPhone: string;
  /** "HH:MM" in the restaurant's day, '' for as soon as possible. */
  expectedTime: string;
  fee: string;
  distanceKm: string;
  tip: string;
  /** The note the guest will pay with ("100"), so the rider brings change; '' when paid exactly or already. */
  payWith: string;
  invoiceType: 'note' | 'boleta' | 'factura';
  /** Paid at the door or on pickup (born "to be paid"); off: paid now, at the till, before it leaves. */
  payLater: boolean;
  /** For the kitchen and the rider ("ring twice"); '' for none. */
  note: string;
  /** Send the dishes to the kitchen on creating (off for an order for later: sent from its detail when due). */
  sendNow: boolean;
};

export const EMPTY_DRAFT: PhoneOrderDraft = {
  method: 0,
  name: '',
  phone: '',
  address: '',
  reference: '',
  receiverName: '',
  receiverPhone: '',
  contactPhone: '',
  expectedTime: '',
  fee: '',
  distanceKm: '',
  tip: '',
  payWith: '',
  invoiceType: 'note',
  payLater: true,
  note: '',
  sendNow: true,
};

/** Why a field cannot be sent: the texts of `delivery.form.errors`. */
export type FieldError = 'required' | 'phone' | 'amount' | 'distance' | 'time' | 'timePassed' | 'payWithShort';
export type DraftErrors = Partial<Record<keyof PhoneOrderDraft | 'cart', FieldError | 'cartEmpty'>>;

/** A phone as typed ("987 654 321", "+51 987-654-321") reduced to what the hub checks; null when it is no Peruvian mobile. */
export function peruMobile(typed: string): string | null {
  const compact = typed.replace(/[\s\-().]/g, '');
  const local = /^(?:\+?51)?(9\d{8})$/.exec(compact);
  return local && PERU_MOBILE.test(local[1]!) ? local[1]! : null;
}

/** An amount field: '' is 0, otherwise céntimos or null when it is no amount. */
function optionalCents(typed: string): number | null {
  return typed.trim() === '' ? 0 : parseCents(typed);
}

/** Kilometres as typed ("2.5", "2,5") in metres, up to 100 km; '' is 0; null when it is no distance. */
export function distanceMetres(typed: string): number | null {
  if (typed.trim() === '') return 0;
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,3}))?\s*$/.exec(typed);
  if (!m) return null;
  const metres = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return metres <= 100_000 ? metres : null;
}

/** The restaurant's offset (Lima, no summer time): an expected time typed on the form is Lima's. */
const LIMA_OFFSET = '-05:00';

/** "HH:MM" on the restaurant's business day `day` as the ISO time the command carries; null when no time of day. */
export function expectedAtOf(day: string, time: string): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return m ? `${day}T${m[1]}:${m[2]}:00${LIMA_OFFSET}` : null;
}

/** What the form's amounts add up to, for the total shown and the "pays with" check. */
export type DraftMoney = { feeCents: number; tipCents: number; payWithCents: number; distanceM: number };

/**
 * The draft's field errors (empty when it can be sent). `goodsCents` is the
 * cart's dishes; `day` the restaurant's day and `now` the clock (an expected
 * time already gone is refused: the guest meant tomorrow, or "now").
 */
export function draftErrors(d: PhoneOrderDraft, cartLines: number, goodsCents: number, day: string, now: Date): DraftErrors {
  const e: DraftErrors = {};
  if (cartLines === 0) e.cart = 'cartEmpty';
  if (!d.phone.trim()) e.phone = 'required';
  else if (!peruMobile(d.phone)) e.phone = 'phone';
  for (const f of ['receiverPhone', 'contactPhone'] as const) if (d[f].trim() && !peruMobile(d[f])) e[f] = 'phone';
  if (d.method === 0 && !d.address.trim()) e.address = 'required';
  for (const f of ['fee', 'tip', 'payWith'] as const) if (optionalCents(d[f]) === null) e[f] = 'amount';
  if (distanceMetres(d.distanceKm) === null) e.distanceKm = 'distance';
  if (d.expectedTime.trim()) {
    const at = expectedAtOf(day, d.expectedTime);
    if (!at) e.expectedTime = 'time';
    else if (Date.parse(at) < now.getTime() - 60_000) e.expectedTime = 'timePassed';
  }
  const money = draftMoney(d);
  if (!e.payWith && money.payWithCents > 0 && money.payWithCents < goodsCents + money.feeCents + money.tipCents) e.payWith = 'payWithShort';
  return e;
}

/** The draft's amounts in céntimos (an unreadable one counts 0; `draftErrors` names it). */
export function draftMoney(d: PhoneOrderDraft): DraftMoney {
  return {
    feeCents: d.method === 0 ? (optionalCents(d.fee) ?? 0) : 0,
    tipCents: optionalCents(d.tip) ?? 0,
    payWithCents: optionalCents(d.payWith) ?? 0,
    distanceM: d.method === 0 ? (distanceMetres(d.distanceKm) ?? 0) : 0,
  };
}

/** An order line as `takeout.create` takes it (as `order.addLines`). */
export type CreateLine = { lineId: string; productId: string; qty: number; remark: string; remarkIds?: string[]; specId?: string | null };

/** The `takeout.create` payload of a checked draft (a phone order: channel 'phone'). */
export type PhoneOrderPayload = {
  takeoutId: string;
  orderId: string;
  channel: 'phone';
  type: TakeoutType;
  method: 0 | 1;
  customer: { name: string; phone: string };
  expectedAt?: string;
  delivery?: DeliveryDetails;
  invoiceType: 'note' | 'boleta' | 'factura';
  lines: CreateLine[];
  tipCents?: number;
  payLater: boolean;
  note?: string;
  send: boolean;
};

/**
 * The command's payload: phones reduced to their 9 digits, the receiver
 * defaulting to the caller, a scheduled time making it a reservation (SPEC
 * order type), "as soon as possible" an immediate order; the tip rides along
 * (`tipCents`), and "pays later" makes it born to be paid (12).
 */
export function phoneOrderPayload(d: PhoneOrderDraft, ids: { takeoutId: string; orderId: string }, lines: CreateLine[], day: string): PhoneOrderPayload {
  const phone = peruMobile(d.phone) ?? '';
  const money = draftMoney(d);
  const expectedAt = d.expectedTime.trim() ? expectedAtOf(day, d.expectedTime) : null;
  return {
    ...ids,
    channel: 'phone',
    type: expectedAt ? 'reservation' : 'immediate',
    method: d.method,
    customer: { name: d.name.trim(), phone },
    ...(expectedAt ? { expectedAt } : {}),
    ...(d.method === 0
      ? {
          delivery: {
            address: d.address.trim(),
            reference: d.reference.trim(),
            receiverName: d.receiverName.trim() || d.name.trim(),
            receiverPhone: peruMobile(d.receiverPhone) ?? phone,
            contactPhone: peruMobile(d.contactPhone) ?? '',
            distanceM: money.distanceM,
            feeCents: money.feeCents,
            changeForCents: money.payWithCents,
          },
        }
      : {}),
    invoiceType: d.invoiceType,
    lines,
    ...(money.tipCents > 0 ? { tipCents: money.tipCents } : {}),
    payLater: d.payLater,
    ...(d.note.trim() ? { note: d.note.trim() } : {}),
    send: d.sendNow,
  };
}
