import type { Job } from '#protocol';

/** How far back a hub that was off catches up missed nights (older days: on demand from the page). */
export const CATCH_UP_DAYS = 31;

/** The day before `day` (YYYY-MM-DD, UTC arithmetic on dates only). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The business days the closing hour should export now, oldest first:
 * every day that has ended (before `current`, the day under way), back to
 * the newest day already exported, at most CATCH_UP_DAYS; on a hub that
 * never exported, only the day that just ended. A day with an export job
 * still in the live state (pending, running, stuck) is left alone: exactly
 * one export per day unless a person asks again.
 */
export function daysToExport(current: string, exported: readonly string[], jobs: readonly Job[]): string[] {
  const done = new Set(exported);
  const inHand = new Set(jobs.filter((job) => job.kind === 'export.day').map((job) => (job.payload as { day: string }).day));
  const newest = [...done].sort().at(-1) ?? null;
  const days: string[] = [];
  let day = dayBefore(current);
  for (let n = 0; n < CATCH_UP_DAYS; n++, day = dayBefore(day)) {
    if (newest !== null ? day <= newest : n > 0) break;
    if (!done.has(day) && !inHand.has(day)) days.push(day);
  }
  return days.reverse();
}
