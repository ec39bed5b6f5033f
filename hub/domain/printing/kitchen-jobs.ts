import type { JobSpec, KitchenTicket, Order, OrderLine, State, TicketMarker } from '#protocol';
import { remarkText } from '../kitchen/remarks.ts';
import { getOwn } from '../records.ts';
import { dishName } from './documents/format.ts';
import { kitchenTicketDocument } from './documents/kitchen-ticket.ts';
import { kitchenRoute } from './routing.ts';

/** The order a ticket is about, as the kitchen reads it at the top of the paper. */
export type TicketHeader = { orderId: string; orderNo: number; table: string; waiter: string; people: number };

/** One dish on a ticket: the order line and how many portions this ticket is about. */
export type TicketItem = { line: OrderLine; qty: number };

/** What the kitchen ticket jobs of one event need besides the lines. */
export type TicketAction = { marker: TicketMarker; reason: string; at: string };

/** A person's name by staff id ('' when unknown or none). */
export function staffName(state: State, staffId: string | null): string {
  return staffId === null ? '' : (getOwn(state.staff, staffId)?.name ?? '');
}

/** The header of an open order's tickets: its table's name and the waiter who opened it. */
export function headerOf(state: State, order: Order): TicketHeader {
  return {
    orderId: order.id,
    orderNo: order.no,
    table: getOwn(state.tables, order.tableId)?.name ?? '',
    waiter: staffName(state, order.openedBy),
    people: order.people,
  };
}

/** The station's name as the menu settings give it ('' for a line without one). */
function stationName(state: State, station: string): string {
  return state.menuSettings.stations.find((s) => s.id === station)?.name ?? '';
}

/** Items grouped by station, stations in the order their first dish appears. */
function byStation(items: readonly TicketItem[]): Map<string, TicketItem[]> {
  const groups = new Map<string, TicketItem[]>();
  for (const item of items) groups.set(item.line.station, [...(groups.get(item.line.station) ?? []), item]);
  return groups;
}

/**
 * The kitchen ticket jobs of one action: for each station among the items,
 * one `print` job per printer or screen that station routes to (or the
 * kitchen fallback, marked, when nothing prints it: routing.ts), holding only
 * these items, with dish names in that target's language. The ticket travels
 * as data too (a kitchen screen shows it) beside its paper.
 */
export function kitchenJobs(state: State, header: TicketHeader, items: readonly TicketItem[], action: TicketAction): JobSpec[] {
  const jobs: JobSpec[] = [];
  for (const [station, group] of byStation(items.filter((i) => i.qty > 0))) {
    const route = kitchenRoute(state, station);
    for (const target of route.targets) {
      const ticket: KitchenTicket = {
        station,
        stationName: stationName(state, station),
        // A named station nothing prints: the paper says where the dishes belong.
        ...(route.fallback && station !== '' ? { fallback: true } : {}),
        ...header,
        at: action.at,
        marker: action.marker,
        reason: action.reason,
        lines: group.map(({ line, qty }) => ({ lineId: line.id, name: dishName(line, target.language).slice(0, 140), qty, remark: remarkText(line, target.language).slice(0, 400), held: line.held })),
      };
      const document = kitchenTicketDocument(ticket, target.language);
      jobs.push({ kind: 'print', payload: { printerId: target.id, purpose: 'kitchen', document, orderId: header.orderId, ticket } });
    }
  }
  return jobs;
}
