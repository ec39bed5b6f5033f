import type { DocKind, PayMethod } from '#protocol';
import type { BillRow, RecordState } from '#hub/domain/bills/list.ts';

/**
 * The bills page's filters apart from React: the date range each preset
 * means, and the query a search sends (GET /api/bills). Days are business
 * days (YYYY-MM-DD); `today` comes from the hub's answer, so the page never
 * trusts the device's clock or time zone.
 */

export const RANGE_PRESETS = ['today', 'week', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type Filters = {
  preset: RangePreset;
  /** Custom range only. */
  from: string;
  to: string;
  table: string;
  no: string;
  method: PayMethod | '';
  document: DocKind | '';
  record: RecordState | 'all';
};

export const EMPTY_FILTERS: Filters = { preset: 'today', from: '', to: '', table: '', no: '', method: '', document: '', record: 'all' };

/** The most days one search covers (the hub's limit, hub/http/routes/bills/schema.ts). */
export const MAX_DAYS = 92;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Today; this week from Monday; this month from the 1st; or the custom days (swapped when given backwards). */
export function rangeOf(f: Pick<Filters, 'preset' | 'from' | 'to'>, today: string): { from: string; to: string } {
  if (f.preset === 'today') return { from: today, to: today };
  if (f.preset === 'week') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return { from: addDays(today, -weekday), to: today };
  }
  if (f.preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  const from = f.from || today;
  const to = f.to || from;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** Whether a range is longer than one search may cover. */
export function tooLong(range: { from: string; to: string }): boolean {
  return addDays(range.from, MAX_DAYS - 1) < range.to;
}

/** The query string of a search (and of its next page with `cursor`); empty filters are left out. */
export function queryOf(f: Filters, today: string, cursor: string | null = null): string {
  const { from, to } = rangeOf(f, today);
  const q = new URLSearchParams({ from, to });
  if (f.table.trim()) q.set('table', f.table.trim());
  if (f.no.trim()) q.set('no', f.no.trim());
  if (f.method) q.set('method', f.method);
  if (f.document) q.set('document', f.document);
  if (f.record !== 'all') q.set('record', f.record);
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

/** The detail page's address for a row. */
export function detailPath(row: { id: string; day: string }): string {
  return `/pages/bill/indexone?${new URLSearchParams({ id: row.id, day: row.day }).toString()}`;
}

/**
 * A bill's ways of payment: each method paid at the till, then the reservation
 * deposit credited (a payment of the bill taken earlier, by its own method,
 * which the reservation records; the detail lists it among the amounts).
 */
export function methodsText(r: Pick<BillRow, 'methods' | 'depositCents'>, methodName: (m: PayMethod) => string, depositName: string): string {
  return [...r.methods.map(methodName), ...(r.depositCents > 0 ? [depositName] : [])].join(' + ');
}
