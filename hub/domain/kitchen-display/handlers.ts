import type { CommandPayload, KdsTicket, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn, hasOwn } from '../records.ts';
import { takeoutReadyOnBump } from './takeout-ready.ts';
import { bumpedOf, ticketIndex } from './ticket-index.ts';

/** The station's last bumped ticket still kept, if any: the end of its bump list (ticket-index.ts), never a walk of the tickets. */
export function lastBumped(s: State, station: string): KdsTicket | undefined {
  const list = bumpedOf(ticketIndex(s.kitchenDisplay), station);
  const id = list[list.length - 1];
  return id === undefined ? undefined : getOwn(s.kitchenDisplay.tickets, id);
}

/** Kitchen display rules: show (the hub, once per job), bump, recall, dismiss the note of retired tickets. */
export const kitchenDisplayHandlers = {
  /**
   * The print runner shows a job on a screen. The ticket id is the job id: a
   * job shown again (a person retried a job the hub may have finished before
   * it stopped) is accepted with nothing to record, so the runner reports it
   * done and the card appears once.
   */
  'kds.show': (s: State, p: CommandPayload<'kds.show'>, ctx: DecideContext): Decision => {
    if (getOwn(s.kitchenDisplay.tickets, p.ticketId)) return accept([]);
    const ticket: KdsTicket = { id: p.ticketId, printerId: p.printerId, reprint: p.reprint, ticket: p.ticket, shownAt: ctx.now, bumpedAt: '', bumpedBy: null, bumpNo: 0 };
    return accept([{ type: 'kds.shown', ticket }]);
  },

  'kds.bump': (s: State, p: CommandPayload<'kds.bump'>, ctx: DecideContext): Decision => {
    const ticket = getOwn(s.kitchenDisplay.tickets, p.ticketId);
    if (!ticket) return refuse('NOT_FOUND', 'ticketId');
    // Two cooks tapping the same card: the second learns it is already gone.
    if (ticket.bumpNo !== 0) return refuse('KDS_ALREADY_BUMPED');
    // The last open card of a take-away's order also marks the takeout ready (takeout-ready.ts).
    return accept([{ type: 'kds.bumped', ticketId: ticket.id, at: ctx.now, by: ctx.actor.staffId }, ...takeoutReadyOnBump(s, ticket)]);
  },

  'kds.recall': (s: State, p: CommandPayload<'kds.recall'>, ctx: DecideContext): Decision => {
    const last = lastBumped(s, p.station);
    if (!last) return refuse('KDS_NOTHING_TO_RECALL');
    return accept([{ type: 'kds.recalled', ticketId: last.id, at: ctx.now }]);
  },
  /**
   * The cook read the note of old tickets retired from the station's screen. Two tablets
   * dismissing at once: the second finds no note (KDS_NOTHING_TO_DISMISS, recording nothing).
   */
  'kds.dismissRetired': (s: State, p: CommandPayload<'kds.dismissRetired'>, ctx: DecideContext): Decision => {
    const retired = s.kitchenDisplay.retired;
    if (!retired || !hasOwn(retired, p.station)) return refuse('KDS_NOTHING_TO_DISMISS');
    return accept([{ type: 'kds.retiredDismissed', station: p.station, at: ctx.now }]);
  },
};
