import type { DishRow, MethodRow, SalesFigures, SalesRow } from '#protocol';
import { ORDER_CHANNELS } from '#protocol';

/**
 * The empty figures and the one row order every breakdown keeps, shared by
 * `aggregateBills` and `mergeFigures` so that both give the same arrays for
 * the same sales (the per-day cache adds days up and must equal a direct count).
 */

/** '00'..'23': Lima hours, always all 24 rows. */
export const HOUR_KEYS: readonly string[] = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
/** '1' (Monday)..'7' (Sunday), ISO weekdays, always all 7 rows. */
export const WEEKDAY_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7'];
/** The category of dishes typed in by hand (custom dishes have no product, so no menu category). */
export const CUSTOM_CATEGORY_ID = 'custom';

function fixedRows(keys: readonly string[]): SalesRow[] {
  return keys.map((key) => ({ key, name: key, bills: 0, cents: 0, people: 0 }));
}

export function emptyFigures(): SalesFigures {
  return {
    bills: 0, people: 0, salesCents: 0,
    goodsCents: 0, lineDiscountCents: 0, orderDiscountCents: 0, giftCents: 0, giftQty: 0,
    tipCents: 0, lunchBoxCents: 0, minSpendFeeCents: 0, depositCents: 0,
    receivedCents: 0, changeCents: 0,
    returnQty: 0, returnCents: 0, withdrawnCount: 0, withdrawnCents: 0,
    onAccountCount: 0, onAccountCents: 0, refundCount: 0, refundCents: 0,
    byMethod: [], refundsByMethod: [],
    byHour: fixedRows(HOUR_KEYS), byWeekday: fixedRows(WEEKDAY_KEYS),
    byDay: [], byCategory: [], byDish: [], byTable: [], byStaff: [], byDocument: [],
    byChannel: fixedRows(ORDER_CHANNELS),
  };
}

/** Plain code-unit order (never locale order: the same on every machine). */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Hours, weekdays and days: by key (zero-padded, so text order is time order). */
export function byKey<T extends { key: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => compareKeys(a.key, b.key));
}

/** Every other breakdown: most money first, then by key (keys are unique, so the order is total). */
export function byCents<T extends { key: string; cents: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => b.cents - a.cents || compareKeys(a.key, b.key));
}

/** Channels: always the four, in ORDER_CHANNELS order (a row another hub wrote that this one does not know goes last). */
export function byChannelOrder(rows: SalesRow[]): SalesRow[] {
  const at = (key: string) => {
    const i = (ORDER_CHANNELS as readonly string[]).indexOf(key);
    return i === -1 ? ORDER_CHANNELS.length : i;
  };
  return rows.sort((a, b) => at(a.key) - at(b.key) || compareKeys(a.key, b.key));
}

/** Payment methods: most money first, then by method. */
export function methodsByCents(rows: MethodRow[]): MethodRow[] {
  return rows.sort((a, b) => b.cents - a.cents || compareKeys(a.method, b.method));
}

export function salesRow(key: string, name: string): SalesRow {
  return { key, name, bills: 0, cents: 0, people: 0 };
}

export function dishRow(key: string, name: string, categoryId: string): DishRow {
  return { key, name, categoryId, qty: 0, cents: 0, giftQty: 0, giftCents: 0, returnQty: 0, returnCents: 0 };
}
