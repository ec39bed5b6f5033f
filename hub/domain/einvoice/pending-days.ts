import type { PendingSummaryLine, State } from '#protocol';

/**
 * How many lines wait for a summary, per reference date, beside the state:
 * a cache keyed by the `pendingSummary` record (a WeakMap), as
 * reservations/day-index.ts does for bookings. It says only what the record
 * says; the first read of a record nobody counted walks it once, the
 * appliers carry the counts to the record each write makes.
 */

type Pending = State['pendingSummary'];

/** Lines waiting, by reference date (YYYY-MM-DD). Never changed once made. */
export type PendingDays = ReadonlyMap<string, number>;

const counts = /* @__PURE__ */ new WeakMap<Pending, PendingDays>();

/** The counts of this record, built on first use. */
export function pendingDays(pending: Pending): PendingDays {
  const known = counts.get(pending);
  if (known) return known;
  const days = new Map<string, number>();
  // collection-guard: once per record nobody counted (a state just loaded); then carried on by the appliers.
  for (const line of Object.values(pending)) days.set(line.referenceDate, (days.get(line.referenceDate) ?? 0) + 1);
  counts.set(pending, days);
  return days;
}

/** `next`'s counts from `prev`'s, when known: the lines added (replacing any under the same key) and removed. */
export function carryPendingDays(prev: Pending, next: Pending, added: readonly PendingSummaryLine[], removed: readonly PendingSummaryLine[]): void {
  const known = counts.get(prev);
  if (!known || prev === next || counts.has(next)) return;
  const out = new Map(known);
  const move = (date: string, by: number) => {
    const n = (out.get(date) ?? 0) + by;
    if (n > 0) out.set(date, n);
    else out.delete(date);
  };
  for (const line of removed) move(line.referenceDate, -1);
  for (const line of added) move(line.referenceDate, 1);
  counts.set(next, out);
}
