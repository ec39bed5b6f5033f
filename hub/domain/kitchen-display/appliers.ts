import type { EventOf, KdsTicket, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';
import { pruneBumped } from './prune.ts';

type Slice = State['kitchenDisplay'];

function withTicket(s: State, ticketId: string, change: (t: KdsTicket) => KdsTicket, more: Partial<Slice> = {}): State {
  const ticket = getOwn(s.kitchenDisplay.tickets, ticketId);
  if (!ticket) return s;
  return { ...s, kitchenDisplay: { ...s.kitchenDisplay, ...more, tickets: withOwn(s.kitchenDisplay.tickets, ticket.id, change(ticket)) } };
}

/** Folds kitchen display events; a show or a bump also lets old bumped tickets go (prune.ts). */
export const kitchenDisplayAppliers = {
  'kds.shown': (s: State, e: EventOf<'kds.shown'>): State => {
    const tickets = pruneBumped(withOwn(s.kitchenDisplay.tickets, e.ticket.id, e.ticket), e.ticket.shownAt);
    return { ...s, kitchenDisplay: { ...s.kitchenDisplay, tickets } };
  },
  'kds.bumped': (s: State, e: EventOf<'kds.bumped'>): State => {
    const bumps = s.kitchenDisplay.bumps + 1;
    const after = withTicket(s, e.ticketId, (t) => ({ ...t, bumpedAt: e.at, bumpedBy: e.by, bumpNo: bumps }), { bumps });
    if (after === s) return s;
    return { ...after, kitchenDisplay: { ...after.kitchenDisplay, tickets: pruneBumped(after.kitchenDisplay.tickets, e.at) } };
  },
  'kds.recalled': (s: State, e: EventOf<'kds.recalled'>): State =>
    withTicket(s, e.ticketId, (t) => ({ ...t, bumpedAt: '', bumpedBy: null, bumpNo: 0 })),
};
