import type { CommandPayload, State } from '#protocol';
import { cashPayment, SALE_NOTE } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { settleOrder } from '../payment/settle.ts';
import { editableOrder, isDecision } from './order-lines.ts';
import { getOwn } from '../records.ts';

/** From kitchen to cash: send, pre-bill, cancel pre-bill, settle in cash. */
export const orderFlowHandlers = {
  'order.send': (s: State, p: CommandPayload<'order.send'>, ctx: DecideContext): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const lineIds = order.lines.filter((l) => l.sentBatch === null).map((l) => l.id);
    if (lineIds.length === 0) return refuse('NOTHING_TO_SEND');
    return accept([{ type: 'order.sent', orderId: order.id, batch: order.batches + 1, lineIds, sentBy: ctx.actor.staffId }]);
  },

  'order.prebill': (s: State, p: CommandPayload<'order.prebill'>, ctx: DecideContext): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    if (order.lines.length === 0) return refuse('CART_EMPTY');
    if (order.lines.some((l) => l.sentBatch === null)) return refuse('UNSENT_LINES');
    return accept([{ type: 'order.prebilled', orderId: order.id, at: ctx.now }]);
  },

  'order.cancelPrebill': (s: State, p: CommandPayload<'order.cancelPrebill'>): Decision => {
    const order = getOwn(s.orders, p.orderId);
    if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
    if (order.status !== 'prebilled') return refuse('ORDER_NOT_PREBILLED');
    return accept([{ type: 'order.prebillCancelled', orderId: order.id }]);
  },

  /** Cash only, the amount received (the older till's command): a settlement with one cash payment and a sale note. */
  'order.settleCash': (s: State, p: CommandPayload<'order.settleCash'>, ctx: DecideContext): Decision => {
    const payments = p.receivedCents > 0 ? [cashPayment(p.receivedCents)] : [];
    const d = settleOrder(s, p.orderId, { payments, document: SALE_NOTE, print: false }, ctx);
    // This command's one amount is `receivedCents`: name that field when it falls short.
    return !d.ok && d.code === 'AMOUNT_TOO_LOW' ? refuse('AMOUNT_TOO_LOW', 'receivedCents') : d;
  },
};
