import type { Reservation, State } from '#protocol';
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
  for (const r of Object.values(state.upcomingReservations ?? {})) {
    if (r.tableId !== tableId || !WAITING.includes(r.status)) continue;
    const at = Date.parse(r.at);
    if (at - now > span || now - at > span) continue;
    if (!next || at < Date.parse(next.at)) next = r;
  }
  return next;
}
