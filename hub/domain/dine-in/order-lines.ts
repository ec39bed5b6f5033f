import type { CommandPayload, DomainEvent, Order, OrderLine, State } from '#protocol';
import { refuse, accept, type DecideContext, type Decision } from '../decision.ts';
import { billableQty, subtotalCents } from '../money.ts';
import { MAX_CENTS, UNTOUCHED_LINE } from '#protocol';
import { putBackStockEvents, shortOfStock, takeStockEvents } from '../goods/stock.ts';
import { presetsFor, presetsRefused, withPresets } from '../kitchen/remarks.ts';
import { getOwn } from '../records.ts';
import { memberUnitPrice } from '../payment/member-prices.ts';

/** The open, not pre-billed order a line command works on, or why not. */
export function editableOrder(s: State, orderId: string): Order | Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
  return order;
}

export function isDecision(x: Order | Decision): x is Decision {
  return 'ok' in x;
}

/**
 * Whether adding `lines` would take the order past the largest amount a
 * payment can carry: such an order could never be settled, so it is refused
 * while the lines can still be taken back.
 */
export function wouldBeTooLarge(order: Order, lines: readonly OrderLine[]): boolean {
  return subtotalCents({ lines: [...order.lines, ...lines] }) > MAX_CENTS;
}

/** Order lines: add from the menu, remove before the kitchen has them, return after. */
export const orderLineHandlers = {
  /** With `send`, the lines go to the kitchen in the same decision (one gesture, one command, one log record). */
  'order.addLines': (s: State, p: CommandPayload<'order.addLines'>, ctx?: DecideContext): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const known = new Set(order.lines.map((l) => l.id));
    const lines: OrderLine[] = [];
    for (const want of p.lines) {
      if (known.has(want.lineId)) return refuse('DUPLICATE_ID', 'lineId');
      known.add(want.lineId);
      const product = getOwn(s.products, want.productId);
      if (!product) return refuse('NOT_FOUND', 'productId');
      // A device with a stale menu may still offer it: the hub is the judge.
      if (product.soldOut || !product.listed) return refuse('PRODUCT_UNAVAILABLE', product.code);
      const spec = want.specId ? product.specs.find((x) => x.id === want.specId) : undefined;
      if (want.specId && !spec) return refuse('NOT_FOUND', 'specId');
      if (!spec && product.specs.length > 0) return refuse('SPEC_REQUIRED', product.code);
      if (spec?.soldOut) return refuse('PRODUCT_UNAVAILABLE', product.code);
      const presets = presetsFor(s, want.remarkIds);
      if (presetsRefused(presets)) return presets;
      const line: OrderLine = {
        id: want.lineId,
        productId: product.id,
        code: product.code,
        // The line keeps the name and price it was ordered at.
        names: product.names,
        specId: spec?.id ?? null,
        specNames: spec?.names ?? null,
        vipUnitPriceCents: spec ? spec.vipPriceCents : product.vipPriceCents,
        // An order with a member attached takes the VIP price for what is added later too (issue 22).
        ...(order.member ? memberUnitPrice(spec?.priceCents ?? product.priceCents, spec ? spec.vipPriceCents : product.vipPriceCents) : { unitPriceCents: spec?.priceCents ?? product.priceCents }),
        qty: want.qty,
        unit: '',
        remark: want.remark,
        station: product.station,
        sentBatch: null,
        returnedQty: 0,
        returnReason: '',
        returnToStock: false,
        restockedQty: 0,
        stockTaken: product.usesInventory,
        ...UNTOUCHED_LINE,
      };
      lines.push(withPresets(line, presets));
    }
    if (wouldBeTooLarge(order, lines)) return refuse('ORDER_TOO_LARGE');
    const needs = lines.map((l) => ({ productId: l.productId ?? '', qty: l.qty }));
    const short = shortOfStock(s, needs);
    if (short !== null) return refuse('INSUFFICIENT_STOCK', short);
    const added: DomainEvent[] = [{ type: 'order.linesAdded', orderId: order.id, lines }, ...takeStockEvents(s, needs)];
    if (!p.send) return accept(added);
    // Add and send as one: what was unsent before goes with the new lines, as "order.send" would take it.
    const lineIds = [...order.lines.filter((l) => l.sentBatch === null).map((l) => l.id), ...lines.map((l) => l.id)];
    return accept([...added, { type: 'order.sent', orderId: order.id, batch: order.batches + 1, lineIds, sentBy: ctx?.actor.staffId ?? null }]);
  },

  'order.removeLine': (s: State, p: CommandPayload<'order.removeLine'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const line = order.lines.find((l) => l.id === p.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    if (line.sentBatch !== null) return refuse('LINE_ALREADY_SENT');
    // Never cooked: its portions go back to stock.
    const back = line.stockTaken && line.productId ? putBackStockEvents(s, line.productId, line.qty) : [];
    return accept([{ type: 'order.lineRemoved', orderId: order.id, lineId: line.id }, ...back]);
  },

  'order.returnLine': (s: State, p: CommandPayload<'order.returnLine'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const line = order.lines.find((l) => l.id === p.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    if (line.sentBatch === null) return refuse('LINE_NOT_SENT');
    if (!p.reason) return refuse('REASON_REQUIRED', 'reason');
    if (p.qty > billableQty(line)) return refuse('INCORRECT_INPUT', 'qty');
    // Only portions that came out of stock can go back into it.
    const toStock = p.toStock === true && line.stockTaken && line.productId !== null;
    const back = toStock && line.productId ? putBackStockEvents(s, line.productId, p.qty) : [];
    return accept([
      { type: 'order.lineReturned', orderId: order.id, lineId: line.id, qty: p.qty, reason: p.reason, ...(toStock ? { toStock } : {}) },
      ...back,
    ]);
  },
};
