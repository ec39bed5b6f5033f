import type { DomainEvent, Order, OrderLine, State } from '#protocol';
import { ALWAYS, LINE_DEFAULTS, ORDER_DEFAULTS, unpackRecord } from '#protocol';
import type { Migration } from '../migrations/index.ts';
import { setOwn } from '../records.ts';

/**
 * Store format 5, "dine-in complete" (issue 9): order lines gained gifts,
 * cancellations, hold, rush and single-item discounts; orders gained the
 * reservation deposit. An order written before has none of them: each
 * missing field takes its default from the snapshot codec's tables, the same
 * table a device unpacks with, so "untouched" means one thing everywhere.
 * Tolerant: a field already present is kept, so running it twice is harmless.
 */
export function fillOrder(order: Order): Order {
  // unpackRecord merges onto the defaults and keeps every field the record has.
  const lines = (order.lines ?? []).map(fillLine);
  return { ...unpackRecord<Order>(order, ORDER_DEFAULTS, order.id), lines };
}

/** A line with every field a newer hub added (see fillOrder). */
export function fillLine(line: OrderLine): OrderLine {
  return unpackRecord<OrderLine>(line, LINE_DEFAULTS);
}

// The fields unpacking fills in: those marked ALWAYS (listUnitPriceCents, presets, takeoutId...) are
// optional and absent on most records of today, so they never make a record "incomplete".
const filledKeys = (defaults: object): string[] => Object.entries(defaults).flatMap(([k, def]) => (def === ALWAYS ? [] : [k]));
const ORDER_KEYS = filledKeys(ORDER_DEFAULTS);
const LINE_KEYS = filledKeys(LINE_DEFAULTS);

/**
 * An event's order or lines as this hub's rules expect them. The log keeps
 * events as they were written: replaying a `table.opened` or
 * `order.linesAdded` recorded by an older hub must not hand the appliers an
 * order without the fields added since. Unchanged when nothing is missing.
 */
export function completeOrder(order: Order): Order {
  return ORDER_KEYS.every((k) => Object.hasOwn(order, k)) && order.lines.every(isCompleteLine) ? order : fillOrder(order);
}

/** See completeOrder. */
export function completeLines(lines: OrderLine[]): OrderLine[] {
  return lines.every(isCompleteLine) ? lines : lines.map(fillLine);
}

function isCompleteLine(line: OrderLine): boolean {
  return LINE_KEYS.every((k) => Object.hasOwn(line, k));
}

/**
 * A log record's event written before format 5, completed to today's shape,
 * once, when the record is read back (recovery: hub/domain/migrations
 * `upgradeEvents`). The appliers take today's events as they are: completing
 * every order and line on every applied event was a cost of each command
 * (issue 20), paid for records no hub has written since format 5.
 */
function upEvent(event: DomainEvent): DomainEvent {
  if (event.type === 'table.opened') {
    const order = completeOrder(event.order);
    return order === event.order ? event : { ...event, order };
  }
  if (event.type === 'order.linesAdded') {
    const lines = completeLines(event.lines);
    return lines === event.lines ? event : { ...event, lines };
  }
  return event;
}

function up(state: State): State {
  const orders: Record<string, Order> = {};
  for (const [id, order] of Object.entries(state.orders ?? {})) {
    setOwn(orders, id, fillOrder(order));
  }
  return { ...state, orders };
}

export const migration5: Migration = { version: 5, name: 'order lines: gifts, cancellations, hold, rush, line discount; orders: deposit', up, upEvent };
