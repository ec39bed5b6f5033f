/**
 * The restaurant's calendar, for the pure rules. Peru keeps UTC−5 all year
 * (no daylight saving), the same offset the engine files its day files by;
 * the rules cannot read the engine's option, so it is written here once.
 */
export const RESTAURANT_UTC_OFFSET_MINUTES = -300;

/** The restaurant's day (YYYY-MM-DD) of an ISO time. */
export function restaurantDay(iso: string): string {
  return new Date(Date.parse(iso) + RESTAURANT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (YYYY-MM-DD; n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
