import { MAX_BATCH_QUANTITY, MAX_COUPON_DEDUCTION_CENTS } from '#protocol';

/** What the owner types for a new batch (strings as the inputs hold them). */
export type BatchDraft = { prefix: string; name: string; soles: string; category: 1 | 2; expiresOn: string; quantity: string };
export type BatchField = 'prefix' | 'name' | 'soles' | 'expiresOn' | 'quantity';
export type BatchError = 'required' | 'prefixInvalid' | 'amountInvalid' | 'dateInvalid' | 'quantityInvalid';

export const EMPTY_BATCH: BatchDraft = { prefix: '', name: '', soles: '', category: 1, expiresOn: '', quantity: '' };

/** "12", "12.5", "12,50" soles → cents; null when not a positive amount with at most 2 decimals. */
export function solesToCents(text: string): number | null {
  const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_COUPON_DEDUCTION_CENTS ? cents : null;
}

/** The expiry picker spans ±150 years from today (SPEC.md's date-picker rule). */
export function expiryBounds(today: string): { min: string; max: string } {
  const year = Number(today.slice(0, 4));
  return { min: `${year - 150}${today.slice(4)}`, max: `${year + 150}${today.slice(4)}` };
}

/** The message a field shows, or null. Pure: the form and its test share it. */
export function batchFieldError(draft: BatchDraft, field: BatchField, today: string): BatchError | null {
  const value = draft[field].trim();
  if (value === '') return 'required';
  if (field === 'prefix') return /^[A-Za-z0-9]{1,12}$/.test(value) ? null : 'prefixInvalid';
  if (field === 'soles') return solesToCents(value) === null ? 'amountInvalid' : null;
  if (field === 'quantity') {
    const n = Number(value);
    return /^\d+$/.test(value) && n >= 1 && n <= MAX_BATCH_QUANTITY ? null : 'quantityInvalid';
  }
  if (field === 'expiresOn') {
    const { min, max } = expiryBounds(today);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= min && value <= max ? null : 'dateInvalid';
  }
  return null; // the name: its input stops at 60 characters
}

export const BATCH_FIELDS: readonly BatchField[] = ['prefix', 'name', 'soles', 'expiresOn', 'quantity'];

export function batchErrors(draft: BatchDraft, today: string): Partial<Record<BatchField, BatchError>> {
  const out: Partial<Record<BatchField, BatchError>> = {};
  for (const f of BATCH_FIELDS) {
    const e = batchFieldError(draft, f, today);
    if (e) out[f] = e;
  }
  return out;
}
