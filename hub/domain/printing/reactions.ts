import { CASH_METHODS, type Bill, type ClosedShift, type EventOf, type FiscalDocument, type JobSpec, type Order, type Printer, type State } from '#protocol';
import { fiscalDocumentOf } from '../einvoice/tax.ts';
import { NO_JOBS } from '../jobs/lookup.ts';
import type { Reactors } from '../jobs/reactions.ts';
import { billableQty, orderTotals } from '../money.ts';
import { documentBills } from '../payment/split-parts.ts';
import { getOwn } from '../records.ts';
import { groupMinimumCents } from '../table-ops/group-minimum.ts';
import { TAKEOUT_PRINT_REACTORS } from './takeout-print.ts';
import { RECHARGE_PRINT_REACTORS } from './recharge-print.ts';
import { correctionSlipDocument } from './documents/correction-slip.ts';
import { receiptFiscalOf } from './documents/fiscal-receipt.ts';
import { prebillDocument } from './documents/prebill.ts';
import { receiptDocument } from './documents/receipt.ts';
import { markedReprint } from './documents/reprint.ts';
import { setupSlipDocument } from './documents/setup-slip.ts';
import { testPageDocument } from './documents/test-page.ts';
import { zReportDocument } from './documents/z-report.ts';
import { figuresFromTotals, registerOf, shiftDayOf, shiftReportOf } from '../shift/report.ts';
import { headerOf, kitchenJobs, staffName, type TicketAction, type TicketItem } from './kitchen-jobs.ts';
import { drawerPrinter, prebillTargets, receiptTargets } from './routing.ts';

/**
 * Which printouts each event causes (hub/domain/printing/README.md has the
 * table). Spread into REACTORS (hub/domain/jobs/reactions.ts): each job is
 * created in the same log record as its cause, with its paper captured now.
 */

/** Lines of an open order the kitchen already has, by id, with all their billable portions. */
function sentItems(order: Order, lineIds: readonly string[]): TicketItem[] {
  return order.lines.filter((l) => lineIds.includes(l.id) && l.sentBatch !== null).map((line) => ({ line, qty: billableQty(line) }));
}

/** Kitchen tickets about some lines of an open order (nothing when the order is gone). */
function orderTickets(state: State, orderId: string, items: (order: Order) => TicketItem[], action: TicketAction, sentBy?: string | null): JobSpec[] {
  const order = getOwn(state.orders, orderId);
  return order ? kitchenJobs(state, headerOf(state, order, sentBy), items(order), action) : [];
}

/** A cancelled take-away's ORDER VOID ticket names it by its pickup code, when its withdrawn bill carries its takeout (issue 21). */
function voidedTakeout(bill: Bill): { takeout?: { method: 0 | 1; pickupCode: string; code: string } } {
  const t = bill.takeout;
  return t ? { takeout: { method: t.method, pickupCode: t.pickupCode, code: t.code } } : {};
}

/** A drawer kick on the receipt printer with a drawer, or nothing when there is none. */
function drawerKick(state: State, reason: string): JobSpec[] {
  const printer = drawerPrinter(state);
  return printer ? [{ kind: 'drawer.kick', payload: { printerId: printer.id, reason: reason.slice(0, 140) } }] : [];
}

/**
 * The boleta or factura a settled bill became, as the tax rules compute it
 * (the same document the e-invoice job sends); null for a sale note or a bill
 * not numbered (e-invoicing not set up), or one the rules cannot compute
 * (settle refuses those once numbered: the receipt then prints as before).
 */
function fiscalDocumentFor(bill: Bill, state: State): FiscalDocument | null {
  if (!bill.fiscal || !state.fiscal) return null;
  const result = fiscalDocumentOf(bill, state.fiscal);
  return result.ok ? result.document : null;
}

/** The filed document of a bill (or split part) among those a reprint carries: the same type, series and number. */
function filedFor(bill: Bill, documents: readonly FiscalDocument[] | undefined): FiscalDocument | undefined {
  const f = bill.fiscal;
  return f ? documents?.find((d) => d.type === f.type && d.series === f.series && d.number === f.number) : undefined;
}

/** The bills a settled bill's receipts are printed from: itself, or each part of a split whose parts have their own documents. */
function partsOf(bill: Bill, state: State): Bill[] {
  return documentBills(bill, state.fiscal?.bagProductIds ?? []);
}

/** The credit note a correction issued (the event carries its document: the bill is no longer in the live state). */
function creditNoteFor(e: EventOf<'bill.corrected'>): FiscalDocument | null {
  return e.correction.creditNote && e.document?.type === '07' ? e.document : null;
}

/**
 * A settled bill's receipt on one printer: a numbered boleta or factura as SUNAT's printed
 * representation. The fiscal document rides with the job so the runner can complete the QR
 * with the digest at print time.
 */
function receiptJob(bill: Bill, s: State, p: Printer, filed?: FiscalDocument): Extract<JobSpec, { kind: 'print' }> {
  const fiscal = filed ?? fiscalDocumentFor(bill, s);
  const input = {
    businessName: s.restaurant.name,
    ruc: s.settings.ruc,
    address: s.settings.address ?? '',
    bill,
    cashier: staffName(s, bill.operator),
    ...(fiscal ? { fiscal: receiptFiscalOf(fiscal) } : {}),
  };
  return {
    kind: 'print',
    payload: { printerId: p.id, purpose: 'receipt', document: receiptDocument(input, p.language), orderId: bill.id, billNo: bill.billNo, ...(fiscal ? { fiscal } : {}) },
  };
}

/**
 * A closed shift's Z report for one printer, from the shift's running totals
 * (the close cannot read the archive); `shift` names it so the print runner
 * adds the breakdowns of its bills when it prints (hub/jobs/printing/print-runner.ts).
 */
function zReportJob(shift: ClosedShift, s: State, printer: Printer): Extract<JobSpec, { kind: 'print' }> {
  const report = shiftReportOf({
    shift,
    figures: figuresFromTotals(shift.totals),
    bills: [],
    corrections: [],
    register: registerOf(s.settings),
    restaurant: s.restaurant.name,
    nameOf: (id) => staffName(s, id),
    writeOffs: { count: 0, cents: 0 },
  });
  const ref = { id: shift.id, day: shiftDayOf(shift.closedAt) };
  return { kind: 'print', payload: { printerId: printer.id, purpose: 'shiftReport', document: zReportDocument(report, printer.language), shift: ref } };
}

/** The printing reactors, by event type. */
export const PRINTING_REACTORS: Reactors = {
  // Take-away and delivery: the rider's slip and reprints by takeout (issue 21).
  ...TAKEOUT_PRINT_REACTORS,
  // Members: a recharge's slip and the drawer for its cash (issue 22).
  ...RECHARGE_PRINT_REACTORS,
  // Only the lines of this send: a second send prints only what is new.
  // The ticket names who sent these dishes: the one the kitchen calls about them (README "waiter on a ticket").
  'order.sent': (e, s, now) => orderTickets(s, e.orderId, (o) => sentItems(o, e.lineIds), { marker: 'new', reason: '', at: now }, e.sentBy),
  // An unsent line held or fired goes out with its send (marked held): only sent lines get a ticket now.
  'order.linesHeld': (e, s, now) => orderTickets(s, e.orderId, (o) => sentItems(o, e.lineIds), { marker: 'hold', reason: '', at: now }),
  'order.linesFired': (e, s, now) => orderTickets(s, e.orderId, (o) => sentItems(o, e.lineIds), { marker: 'fire', reason: '', at: now }),
  'order.linesRushed': (e, s, now) => orderTickets(s, e.orderId, (o) => sentItems(o, e.lineIds), { marker: 'expedite', reason: '', at: now }),
  'order.lineReturned': (e, s, now) =>
    orderTickets(s, e.orderId, (o) => sentItems(o, [e.lineId]).map((i) => ({ ...i, qty: e.qty })), { marker: 'return', reason: e.reason, at: now }),
  'order.lineCancelled': (e, s, now) =>
    orderTickets(s, e.orderId, (o) => sentItems(o, [e.lineId]).map((i) => ({ ...i, qty: e.qty })), { marker: 'cancel', reason: e.reason, at: now }),
  'order.lineRemarkSet': (e, s, now) => (e.sent ? orderTickets(s, e.orderId, (o) => sentItems(o, [e.lineId]), { marker: 'remark', reason: '', at: now }) : []),
  // The order has left the live state: the ticket is made from the withdrawn bill.
  'order.withdrawn': (e, s, now) => {
    const { bill } = e;
    // The waiter who opened the order (the bill's operator is whoever withdrew it, often the owner).
    const header = { orderId: bill.id, orderNo: bill.orderNo, table: bill.tableName, waiter: staffName(s, e.openedBy ?? null), people: bill.people, ...voidedTakeout(bill) };
    const items = bill.lines.filter((l) => l.sentBatch !== null).map((line) => ({ line, qty: billableQty(line) }));
    return kitchenJobs(s, header, items, { marker: 'withdraw', reason: bill.withdrawReason ?? '', at: now });
  },
  'order.prebilled': (e, s) => {
    const order = getOwn(s.orders, e.orderId);
    if (!order) return [];
    const input = {
      restaurantName: s.restaurant.name,
      tableName: getOwn(s.tables, order.tableId)?.name ?? '',
      orderNo: order.no,
      people: order.people,
      lines: order.lines,
      totals: orderTotals(order, groupMinimumCents(s.tables, order)),
      at: e.at,
    };
    return prebillTargets(s).map((p) => ({ kind: 'print', payload: { printerId: p.id, purpose: 'prebill', document: prebillDocument(input, p.language), orderId: order.id } }));
  },
  'order.settled': (e, s) => {
    const { bill } = e;
    // A split whose parts carry their own documents prints one receipt per part (../payment/split-parts.ts).
    const receipts: JobSpec[] = bill.printRequested ? receiptTargets(s).flatMap((p) => partsOf(bill, s).map((part) => receiptJob(part, s, p))) : [];
    const cash = bill.payments.some((p) => CASH_METHODS.includes(p.method));
    return cash ? [...receipts, ...drawerKick(s, `bill ${bill.billNo}`)] : receipts;
  },
  // A void or refund of a closed bill: the credit note (or, for a sale note, a plain slip) on the receipt printers.
  'bill.corrected': (e, s) => {
    const { correction } = e;
    const note = creditNoteFor(e);
    const input = { businessName: s.restaurant.name, correction, by: staffName(s, correction.by), ...(note ? { note } : {}) };
    return receiptTargets(s).map((p) => ({
      kind: 'print',
      payload: { printerId: p.id, purpose: 'receipt', document: correctionSlipDocument(input, p.language), orderId: correction.billId, billNo: correction.billNo, ...(note ? { fiscal: note } : {}) },
    }));
  },
  // The Z report on every receipt printer, from the running totals; the runner adds the bills' breakdowns as it prints.
  'shift.closed': (e, s) => receiptTargets(s).map((p) => zReportJob(e.shift, s, p)),
  // A closed shift's Z report again (the shift page), marked REPRINT, on the one printer the rule chose.
  'shift.reportReprinted': (e, s) => {
    const printer = getOwn(s.printers, e.printerId);
    if (!printer) return [];
    const job = zReportJob(e.shift, s, printer);
    return [{ ...job, payload: { ...job.payload, document: markedReprint(job.payload.document, printer.language) } }];
  },
  // A closed bill's receipt again (the bills page): the same paper, marked REPRINT, on the one printer the rule chose.
  'bill.reprinted': (e, s) => {
    const printer = getOwn(s.printers, e.printerId);
    if (!printer) return [];
    return partsOf(e.bill, s).map((part) => {
      // The document as filed at the sale (read by the route from the document store): its figures, not today's rates.
      const job = receiptJob(part, s, printer, filedFor(part, e.documents));
      return { ...job, payload: { ...job.payload, document: markedReprint(job.payload.document, printer.language) } };
    });
  },
  // The footer button: the kick is the whole point, so it goes even without a reason.
  'drawer.opened': (e, s) => drawerKick(s, e.reason || 'drawer.open'),
  'printer.testRequested': (e, s, now) => {
    const printer = getOwn(s.printers, e.printerId);
    return printer ? [{ kind: 'print', payload: { printerId: printer.id, purpose: 'test', document: testPageDocument(printer, now) } }] : [];
  },
  'printer.setupSlipRequested': (e, s) => {
    const printer = getOwn(s.printers, e.printerId);
    return printer ? [{ kind: 'print', payload: { printerId: printer.id, purpose: 'setupSlip', document: setupSlipDocument(s.restaurant.name, printer.language) } }] : [];
  },
  // The job to reprint is read from the hub's job table (by id), not the state: jobs are not in it.
  'print.reprintRequested': (e, s, _now, jobs = NO_JOBS) => {
    const job = jobs.get(e.jobId);
    const printer = getOwn(s.printers, e.printerId);
    if (job?.kind !== 'print' || !printer) return [];
    const document = markedReprint(job.payload.document, printer.language);
    return [{ kind: 'print', payload: { ...job.payload, printerId: printer.id, document, reprintOf: job.id } }];
  },
};
