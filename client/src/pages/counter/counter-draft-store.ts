import { proxy, useSnapshot, type Snapshot } from 'valtio';
import { readJson, writeJson } from '../../sync/storage.ts';
import { uuid } from '../../sync/uuid.ts';
import { clearCart } from '../dinner/cart.ts';
import { EMPTY_COUNTER_DRAFT, type CounterDraft } from './counter-order.ts';

/**
 * The counter order being taken on this device: its ids (minted once, so a
 * resend after a lost answer is the same order) and the form, kept in
 * localStorage beside the cart (dinner's cart, keyed by the draft's order id)
 * so a reload at the till loses nothing.
 */
type CounterDraftState = { takeoutId: string; orderId: string; form: CounterDraft };

const KEY = 'pos.counterOrder';

function fresh(): CounterDraftState {
  return { takeoutId: uuid(), orderId: uuid(), form: { ...EMPTY_COUNTER_DRAFT } };
}

function load(): CounterDraftState {
  const kept = readJson<Partial<CounterDraftState>>(KEY);
  if (!kept || typeof kept.takeoutId !== 'string' || typeof kept.orderId !== 'string') return fresh();
  return { takeoutId: kept.takeoutId, orderId: kept.orderId, form: { ...EMPTY_COUNTER_DRAFT, ...kept.form } };
}

let store: CounterDraftState | null = null;

function draft(): CounterDraftState {
  return (store ??= proxy(load()));
}

export function useCounterDraft(): Snapshot<CounterDraftState> {
  return useSnapshot(draft());
}

export function setCounterForm(patch: Partial<CounterDraft>): void {
  Object.assign(draft().form, patch);
  writeJson(KEY, draft());
}

/** The order was taken: a new one starts clean (new ids; the old cart's storage is cleared). */
export function resetCounterDraft(): void {
  const d = draft();
  clearCart(d.orderId);
  Object.assign(d, fresh());
  writeJson(KEY, d);
}
