import type { Bill, CommandPayload, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { orderTotals } from '../money.ts';
import { editableOrder, isDecision } from './order-lines.ts';
import { getOwn } from '../records.ts';

/** From kitchen to cash: send, pre-bill, cancel pre-bill, settle in cash. */
export const orderFlowHandlers = {
  'order.send': (s: State, p: CommandPayload<'order.send'>): Decision => {
    const order = editableOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const lineIds = order.lines.filter((l) => l.sentBatch === null).map((l) => l.id);
    if (lineIds.length === 0) return refuse('NOTHING_TO_SEND');
    return accept([{ type: 'order.sent', orderId: order.id, batch: order.batches + 1, lineIds }]);
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

  'order.settleCash': (s: State, p: CommandPayload<'order.settleCash'>, ctx: DecideContext): Decision => {
    const order = getOwn(s.orders, p.orderId);
    if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
    if (order.lines.length === 0) return refuse('CART_EMPTY');
    if (order.lines.some((l) => l.sentBatch === null)) return refuse('UNSENT_LINES');
    const table = getOwn(s.tables, order.tableId);
    const totals = orderTotals(order, table?.minConsumptionCents ?? 0);
    if (p.receivedCents < totals.totalCents) return refuse('AMOUNT_TOO_LOW', 'receivedCents');
    const bill: Bill = {
      id: order.id,
      billNo: s.counters.billNo + 1,
      orderNo: order.no,
      tableId: order.tableId,
      tableName: table?.name ?? '',
      people: order.people,
      customer: order.customer,
      lines: order.lines,
      ...totals,
      receivedCents: p.receivedCents,
      changeCents: p.receivedCents - totals.totalCents,
      payMethod: 'cash',
      openedAt: order.openedAt,
      paidAt: ctx.now,
      operator: ctx.actor.staffId,
    };
    return accept([{ type: 'order.settled', bill }], {
      orderId: order.id,
      billNo: bill.billNo,
      totalCents: bill.totalCents,
      changeCents: bill.changeCents,
    });
  },
};
