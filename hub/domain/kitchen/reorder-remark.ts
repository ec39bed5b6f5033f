import type { CommandPayload, DomainEvent, OrderLine, State } from '#protocol';
import { UNTOUCHED_LINE } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { orderLineHandlers, wouldBeTooLarge } from '../dine-in/order-lines.ts';
import { isClosed, isSent, lineOf, openOrder, refused } from './lines.ts';
import { livePresetIds, presetIds, presetsFor, presetsRefused } from './remarks.ts';

/** A copy of an off-menu line as a new, unsent, untouched line. */
function copyOfCustom(line: OrderLine, lineId: string): OrderLine {
  return { ...line, id: lineId, sentBatch: null, returnedQty: 0, returnReason: '', returnToStock: false, restockedQty: 0, stockTaken: false, ...UNTOUCHED_LINE };
}

/** Reorder, and the remark on any dish. */
export const reorderRemarkHandlers = {
  /**
   * Orders the named lines again as new unsent lines: menu dishes through
   * dine-in's own rule (today's price, sold out and stock checked), off-menu
   * dishes copied. One command: all are added or none.
   */
  'order.reorder': (s: State, p: CommandPayload<'order.reorder'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const menu: CommandPayload<'order.addLines'>['lines'] = [];
    const custom: OrderLine[] = [];
    const fresh = new Set<string>();
    for (const want of p.lines) {
      const line = lineOf(order, want.fromLineId);
      if (refused(line)) return line;
      if (fresh.has(want.lineId) || order.lines.some((l) => l.id === want.lineId)) return refuse('DUPLICATE_ID', 'lineId');
      fresh.add(want.lineId);
      if (line.productId === null) custom.push(copyOfCustom(line, want.lineId));
      else menu.push({ lineId: want.lineId, productId: line.productId, specId: line.specId, qty: line.qty, remark: line.remark, remarkIds: livePresetIds(s, line) });
    }
    const events: DomainEvent[] = [];
    if (menu.length > 0) {
      const added = orderLineHandlers['order.addLines'](s, { orderId: order.id, lines: menu });
      if (!added.ok) return added;
      events.push(...added.events);
    }
    if (custom.length > 0) {
      // Checked against the order with the menu copies too: the sum is what could never be paid.
      const menuLines = events.flatMap((e) => (e.type === 'order.linesAdded' ? e.lines : []));
      if (wouldBeTooLarge({ ...order, lines: [...order.lines, ...menuLines] }, custom)) return refuse('ORDER_TOO_LARGE');
      events.push({ type: 'order.linesAdded', orderId: order.id, lines: custom });
    }
    return accept(events);
  },

  /** Sets a line's remark; on a line the kitchen has it is an amendment the kitchen is told of. */
  'order.setRemark': (s: State, p: CommandPayload<'order.setRemark'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (refused(order)) return order;
    const line = lineOf(order, p.lineId);
    if (refused(line)) return line;
    if (isClosed(line)) return refuse('LINE_CLOSED');
    const presets = presetsFor(s, p.remarkIds);
    if (presetsRefused(presets)) return presets;
    const ids = presets.map((x) => x.id);
    const same = line.remark === p.remark && presetIds(line).join() === ids.join();
    if (same) return refuse('INCORRECT_INPUT', 'remark');
    return accept([{ type: 'order.lineRemarkSet', orderId: order.id, lineId: line.id, remark: p.remark, ...(presets.length > 0 ? { presets } : {}), sent: isSent(line) }]);
  },
};
