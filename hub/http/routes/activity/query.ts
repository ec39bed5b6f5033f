import type { Engine } from '#hub/engine/engine.ts';
import type { ActivityEntry, ActivityQuery } from '#protocol';

/** A week by default; at most about two months per question, so one answer stays small to read. */
const DEFAULT_DAYS = 7;
/** The longest range one question may ask for. */
export const MAX_DAYS = 62;
const DEFAULT_LIMIT = 300;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The days from..to (restaurant calendar), or null when the range is backwards or too long. */
export function dayRange(q: ActivityQuery, today: string): string[] | null {
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > MAX_DAYS) return null;
  }
  return days.length > 0 ? days : null;
}

/**
 * Activity matching the filters, newest first: the day files of the range
 * plus the records since the last snapshot (not in a file yet). An entry in
 * both (a snapshot running meanwhile) counts once, by its seq.
 */
export async function queryActivity(engine: Engine, q: ActivityQuery, days: readonly string[]): Promise<{ entries: ActivityEntry[]; truncated: boolean }> {
  const inRange = new Set(days);
  const bySeq = new Map<number, ActivityEntry>();
  const stored = new Set(await engine.activity.days());
  for (const day of days) if (stored.has(day)) for (const e of await engine.activity.readDay(day)) bySeq.set(e.seq, e);
  for (const e of engine.recentActivity()) if (inRange.has(engine.activity.dayOf(e))) bySeq.set(e.seq, e);
  const match = (e: ActivityEntry) =>
    (q.staffId === undefined || e.staffId === (q.staffId === 'hub' ? null : q.staffId)) &&
    (q.deviceId === undefined || e.deviceId === q.deviceId) &&
    (q.type === undefined || e.type === q.type || e.type.startsWith(`${q.type}.`));
  const all = [...bySeq.values()].filter(match).sort((a, b) => b.seq - a.seq);
  const limit = q.limit ?? DEFAULT_LIMIT;
  return { entries: all.slice(0, limit), truncated: all.length > limit };
}
