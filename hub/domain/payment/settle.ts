import type { Bill, BillPayment, CommandPayload, SaleDocument, State } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { orderTotals } from '../money.ts';
import { getOwn } from '../records.ts';
import { depositExcessOf } from '../reservations/deposit.ts';
import { notARider } from '../riders/handlers.ts';
import { takeoutPaidOf, withTakeoutRef } from '../takeout/paid.ts';
import { groupMinimumCents } from '../table-ops/group-minimum.ts';
import { memberAndCouponAtSettle } from './member-settle.ts';
import { documentRefusal, storedDocument, toBillPayments } from './payments.ts';
import { billShares, shareDocumentsRefusal, splitRefusal } from './split.ts';

/** What settling needs besides the order: the payments (already in soles), the shares of a split bill, the document, printing. */
export type SettleRequest = { payments: BillPayment[]; split?: readonly number[]; shareDocuments?: readonly SaleDocument[]; document: SaleDocument; print: boolean; depositExcess?: CommandPayload<'order.settle'>['depositExcess'] };

/**
 * Settles an order in full and records the bill (dine-in's `order.settled`,
 * which frees the table for clearing and files the bill in the day archive).
 * Shared by `order.settle` and the older cash-only `order.settleCash`.
 */
export function settleOrder(s: State, orderId: string, req: SettleRequest, ctx: DecideContext): Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.lines.length === 0) return refuse('CART_EMPTY');
  if (order.lines.some((l) => l.sentBatch === null)) return refuse('UNSENT_LINES');
  // Money is taken only inside a shift: a sale outside one would be missing from every count (issue 18 item 5).
  if (!s.openShift) return refuse('NO_OPEN_SHIFT');
  const table = getOwn(s.tables, order.tableId);
  const totals = orderTotals(order, groupMinimumCents(s.tables, order));
  // Parts with documents of their own (split-parts.ts): each part's document is checked for its part; the bill keeps a sale note's.
  const docNo = req.shareDocuments ? shareDocumentsRefusal(req.shareDocuments, req.split, totals.depositCents) : documentRefusal(req.document, totals.totalCents);
  if (docNo) return refuse(docNo.code, docNo.field);
  const payNo = splitRefusal(req.split, req.payments, totals.dueCents);
  if (payNo) return refuse(payNo.code, payNo.field);
  // A deposit larger than the bill: the excess is given back or kept, the cashier says which (issue 18 item 6).
  const excess = depositExcessOf(s, order, totals, req.depositExcess, ctx);
  if (!excess.ok) return refuse(excess.code, 'depositExcess');
  // The member's balance and the held coupon, checked now and spent in this same record (README "Balance" and "Coupons").
  const extras = memberAndCouponAtSettle(s, order, order.id, req.payments, ctx);
  if (!extras.ok) return refuse(extras.code, extras.field);
  const received = req.payments.reduce((n, p) => n + p.amountCents, 0);
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
    receivedCents: received,
    changeCents: received - totals.dueCents,
    payMethod: payMethodOf(req.payments),
    openedAt: order.openedAt,
    paidAt: ctx.now,
    operator: ctx.actor.staffId,
    orderDiscount: order.orderDiscount,
    lunchBox: order.lunchBox,
    payments: req.payments,
    isAccount: req.payments.some((p) => p.method === 'onAccount') ? 1 : 0,
    document: storedDocument(req.shareDocuments ? SALE_NOTE : req.document),
    printRequested: req.print,
    ...(excess.excess ? { depositExcess: excess.excess } : {}),
    ...(req.split ? { shares: billShares(req.split, req.payments, req.shareDocuments) } : {}),
    ...(order.member ? { member: order.member } : {}),
    ...(order.coupon ? { coupon: order.coupon } : {}),
  };
  // A boleta or factura is numbered by the hub only, after every check here (a refused settlement
  // uses no number): decide's hub-only step (einvoice/issue.ts) gives this bill its `fiscal`, adds
  // `fiscal.numbered` and the document's consequences to this same decision, hence one log record.
  // With "clear on settle" (issue 18 item 14) the tables are free again in the same record: no second tap per table.
  const cleared = s.settings.clearOnSettle ? [bill.tableId, ...order.mergedTableIds].filter((id) => getOwn(s.tables, id)).map((tableId) => ({ type: 'table.cleared' as const, tableId })) : [];
  // A take-away or delivery order (issue 21): the bill keeps its takeout, and the takeout is paid in the same record.
  const takeout = takeoutPaidOf(s, order, bill.id, ctx);
  return accept([{ type: 'order.settled', bill: withTakeoutRef(bill, takeout?.ref) }, ...extras.events, ...cleared, ...excess.events, ...(takeout?.events ?? [])], {
    orderId: order.id,
    billNo: bill.billNo,
    totalCents: bill.totalCents,
    changeCents: bill.changeCents,
  });
}

/** The one method of the bill, 'mixed' for several, 'cash' when a deposit paid it all. */
function payMethodOf(payments: readonly BillPayment[]): Bill['payMethod'] {
  const methods = new Set(payments.map((p) => p.method));
  if (methods.size === 0) return 'cash';
  return methods.size === 1 ? payments[0]!.method : 'mixed';
}

/** `order.settle`: every payment at once, the document chosen, and whether to print. */
export function settle(s: State, p: CommandPayload<'order.settle'>, ctx: DecideContext): Decision {
  const payments = toBillPayments(p.payments, s.exchangeRate, ctx.now);
  if (!Array.isArray(payments)) return refuse(payments.code, payments.field);
  // Cash a rider collects at the door: the rider must be one (hub/domain/riders).
  for (const pay of payments) {
    const notRider = pay.heldBy === undefined ? null : notARider(s, pay.heldBy);
    if (notRider) return notRider;
  }
  return settleOrder(s, p.orderId, { payments, ...(p.depositExcess ? { depositExcess: p.depositExcess } : {}), ...(p.split ? { split: p.split } : {}), ...(p.shareDocuments ? { shareDocuments: p.shareDocuments } : {}), document: p.document, print: p.print }, ctx);
}

