import type { CommandPayload, Order, OrderLine, State } from '../../protocol/index.ts';
import { refuse, accept, type Decision } from '../decision.ts';
import { billableQty } from '../money.ts';

/** The open, not pre-billed order a line command works on, or why not. */
export function editableOrder(s: State, orderId: string): Order | Decision {
  const order = s.orders[orderId];
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
  return order;
}

export function isDecision(x: Order | Decision): x is Decision {
  return 'ok' in x;
}

/** Order lines: add from the menu, remove before the kitchen has them, return after. */
export const orderLineHandlers = {
  'order.addLines': (s: State, p: CommandPayload<'order.addLines'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const known = new Set(order.lines.map((l) => l.id));
    const lines: OrderLine[] = [];
    for (const want of p.lines) {
      if (known.has(want.lineId)) return refuse('DUPLICATE_ID', 'lineId');
      known.add(want.lineId);
      const product = s.products[want.productId];
      if (!product) return refuse('NOT_FOUND', 'productId');
      // A device with a stale menu may still offer it: the hub is the judge.
      if (product.soldOut || !product.listed) return refuse('PRODUCT_UNAVAILABLE', product.code);
      lines.push({
        id: want.lineId,
        productId: product.id,
        code: product.code,
        // The line keeps the name and price it was ordered at.
        names: product.names,
        unitPriceCents: product.priceCents,
        qty: want.qty,
        remark: want.remark,
        sentBatch: null,
        returnedQty: 0,
        returnReason: '',
      });
    }
    return accept([{ type: 'order.linesAdded', orderId: order.id, lines }]);
  },

  'order.removeLine': (s: State, p: CommandPayload<'order.removeLine'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const line = order.lines.find((l) => l.id === p.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    if (line.sentBatch !== null) return refuse('LINE_ALREADY_SENT');
    return accept([{ type: 'order.lineRemoved', orderId: order.id, lineId: line.id }]);
  },

  'order.returnLine': (s: State, p: CommandPayload<'order.returnLine'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const line = order.lines.find((l) => l.id === p.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    if (line.sentBatch === null) return refuse('LINE_NOT_SENT');
    if (!p.reason) return refuse('REASON_REQUIRED', 'reason');
    if (p.qty > billableQty(line)) return refuse('INCORRECT_INPUT', 'qty');
    return accept([{ type: 'order.lineReturned', orderId: order.id, lineId: line.id, qty: p.qty, reason: p.reason }]);
  },
};
