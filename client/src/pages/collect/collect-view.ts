import type { OrderChannel, PayMethod, SalesFigures, SalesRow } from '#protocol';
import { addDays } from '#domain';

/**
 * What the order report page shows, from the hub's figures alone (pure:
 * tested without a browser). The arithmetic is the hub's
 * (hub/domain/reports/); this picks the range to ask for and turns each
 * breakdown into the rows one chart and its table share, so both always
 * show the same numbers.
 */

export type RangeKind = 'today' | 'week' | 'month' | 'custom';
export type DayRange = { from: string; to: string };

/** The longest range the hub answers (reportQuerySchema): 400 days. */
export const MAX_RANGE_DAYS = 400;

/** ISO weekday of a YYYY-MM-DD day: 1 Monday .. 7 Sunday. */
function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * The business days a range button means, ending today (the current business
 * day): this week from its Monday, this month from its 1st. A custom range is
 * the days typed in.
 */
export function rangeOf(kind: RangeKind, today: string, custom: DayRange): DayRange {
  if (kind === 'today') return { from: today, to: today };
  if (kind === 'week') return { from: addDays(today, 1 - isoWeekday(today)), to: today };
  if (kind === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return custom;
}

/** Why a custom range cannot be asked for (null: it can). */
export function rangeProblem(r: DayRange): 'order' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.from) || !/^\d{4}-\d{2}-\d{2}$/.test(r.to) || r.from > r.to) return 'order';
  if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** One line of a chart and of its table: what it is, how many (bills, portions, payments) and how much. */
export type ViewRow = { key: string; label: string; count: number; cents: number };
export type ChartKind = 'bar' | 'hbar' | 'line' | 'doughnut';
export type SectionId = 'hour' | 'weekday' | 'day' | 'channel' | 'category' | 'topDishes' | 'bottomDishes' | 'table' | 'staff' | 'method' | 'discounts';
/** `count`: what the count column holds; `totals`: whether the rows add up to something meaningful (one bill is in one hour, not in one category). */
export type Section = { id: SectionId; chart: ChartKind; count: 'bills' | 'qty' | 'payments'; totals: boolean; rows: ViewRow[] };

/** The names the page translates; the view only places them. */
export type Labels = {
  weekday(iso: number): string;
  /** A YYYY-MM-DD day as the device's language writes it (never ISO on the page). */
  day(day: string): string;
  method(m: PayMethod): string;
  staff(staffId: string): string;
  /** Dine-in, counter, phone, web (issue 21). */
  channel(key: OrderChannel): string;
  customCategory: string;
  discounts: { line: string; order: string; gifts: string; returns: string; refunds: string; withdrawn: string };
};

/** How many dishes the top and the bottom charts show. */
export const DISH_COUNT = 10;

const fromSales = (r: SalesRow, label: string): ViewRow => ({ key: r.key, label, count: r.bills, cents: r.cents });

/** The hours from the first to the last with a sale (all 24 would be mostly empty bars on a phone). */
function hourRows(f: SalesFigures): ViewRow[] {
  const busy = f.byHour.filter((r) => r.bills > 0);
  if (busy.length === 0) return [];
  const first = busy[0]!.key;
  const last = busy[busy.length - 1]!.key;
  return f.byHour.filter((r) => r.key >= first && r.key <= last).map((r) => fromSales(r, `${r.key}:00`));
}

/** The four channels, only when something came in other than at a table (a restaurant of tables only sees no chart of 100 %). */
function channelRows(f: SalesFigures, labels: Labels): ViewRow[] {
  const rows = f.byChannel ?? [];
  if (!rows.some((r) => r.key !== 'dineIn' && r.bills > 0)) return [];
  return rows.filter((r) => r.bills > 0).map((r) => fromSales(r, labels.channel(r.key as OrderChannel)));
}

function dishRows(f: SalesFigures): { top: ViewRow[]; bottom: ViewRow[] } {
  const sold = f.byDish.filter((d) => d.qty > 0).map((d): ViewRow => ({ key: d.key, label: d.name, count: d.qty, cents: d.cents }));
  const top = [...sold].sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key)).slice(0, DISH_COUNT);
  const topKeys = new Set(top.map((r) => r.key));
  // The least sold (by portions, then money), only those not already among the top.
  const bottom = sold.filter((r) => !topKeys.has(r.key)).sort((a, b) => a.count - b.count || a.cents - b.cents || a.key.localeCompare(b.key)).slice(0, DISH_COUNT);
  return { top, bottom };
}

/** Every breakdown the page charts, in page order; a section with no rows is left out. */
export function sectionsOf(f: SalesFigures, labels: Labels): Section[] {
  const dishes = dishRows(f);
  const discounts: ViewRow[] = [
    { key: 'line', label: labels.discounts.line, count: 0, cents: f.lineDiscountCents },
    { key: 'order', label: labels.discounts.order, count: 0, cents: f.orderDiscountCents },
    { key: 'gifts', label: labels.discounts.gifts, count: f.giftQty, cents: f.giftCents },
    { key: 'returns', label: labels.discounts.returns, count: f.returnQty, cents: f.returnCents },
    { key: 'refunds', label: labels.discounts.refunds, count: f.refundCount, cents: f.refundCents },
    { key: 'withdrawn', label: labels.discounts.withdrawn, count: f.withdrawnCount, cents: f.withdrawnCents },
  ].filter((r) => r.cents !== 0 || r.count !== 0);
  const all: Section[] = [
    { id: 'hour', chart: 'bar', count: 'bills', totals: true, rows: hourRows(f) },
    { id: 'weekday', chart: 'bar', count: 'bills', totals: true, rows: f.bills > 0 ? f.byWeekday.map((r) => fromSales(r, labels.weekday(Number(r.key)))) : [] },
    { id: 'day', chart: f.byDay.length > 1 ? 'line' : 'bar', count: 'bills', totals: true, rows: f.byDay.map((r) => fromSales(r, labels.day(r.key))) },
    // By channel once anything came in other than at a table (figures kept before issue 21 have none).
    { id: 'channel', chart: 'doughnut', count: 'bills', totals: true, rows: channelRows(f, labels) },
    { id: 'category', chart: 'doughnut', count: 'bills', totals: false, rows: f.byCategory.map((r) => fromSales(r, r.key === 'custom' ? labels.customCategory : r.name)) },
    { id: 'topDishes', chart: 'hbar', count: 'qty', totals: false, rows: dishes.top },
    { id: 'bottomDishes', chart: 'hbar', count: 'qty', totals: false, rows: dishes.bottom },
    { id: 'table', chart: 'hbar', count: 'bills', totals: true, rows: f.byTable.map((r) => fromSales(r, r.name || r.key)) },
    { id: 'staff', chart: 'hbar', count: 'bills', totals: true, rows: f.byStaff.map((r) => fromSales(r, labels.staff(r.key))) },
    { id: 'method', chart: 'doughnut', count: 'payments', totals: true, rows: f.byMethod.map((m) => ({ key: m.method, label: labels.method(m.method), count: m.count, cents: m.cents })) },
    { id: 'discounts', chart: 'bar', count: 'qty', totals: false, rows: discounts },
  ];
  return all.filter((s) => s.rows.length > 0);
}

/** The sum of a section's count and money columns (the table's last line). */
export function totalsOf(rows: readonly ViewRow[]): { count: number; cents: number } {
  return rows.reduce((t, r) => ({ count: t.count + r.count, cents: t.cents + r.cents }), { count: 0, cents: 0 });
}

/**
 * A chart label broken into lines of at most `max` characters at spaces (a
 * word longer than that stays whole), so a long dish name shows in full beside
 * its bar instead of being cut at the canvas edge (issue 18 item 16). At most
 * three lines: a fourth is cut with an ellipsis (the table beside the chart
 * shows the whole name). A label that fits is returned as it is.
 */
export function wrapLabel(label: string, max: number): string | string[] {
  if (label.length <= max) return label;
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), `${lines[2]}…`];
}
