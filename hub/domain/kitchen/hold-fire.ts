import type { CommandPayload, Order, OrderLine, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { isClosed, isSent, linesOf, openOrder, refused } from './lines.ts';

/** The named lines, or every line of the order when none are named. */
function chosen(order: Order, lineIds: readonly string[] | undefined): OrderLine[] | Decision {
  return lineIds ? linesOf(order, lineIds) : order.lines;
}

/**
 * Hold, fire and expedite. Holding works on lines sent or not (a held unsent
 * line goes to the kitchen marked "hold"); firing takes held lines (an unsent
 * one simply goes out unheld, undoing a hold tapped by mistake); rushing takes lines the kitchen is cooking (sent, not held). Lines that
 * do not qualify are skipped; when none does, the action is refused, so a
 * command sent twice, or by two devices at once, changes nothing the second time.
 */
export const holdFireHandlers = {
  'order.holdLines': (s: State, p: CommandPayload<'order.holdLines'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const lines = chosen(order, p.lineIds);
    if (refused(lines)) return lines;
    const ids = lines.filter((l) => !l.held && !isClosed(l)).map((l) => l.id);
    if (ids.length === 0) return refuse('NOTHING_TO_HOLD');
    return accept([{ type: 'order.linesHeld', orderId: order.id, lineIds: ids }]);
  },

  'order.fire': (s: State, p: CommandPayload<'order.fire'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const lines = chosen(order, p.lineIds);
    if (refused(lines)) return lines;
    const ids = lines.filter((l) => l.held && !isClosed(l)).map((l) => l.id);
    if (ids.length === 0) return refuse('NOTHING_HELD');
    return accept([{ type: 'order.linesFired', orderId: order.id, lineIds: ids }]);
  },

  'order.rush': (s: State, p: CommandPayload<'order.rush'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const lines = chosen(order, p.lineIds);
    if (refused(lines)) return lines;
    const ids = lines.filter((l) => !l.held && isSent(l) && !isClosed(l)).map((l) => l.id);
    if (ids.length === 0) return refuse('NOTHING_TO_RUSH');
    return accept([{ type: 'order.linesRushed', orderId: order.id, lineIds: ids }]);
  },
};
