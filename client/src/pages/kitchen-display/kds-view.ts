import type { KdsRetiredNote, KdsTicket, State, Station } from '#protocol';

/**
 * What the kitchen display shows, read from the device's view of the state
 * (pure: the page and its tests share it).
 */

/** The station's open tickets, oldest first (by when the waiter acted, then when the screen got it). */
export function openTickets(state: State, station: string): KdsTicket[] {
  return Object.values(state.kitchenDisplay.tickets)
    .filter((t) => t.bumpNo === 0 && t.ticket.station === station)
    .sort((a, b) => a.ticket.at.localeCompare(b.ticket.at) || a.shownAt.localeCompare(b.shownAt) || a.id.localeCompare(b.id));
}

/** Whether the station has a bumped ticket that recall would bring back. */
export function canRecall(state: State, station: string): boolean {
  return Object.values(state.kitchenDisplay.tickets).some((t) => t.bumpNo !== 0 && t.ticket.station === station);
}

/**
 * The station's note of old tickets the hub retired from the screens (more
 * than KDS_MAX_OPEN_TICKETS open), until a cook dismisses it; none otherwise.
 */
export function retiredNote(state: State, station: string): KdsRetiredNote | undefined {
  const notes = state.kitchenDisplay.retired;
  return notes && Object.hasOwn(notes, station) ? notes[station] : undefined;
}

/**
 * The stations a screen may show: the menu's, then any that only tickets
 * still name (a station removed from the menu while its tickets are open).
 */
export function stationsOf(state: State): Station[] {
  const out = [...state.menuSettings.stations];
  const known = new Set(out.map((s) => s.id));
  for (const t of Object.values(state.kitchenDisplay.tickets)) {
    if (known.has(t.ticket.station) || t.ticket.station === '') continue;
    known.add(t.ticket.station);
    out.push({ id: t.ticket.station, name: t.ticket.stationName || t.ticket.station });
  }
  return out;
}

/**
 * Whole minutes since `at` (hub time) by this device's clock. A tablet whose
 * clock runs behind the hub's would read a negative time: it reads 0.
 */
export function elapsedMinutes(at: string, nowMs: number): number {
  const since = nowMs - Date.parse(at);
  return Number.isFinite(since) && since > 0 ? Math.floor(since / 60_000) : 0;
}

/** How late a ticket looks: after 10 minutes it warns, after 20 it is late. */
export function lateness(minutes: number): 'ok' | 'warn' | 'late' {
  return minutes >= 20 ? 'late' : minutes >= 10 ? 'warn' : 'ok';
}
