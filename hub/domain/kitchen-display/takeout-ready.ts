import type { DomainEvent, KdsTicket, State } from '#protocol';
import { getOwn } from '../records.ts';
import { takeoutHandlers } from '../takeout/handlers.ts';
import { ticketIndex } from './ticket-index.ts';

/**
 * A take-away's food is ready when the kitchen bumps its last card (issue 21): the bump of a
 * takeout order's ticket that leaves no other open card of that order on any screen also records
 * `takeout.readySet`, in the same decision, through the takeout's own `takeout.markReady` rule
 * (its status table: a cancelled, delivered or handed-over takeout stays as it is; one already
 * ready records nothing more). The pickup board and the counter then show it ready.
 *
 * The open cards are read from the slice's `open` index, which holds at most
 * KDS_MAX_OPEN_TICKETS (300) ids: a bounded read whatever the restaurant's history. Only screens
 * know what was bumped: a station printing on paper never makes a takeout ready by itself (the
 * cashier marks it, `takeout.markReady`).
 */
export function takeoutReadyOnBump(s: State, bumped: KdsTicket): DomainEvent[] {
  const order = getOwn(s.orders, bumped.ticket.orderId);
  if (order?.takeoutId === undefined || !s.takeouts) return [];
  const tickets = s.kitchenDisplay.tickets;
  const stillOpen = ticketIndex(s.kitchenDisplay).open.some((id) => id !== bumped.id && getOwn(tickets, id)?.ticket.orderId === order.id);
  if (stillOpen) return [];
  const decision = takeoutHandlers['takeout.markReady'](s, { takeoutId: order.takeoutId });
  return decision.ok ? decision.events : [];
}
