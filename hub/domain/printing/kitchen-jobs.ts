import type { JobSpec, KitchenTicket, Order, OrderLine, State, TicketMarker } from '#protocol';
import { remarkText } from '../kitchen/remarks.ts';
import { getOwn } from '../records.ts';
import { dishName } from './documents/format.ts';
import { kitchenTicketDocument } from './documents/kitchen-ticket.ts';
import { kitchenRoute } from './routing.ts';

/** The order a ticket is about, as the kitchen reads it at the top of the paper. */
export type TicketHeader = { orderId: string; orderNo: number; table: string; waiter: string; people: number; takeout?: KitchenTicket['takeout'] };

/** One dish on a ticket: the order line and how many portions this ticket is about. */
export type TicketItem = { line: OrderLine; qty: number };

/** What the kitchen ticket jobs of one event need besides the lines. */
export type TicketAction = { marker: TicketMarker; reason: string; at: string };

/** A person's name by staff id ('' when unknown or none). */
export function staffName(state: State, staffId: string | null): string {
  return staffId === null ? '' : (getOwn(state.staff, staffId)?.name ?? '');
}

/**
 * The header of an open order's tickets: its table's name and the waiter, who
 * sent the dishes when known (a send's ticket), else who opened the order.
 */
export function headerOf(state: State, order: Order, sentBy?: string | null): TicketHeader {
  return {
    orderId: order.id,
    orderNo: order.no,
    table: getOwn(state.tables, order.tableId)?.name ?? '',
    waiter: staffName(state, sentBy ?? order.openedBy),
    people: order.people,
    ...takeoutOfOrder(state, order),
  };
}

/**
 * A take-away or delivery order's mark for its tickets (issue 21): its method and pickup code,
 * read by the order's own key. A replica without the takeouts slice (a role that does not see
 * them) prints the table's header, as before.
 */
function takeoutOfOrder(state: State, order: Order): { takeout?: NonNullable<KitchenTicket['takeout']> } {
  if (order.takeoutId === undefined || !state.takeouts) return {};
  const t = getOwn(state.takeouts, order.takeoutId);
  return t ? { takeout: { method: t.method, pickupCode: t.pickupCode, code: t.code, ...(t.expectedAt ? { expectedAt: t.expectedAt } : {}) } } : {};
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
 * How much one kitchen ticket may carry, in printed lines (estimated as if every character were
 * Chinese, the widest case): over half a metre of paper. A printer that draws Chinese as images
 * encodes each such line as a picture (up to 3.5 KB in tall or large type), so a ticket stays
 * under about 300 KB; a 100-dish order with long Chinese remarks was one 7 s, 1.7 MB ticket
 * (issue 19 item 18). A longer send prints as several tickets, each marked "(1/3)", in the order
 * of its dishes.
 */
export const KITCHEN_TICKET_MAX_LINES = 80;

/** Columns of an 80 mm line (48) a Chinese character takes two of; large type halves them. */
const CJK_PER_LINE = 24;

/** A dish's printed lines on a ticket, at most: its name in large type, its remark, the held mark. */
export function ticketItemWeight(name: string, remark: string, held: boolean): number {
  const nameLines = Math.max(1, Math.ceil(([...name].length + 6) / (CJK_PER_LINE / 2)));
  const remarkLines = remark ? Math.ceil(([...remark].length + 2) / CJK_PER_LINE) : 0;
  return nameLines + remarkLines + (held ? 1 : 0);
}

/** Splits a ticket's lines into runs of at most KITCHEN_TICKET_MAX_LINES printed lines (a dish never split; one heavier than that alone). */
export function ticketParts<T extends { name: string; remark: string; held: boolean }>(lines: readonly T[]): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let weight = 0;
  for (const line of lines) {
    const w = ticketItemWeight(line.name, line.remark, line.held);
    if (current.length > 0 && weight + w > KITCHEN_TICKET_MAX_LINES) {
      parts.push(current);
      current = [];
      weight = 0;
    }
    current.push(line);
    weight += w;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The id of a delivery's fee line (hub/domain/takeout/create.ts: a custom dish without a station,
 * so totals and documents hold it). A dish without a station goes to every kitchen printer, but
 * nobody cooks a fee: it never reaches a ticket (issue 21).
 */
export function deliveryFeeLineId(orderId: string): string {
  return `${orderId}:fee`;
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
  const feeLine = deliveryFeeLineId(header.orderId);
  for (const [station, group] of byStation(items.filter((i) => i.qty > 0 && i.line.id !== feeLine))) {
    const route = kitchenRoute(state, station);
    for (const target of route.targets) {
      const lines = group.map(({ line, qty }) => ({ lineId: line.id, name: dishName(line, target.language).slice(0, 140), qty, remark: remarkText(line, target.language).slice(0, 400), held: line.held }));
      const parts = ticketParts(lines);
      parts.forEach((part, i) => {
        const ticket: KitchenTicket = {
          station,
          stationName: stationName(state, station),
          // A named station nothing prints: the paper says where the dishes belong.
          ...(route.fallback && station !== '' ? { fallback: true } : {}),
          ...header,
          at: action.at,
          marker: action.marker,
          reason: action.reason,
          ...(parts.length > 1 ? { part: { index: i + 1, of: parts.length } } : {}),
          lines: part,
        };
        const document = kitchenTicketDocument(ticket, target.language);
        jobs.push({ kind: 'print', payload: { printerId: target.id, purpose: 'kitchen', document, orderId: header.orderId, ticket } });
      });
    }
  }
  return jobs;
}
