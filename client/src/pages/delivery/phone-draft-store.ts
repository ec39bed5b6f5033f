import { proxy, useSnapshot, type Snapshot } from 'valtio';
import { readJson, remove, writeJson } from '../../sync/storage.ts';
import { uuid } from '../../sync/uuid.ts';
import { clearCart } from '../dinner/cart.ts';
import type { CustomDish } from '../dinner/CustomDishDialog.tsx';
import { EMPTY_DRAFT, type PhoneOrderDraft } from './phone-order.ts';

/** A dish not on the menu, picked for the phone order (sent as one of `takeout.create`'s custom lines). */
export type DraftCustomLine = CustomDish & { lineId: string };

/**
 * The phone order being taken on this device: its ids (minted once, so a
 * resend after a lost answer is the same order), the form and the custom
 * dishes, kept in localStorage with the cart (dinner's cart, keyed by the
 * draft's order id) so a reload mid-call loses nothing.
 */
type PhoneDraftState = { takeoutId: string; orderId: string; form: PhoneOrderDraft; custom: DraftCustomLine[] };

const KEY = 'pos.phoneOrder';

function fresh(): PhoneDraftState {
  return { takeoutId: uuid(), orderId: uuid(), form: { ...EMPTY_DRAFT }, custom: [] };
}

function load(): PhoneDraftState {
  const kept = readJson<Partial<PhoneDraftState>>(KEY);
  if (!kept || typeof kept.takeoutId !== 'string' || typeof kept.orderId !== 'string') return fresh();
  return { takeoutId: kept.takeoutId, orderId: kept.orderId, form: { ...EMPTY_DRAFT, ...kept.form }, custom: Array.isArray(kept.custom) ? kept.custom : [] };
}

let store: PhoneDraftState | null = null;

/** The draft, read from storage the first time it is needed. */
function draft(): PhoneDraftState {
  return (store ??= proxy(load()));
}

function save(): void {
  writeJson(KEY, draft());
}

/** The draft as a component reads it (re-rendering on each change). */
export function usePhoneDraft(): Snapshot<PhoneDraftState> {
  return useSnapshot(draft());
}

/** Changes fields of the form. */
export function setForm(change: Partial<PhoneOrderDraft>): void {
  Object.assign(draft().form, change);
  save();
}

export function addCustom(dish: CustomDish): void {
  draft().custom.push({ ...dish, lineId: uuid() });
  save();
}

export function removeCustom(lineId: string): void {
  const d = draft();
  d.custom = d.custom.filter((c) => c.lineId !== lineId);
  save();
}

/** The order was created: the cart and form are forgotten and the next call starts with new ids. */
export function resetDraft(): void {
  const d = draft();
  clearCart(d.orderId);
  remove(KEY);
  Object.assign(d, fresh());
}
