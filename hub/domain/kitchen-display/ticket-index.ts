import type { KdsTicket, State } from '#protocol';

type Slice = State['kitchenDisplay'];

/** The slice's indexes: which tickets are open (oldest first) and which bumped per station (earliest bump first). */
export type TicketIndex = { open: readonly string[]; bumped: Readonly<Record<string, readonly string[]>> };

/**
 * The slice's indexes as stored, so that no rule walks the tickets. State
 * written before the indexes existed lacks them: they are built from the
 * tickets here, once (the next event stores them), open ones by when they
 * were shown, bumped ones by bump number. The tickets are bounded
 * (KDS_MAX_OPEN_TICKETS open, KDS_KEEP_BUMPED_PER_STATION bumped per station),
 * so that one walk is too.
 */
export function ticketIndex(slice: Slice): TicketIndex {
  if (slice.open && slice.bumped) return { open: slice.open, bumped: slice.bumped };
  const all: KdsTicket[] = Object.values(slice.tickets);
  const open = all
    .filter((t) => t.bumpNo === 0)
    .sort((a, b) => a.shownAt.localeCompare(b.shownAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((t) => t.id);
  const bumped: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const t of all.filter((x) => x.bumpNo !== 0).sort((a, b) => a.bumpNo - b.bumpNo)) (bumped[t.ticket.station] ??= []).push(t.id);
  // A plain object again (the state travels as JSON): the null prototype only kept `__proto__` an entry while building.
  return { open, bumped: { ...bumped } };
}

/** The station's kept bumped tickets' ids, earliest bump first. */
export function bumpedOf(index: TicketIndex, station: string): readonly string[] {
  return Object.hasOwn(index.bumped, station) ? (index.bumped[station] ?? []) : [];
}
