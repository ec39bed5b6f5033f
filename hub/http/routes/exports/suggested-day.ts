import type { Bill, State } from '#protocol';
import { addDays } from '#domain';
import { businessDayOf, businessDayRange, closingHourOf } from '#hub/domain/business-day.ts';

/**
 * GET /api/exports/suggested-day: the day the exports page offers to export
 * first. Today (the business day under way) when it already has bills, since
 * the owner who opens the page mid-service wants what was sold so far; else
 * the last business day with bills, within five weeks (a restaurant closed on
 * Mondays gets Sunday, not an empty Monday); else yesterday, as before.
 */
export type SuggestedDayReply = { ok: true; day: string; why: 'today' | 'lastSales' | 'yesterday' };

/** What the suggestion reads: the bills closed in [from, to) (the engine's archive). */
export type BillsBetween = (from: string, to: string) => Promise<readonly Pick<Bill, 'paidAt'>[]>;

/** How far back the page looks for a day with bills, a week at a time. */
export const SUGGEST_WEEKS = 5;

export async function suggestedDay(state: Pick<State, 'settings'>, now: Date, billsBetween: BillsBetween): Promise<SuggestedDayReply> {
  const closing = closingHourOf(state.settings);
  const today = businessDayOf(now.toISOString(), closing);
  const todayRange = businessDayRange(today, closing);
  if ((await billsBetween(todayRange.from, todayRange.to)).length > 0) return { ok: true, day: today, why: 'today' };
  // A week at a time, newest first: a busy month is never read whole when last night had bills.
  let to = todayRange.from;
  for (let week = 1; week <= SUGGEST_WEEKS; week++) {
    const from = businessDayRange(addDays(today, -7 * week), closing).from;
    const bills = await billsBetween(from, to);
    if (bills.length > 0) {
      const latest = bills.reduce((a, b) => (b.paidAt > a ? b.paidAt : a), bills[0]!.paidAt);
      return { ok: true, day: businessDayOf(latest, closing), why: 'lastSales' };
    }
    to = from;
  }
  return { ok: true, day: addDays(today, -1), why: 'yesterday' };
}
