import type { Reservation, State } from '#protocol';
import { getOwn } from '../records.ts';
import { restaurantDay } from './calendar.ts';
import { idsOn } from './day-index.ts';
import { WAITING } from './transitions.ts';

/**
 * The next reservation of a table still waiting for its guests whose time is
 * within `minutes` from now (or passed less than `minutes` ago: guests run
 * late), for the table map's card; null when none. Pure: the map passes its clock.
 */
export function reservedSoon(state: State, tableId: string, nowIso: string, minutes = 60): Reservation | null {
  const now = Date.parse(nowIso);
  const span = minutes * 60_000;
  let next: Reservation | null = null;
  const upcoming = state.upcomingReservations ?? {};
  // The days the window reaches (the map asks once per table: never every reservation per table).
  const days = new Set([restaurantDay(new Date(now - span).toISOString()), restaurantDay(nowIso), restaurantDay(new Date(now + span).toISOString())]);
  const near = [...days].flatMap((day) => [...idsOn(upcoming, day)].flatMap((id) => getOwn(upcoming, id) ?? []));
  for (const r of near) {
    if (r.tableId !== tableId || !WAITING.includes(r.status)) continue;
    const at = Date.parse(r.at);
    if (at - now > span || now - at > span) continue;
    if (!next || at < Date.parse(next.at)) next = r;
  }
  return next;
}
