import type { Reservation, State } from '#protocol';

/**
 * The upcoming reservations' ids by restaurant day, so that the rules read
 * the days they need (the past ones to file, the ones around a booking's
 * time) instead of walking the whole live window (today and 60 days ahead:
 * hundreds to a few thousand reservations, issue 20).
 *
 * Not in the state: a cache beside it, keyed by the record object itself (a
 * WeakMap, so an old state's index goes with it). It holds nothing the
 * record does not say, so a state from a snapshot, a replay or a device
 * reads the same answers; the first read of a record nobody indexed builds
 * its index once, and the appliers carry it over to the record each write
 * makes (`carryDays`), changing one day's set. A write that did not carry
 * it only costs the next read that one build.
 */

type Upcoming = State['upcomingReservations'];

/** Ids by restaurant day (YYYY-MM-DD). Never changed once made: a state's index stays as it was. */
export type DayIndex = ReadonlyMap<string, ReadonlySet<string>>;

const indexes = /* @__PURE__ */ new WeakMap<Upcoming, DayIndex>();

/** The index of this record, built on first use. */
export function reservationDays(upcoming: Upcoming): DayIndex {
  const known = indexes.get(upcoming);
  if (known) return known;
  const days = new Map<string, Set<string>>();
  // collection-guard: once per record nobody indexed (a state just loaded); then carried on by the appliers.
  for (const r of Object.values(upcoming)) {
    const ids = days.get(r.day) ?? new Set<string>();
    ids.add(r.id);
    days.set(r.day, ids);
  }
  indexes.set(upcoming, days);
  return days;
}

/**
 * `next`'s index from `prev`'s, when `prev`'s is known: the same one when no
 * reservation came or went (a status change), otherwise a copy of the day
 * map (at most ~61 days) with the touched days' sets changed.
 */
export function carryDays(prev: Upcoming, next: Upcoming, added: readonly Reservation[] = [], removed: readonly Reservation[] = []): void {
  const index = indexes.get(prev);
  if (!index || prev === next || indexes.has(next)) return;
  if (added.length === 0 && removed.length === 0) {
    indexes.set(next, index);
    return;
  }
  const out = new Map(index);
  for (const r of removed) {
    const ids = new Set(out.get(r.day));
    ids.delete(r.id);
    if (ids.size === 0) out.delete(r.day);
    else out.set(r.day, ids);
  }
  for (const r of added) out.set(r.day, new Set(out.get(r.day)).add(r.id));
  indexes.set(next, out);
}

/** The ids of reservations on `day`. */
export function idsOn(upcoming: Upcoming, day: string): ReadonlySet<string> {
  return reservationDays(upcoming).get(day) ?? NONE;
}

const NONE: ReadonlySet<string> = /* @__PURE__ */ new Set();
