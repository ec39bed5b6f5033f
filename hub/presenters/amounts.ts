import type { Viewer } from './viewer.ts';

/**
 * The kitchen role (the `kitchen` preset) never receives amounts (issue 18
 * item 4): a kitchen screen hangs where guests and staff pass, and cooks need
 * dishes, not what a table spends. Every field named `...Cents` (prices,
 * totals, discounts, tips, payments, deposits) reaches it as 0; a null stays
 * null. Applied after the slice and event rules, so it shapes snapshots and
 * changes alike, and a kitchen replica folding zeroed changes into a zeroed
 * snapshot gets the zeroed state (role-matrix.test.ts).
 */
export const KITCHEN_ROLE = 'kitchen';

/** Whether amounts are kept from this viewer. */
export function withoutAmountsFor(viewer: Viewer): boolean {
  return viewer.roleId === KITCHEN_ROLE;
}

/** Whether a key names an amount in céntimos. */
const isAmountKey = (key: string) => key.endsWith('Cents');

/** A copy of `value` with every `...Cents` number set to 0 (pure; the input is not touched). */
export function withoutAmounts<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withoutAmounts(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own keys: a key named __proto__ stays data, never the copy's prototype.
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, isAmountKey(key) && typeof v === 'number' ? 0 : withoutAmounts(v)])) as T;
}
