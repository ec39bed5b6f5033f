import type { Order, OrderLine, State } from '#protocol';
import { refuse, type Decision } from '../decision.ts';
import { billableQty } from '../money.ts';
import { getOwn } from '../records.ts';

/**
 * Shared lookups of the kitchen actions: the order an action works on and
 * its lines, each refusal with its code (and nothing changed).
 */

/** An order that is open or pre-billed (a gift may still be given on the pre-bill), or why not. */
export function liveOrder(s: State, orderId: string): Order | Decision {
  return getOwn(s.orders, orderId) ?? refuse('ORDER_NOT_OPEN', 'orderId');
}

/** An open order, not pre-billed: what changes the kitchen's work needs. */
export function openOrder(s: State, orderId: string): Order | Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
  return order;
}

/** One line of the order, or NOT_FOUND. */
export function lineOf(order: Order, lineId: string): OrderLine | Decision {
  return order.lines.find((l) => l.id === lineId) ?? refuse('NOT_FOUND', 'lineId');
}

/** Every named line of the order (each once), or NOT_FOUND naming the first unknown id. */
export function linesOf(order: Order, lineIds: readonly string[]): OrderLine[] | Decision {
  const out: OrderLine[] = [];
  const seen = new Set<string>();
  for (const id of lineIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    const line = order.lines.find((l) => l.id === id);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    out.push(line);
  }
  return out;
}

/** Whether a lookup answered with a refusal. */
export function refused<T extends object>(x: T | Decision): x is Decision {
  return 'ok' in x;
}

/** A line every portion of which was returned or cancelled: nothing is left to act on. */
export function isClosed(line: OrderLine): boolean {
  return billableQty(line) <= 0;
}

/** Whether the kitchen has the line (it went out in a batch). */
export function isSent(line: OrderLine): boolean {
  return line.sentBatch !== null;
}
