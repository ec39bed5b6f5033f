import type { EventOf, KdsRetiredNote, KdsTicket, State } from '#protocol';
import { getOwn, hasOwn, withChanges, withoutOwn } from '../records.ts';
import { pruneBumped, retireOldest } from './prune.ts';
import { bumpedOf, ticketIndex } from './ticket-index.ts';

type Slice = State['kitchenDisplay'];

const NO_NOTES: Readonly<Record<string, KdsRetiredNote>> = Object.freeze({});

/** One fold's changes to the slice: tickets stored, tickets gone, the indexes and notes after. */
type Change = {
  put: [string, KdsTicket][];
  open: readonly string[];
  bumped: Readonly<Record<string, readonly string[]>>;
  bumps?: number;
};

/**
 * The slice after `change`, with the bounds kept: open tickets past
 * KDS_MAX_OPEN_TICKETS retired (noted), bumped ones past keeping pruned,
 * all in one copy of the tickets (records.ts withChanges).
 */
function folded(slice: Slice, change: Change, now: string): Slice {
  const drop = new Set<string>();
  const stored = new Map(change.put);
  const ticketOf = (id: string) => stored.get(id) ?? getOwn(slice.tickets, id);
  const before = slice.retired ?? NO_NOTES;
  const { open, retired } = retireOldest(ticketOf, change.open, before, now, drop);
  const out: Slice = {
    ...slice,
    bumps: change.bumps ?? slice.bumps,
    open: [...open],
    bumped: pruneBumped(ticketOf, change.bumped, now, drop),
    tickets: withChanges(slice.tickets, change.put, drop),
  };
  // The notes only once a station has had one: a slice that never retired a ticket stays as it was.
  if (retired !== NO_NOTES) out.retired = retired;
  return out;
}

/** Folds kitchen display events, keeping the slice's indexes (ticket-index.ts) and bounds (prune.ts). */
export const kitchenDisplayAppliers = {
  'kds.shown': (s: State, e: EventOf<'kds.shown'>): State => {
    const slice = s.kitchenDisplay;
    const index = ticketIndex(slice);
    // Shown again (never decided so; kept whole all the same): the ticket is replaced where it stands.
    const again = hasOwn(slice.tickets, e.ticket.id);
    const open = again ? index.open : [...index.open, e.ticket.id];
    return { ...s, kitchenDisplay: folded(slice, { put: [[e.ticket.id, e.ticket]], open, bumped: index.bumped }, e.ticket.shownAt) };
  },
  'kds.bumped': (s: State, e: EventOf<'kds.bumped'>): State => {
    const slice = s.kitchenDisplay;
    const ticket = getOwn(slice.tickets, e.ticketId);
    if (!ticket) return s;
    const index = ticketIndex(slice);
    const bumps = slice.bumps + 1;
    const station = ticket.ticket.station;
    const bumped = { ...index.bumped, [station]: [...bumpedOf(index, station).filter((id) => id !== ticket.id), ticket.id] };
    const after: KdsTicket = { ...ticket, bumpedAt: e.at, bumpedBy: e.by, bumpNo: bumps };
    return { ...s, kitchenDisplay: folded(slice, { put: [[ticket.id, after]], open: index.open.filter((id) => id !== ticket.id), bumped, bumps }, e.at) };
  },
  'kds.recalled': (s: State, e: EventOf<'kds.recalled'>): State => {
    const slice = s.kitchenDisplay;
    const ticket = getOwn(slice.tickets, e.ticketId);
    if (!ticket) return s;
    const index = ticketIndex(slice);
    const station = ticket.ticket.station;
    const bumped = { ...index.bumped, [station]: bumpedOf(index, station).filter((id) => id !== ticket.id) };
    const after: KdsTicket = { ...ticket, bumpedAt: '', bumpedBy: null, bumpNo: 0 };
    // Back on the screen as the newest: the cook just brought it back.
    const open = [...index.open.filter((id) => id !== ticket.id), ticket.id];
    return { ...s, kitchenDisplay: folded(slice, { put: [[ticket.id, after]], open, bumped }, e.at) };
  },
  'kds.retiredDismissed': (s: State, e: EventOf<'kds.retiredDismissed'>): State => {
    const retired = s.kitchenDisplay.retired;
    if (!retired || !hasOwn(retired, e.station)) return s;
    return { ...s, kitchenDisplay: { ...s.kitchenDisplay, retired: withoutOwn(retired, e.station) } };
  },
};
