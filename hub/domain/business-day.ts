import { DEFAULT_CLOSING_HOUR, type Settings } from '#protocol';

/**
 * Which day a moment belongs to, for reports, shifts, the daily bookkeeping
 * and exports: the restaurant's day runs from its closing hour to the next
 * closing hour, in Lima time. Peru keeps UTC−5 all year (no daylight saving
 * since 1994, as hub/domain/einvoice/lima-time.ts notes), so a fixed offset is
 * exact. A sale at 01:30 when the restaurant closes at 03:00 belongs to the
 * evening before: the moment is moved back by the offset and the closing
 * hour, and the calendar date of what is left is the business day.
 */
const LIMA_OFFSET_HOURS = -5;

export { DEFAULT_CLOSING_HOUR };

/** The business day (YYYY-MM-DD) of an ISO instant, for a closing hour of 0–23 (0: the calendar day). */
export function businessDayOf(iso: string, closingHour: number): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${iso}`);
  if (!Number.isInteger(closingHour) || closingHour < 0 || closingHour > 23) throw new RangeError(`closing hour out of range: ${closingHour}`);
  return new Date(ms + (LIMA_OFFSET_HOURS - closingHour) * 3600_000).toISOString().slice(0, 10);
}

/** The closing hour a restaurant's settings say (older data has none: the default). */
export function closingHourOf(settings: Pick<Settings, 'closingHour'>): number {
  return settings.closingHour ?? DEFAULT_CLOSING_HOUR;
}

/**
 * The instants a business day covers, [from, to), as ISO strings: from its
 * closing hour in Lima to the next day's. Reports use it to pick the calendar
 * day files (kept by UTC−5 calendar day) a business day spans.
 */
export function businessDayRange(day: string, closingHour: number): { from: string; to: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) + (closingHour - LIMA_OFFSET_HOURS) * 3600_000;
  return { from: new Date(start).toISOString(), to: new Date(start + 24 * 3600_000).toISOString() };
}
