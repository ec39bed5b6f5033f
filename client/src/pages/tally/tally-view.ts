import type { PayMethod, State, TallyCategory, TallyEntry, TallyKind, TallySummary } from '#protocol';
import { DEPOSIT_TALLY_CATEGORIES, PAY_METHODS, TALLY_CATEGORIES, TALLY_CATEGORY_NAMES } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';

/**
 * What the bookkeeping page shows, from the hub's answer alone (pure: tested
 * without a browser). The figures themselves are the hub's
 * (hub/domain/tally/summary.ts); this only orders and labels them.
 */

/** The categories of one kind a person may book by hand, in the order the chips show them (deposits are the reservations'). */
export function categoriesOf(kind: TallyKind): TallyCategory[] {
  return TALLY_CATEGORY_NAMES.filter((c) => TALLY_CATEGORIES[c] === kind && !DEPOSIT_TALLY_CATEGORIES.includes(c));
}

/** How an entry may be paid on this page: cash first (the drawer), then the usual others. */
export const ENTRY_METHODS: readonly PayMethod[] = ['cash', 'yape', 'plin', 'transfer', 'otherCard'];

/** Whether a category asks for a note (the "other" ones: the note says what it was). */
export function needsNote(category: TallyCategory): boolean {
  return category === 'otherIncome' || category === 'otherExpense';
}

/** A person's name as the staff list has it, or their id when they left it. */
export function nameOf(state: State | null, staffId: string | null): string {
  if (staffId === null) return '—';
  return (state && getOwn(state.staff, staffId)?.name) || staffId;
}

/** The day's sales by method, in the payment methods' usual order, leaving out those with nothing. */
export function methodRows(summary: TallySummary): { method: PayMethod; cents: number }[] {
  return PAY_METHODS.flatMap((method) => {
    const cents = summary.salesByMethod[method] ?? 0;
    return cents ? [{ method, cents }] : [];
  });
}

/** Newest first for reading, removed ones kept where they were. */
export function entriesNewestFirst(entries: readonly TallyEntry[]): TallyEntry[] {
  return [...entries].sort((a, b) => b.at.localeCompare(a.at));
}

/** The calendar day `n` days from `day` (YYYY-MM-DD). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
