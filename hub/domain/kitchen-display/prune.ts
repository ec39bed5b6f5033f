import type { KdsRetiredNote, KdsTicket } from '#protocol';
import { KDS_KEEP_BUMPED_MS, KDS_KEEP_BUMPED_PER_STATION, KDS_MAX_OPEN_TICKETS } from '#protocol';
import { getOwn, setOwn } from '../records.ts';

/** A ticket by id, as it stands after the fold at hand. */
export type TicketLookup = (id: string) => KdsTicket | undefined;

/**
 * What leaves the screens as an event is folded, read from the indexes
 * (ticket-index.ts), never from a walk of the tickets. Run by the appliers
 * with the event's own time, so a replay drops exactly the same.
 */

/**
 * The bumped tickets past keeping: bumped more than KDS_KEEP_BUMPED_MS
 * before `now`, or beyond the station's newest KDS_KEEP_BUMPED_PER_STATION.
 * Each station's list is in bump order, so only its front is read. Walks
 * the stations (the menu's few), not the tickets.
 */
export function pruneBumped(
  ticketOf: TicketLookup,
  bumped: Readonly<Record<string, readonly string[]>>,
  now: string,
  drop: Set<string>,
): Record<string, string[]> {
  const oldest = Date.parse(now) - KDS_KEEP_BUMPED_MS;
  const out: Record<string, string[]> = {};
  // collection-guard: the stations with bumped tickets, a handful (the menu's stations).
  for (const [station, list] of Object.entries(bumped)) {
    let from = 0;
    while (from < list.length) {
      const t = ticketOf(list[from] ?? '');
      const expired = !t || Date.parse(t.bumpedAt) < oldest;
      if (!expired && list.length - from <= KDS_KEEP_BUMPED_PER_STATION) break;
      drop.add(list[from] ?? '');
      from++;
    }
    // A station whose bumped tickets all left leaves the index too.
    if (from < list.length) setOwn(out, station, from === 0 ? [...list] : list.slice(from));
  }
  return out;
}

/**
 * The open tickets past KDS_MAX_OPEN_TICKETS leave, the one open longest
 * first: their ids go into `drop`, and each one's station note counts it
 * (at `now`, the time of the show that pushed it out). Returns what stays
 * open and the notes.
 */
export function retireOldest(
  ticketOf: TicketLookup,
  open: readonly string[],
  retired: Readonly<Record<string, KdsRetiredNote>>,
  now: string,
  drop: Set<string>,
): { open: readonly string[]; retired: Readonly<Record<string, KdsRetiredNote>> } {
  const over = open.length - KDS_MAX_OPEN_TICKETS;
  if (over <= 0) return { open, retired };
  const notes: Record<string, KdsRetiredNote> = { ...retired };
  for (const id of open.slice(0, over)) {
    drop.add(id);
    const station = ticketOf(id)?.ticket.station;
    if (station === undefined) continue;
    setOwn(notes, station, { count: (getOwn(notes, station)?.count ?? 0) + 1, at: now });
  }
  return { open: open.slice(over), retired: notes };
}
