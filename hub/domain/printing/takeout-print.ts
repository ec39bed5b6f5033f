import type { CommandPayload, DeliverySlip, JobSpec, OrderLine, Printer, State, Takeout, TicketLanguage } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import type { Reactors } from '../jobs/reactions.ts';
import { billableQty, lineTotalCents, orderTotals } from '../money.ts';
import { getOwn } from '../records.ts';
import { deliverySlipDocument } from './documents/delivery-slip.ts';
import { dishName } from './documents/format.ts';
import { markedReprint } from './documents/reprint.ts';
import { headerOf, kitchenJobs, staffName } from './kitchen-jobs.ts';
import { receiptTargets } from './routing.ts';

/**
 * The printing of take-away and delivery orders (issue 21) beyond what dine-in's rules already print
 * for their order: the rider's delivery slip when a rider is assigned, and the reprints the delivery
 * page asks for by takeout (jobs are not in the replica, so the page cannot name a job id).
 */

/** The lines of a slip: every portion still billed, named in the printer's language, with its amount. */
export function slipLinesOf(lines: readonly OrderLine[], language: TicketLanguage): DeliverySlip['lines'] {
  return lines.filter((l) => billableQty(l) > 0).map((l) => ({ name: dishName(l, language).slice(0, 140), qty: billableQty(l), cents: lineTotalCents(l) }));
}

/**
 * One printer's slip of a delivery. The open order gives the dishes and the total; a paid one is a
 * bill in the archive by now (its order left the live state), so the slip names the bill and the print
 * runner adds the dishes (hub/jobs/printing/delivery-slip-lines.ts).
 */
function slipFor(s: State, t: Takeout, printer: Printer, at: string): DeliverySlip {
  const order = t.orderId === null ? undefined : getOwn(s.orders, t.orderId);
  const d = t.delivery;
  return {
    takeoutId: t.id,
    code: t.code,
    pickupCode: t.pickupCode,
    at,
    expectedAt: t.expectedAt,
    rider: staffName(s, t.riderId).slice(0, 80),
    customer: t.customer.name,
    address: d?.address ?? '',
    reference: d?.reference ?? '',
    receiverName: d?.receiverName ?? '',
    receiverPhone: d?.receiverPhone ?? t.customer.phone,
    contactPhone: d?.contactPhone ?? '',
    note: t.note.slice(0, 500),
    lines: order ? slipLinesOf(order.lines, printer.language) : [],
    totalCents: order ? orderTotals(order, 0).totalCents : t.collectCents,
    collectCents: t.paid ? 0 : t.collectCents,
    changeForCents: d?.changeForCents ?? 0,
    bill: !order && t.billId && t.billDay ? { id: t.billId, day: t.billDay } : null,
  };
}

/** The order (or, once paid, the bill) a slip's job is filed under in the print history. */
function orderRef(t: Takeout): { orderId?: string } {
  const id = t.orderId ?? t.billId;
  return id === null ? {} : { orderId: id };
}

/** The slip on every receipt printer (never a screen: receiptTargets), marked REPRINT when asked again. */
function slipJobs(s: State, t: Takeout, at: string, reprint: boolean): JobSpec[] {
  if (t.method !== 0) return [];
  return receiptTargets(s).map((p) => {
    const slip = slipFor(s, t, p, at);
    const document = deliverySlipDocument(slip, p.language);
    return { kind: 'print', payload: { printerId: p.id, purpose: 'deliverySlip', document: reprint ? markedReprint(document, p.language) : document, ...orderRef(t), slip } };
  });
}

/**
 * The kitchen ticket of a takeout again: every dish sent so far, marked REPRINT, on the printers of
 * their stations (a kitchen screen still shows its card: a second one would be cooked twice).
 */
function kitchenReprintJobs(s: State, t: Takeout, at: string): JobSpec[] {
  const order = t.orderId === null ? undefined : getOwn(s.orders, t.orderId);
  if (!order) return [];
  const items = order.lines.filter((l) => l.sentBatch !== null).map((line) => ({ line, qty: billableQty(line) }));
  return kitchenJobs(s, headerOf(s, order), items, { marker: 'new', reason: '', at }).flatMap((job): JobSpec[] => {
    if (job.kind !== 'print') return [job];
    const printer = getOwn(s.printers, job.payload.printerId);
    if (!printer || printer.connection.type === 'screen') return [];
    return [{ ...job, payload: { ...job.payload, document: markedReprint(job.payload.document, printer.language) } }];
  });
}

/**
 * `takeout.reprint`: a live takeout's kitchen ticket while its order is open and has dishes sent
 * (a paid counter order's ticket is reprinted from the printer's history: its order is a bill now),
 * or a delivery's slip (made fresh from the takeout as it is now, so it names today's rider).
 */
export function reprintTakeout(s: State, p: CommandPayload<'takeout.reprint'>): Decision {
  const t = s.takeouts ? getOwn(s.takeouts, p.takeoutId) : undefined;
  if (!t) return refuse('TAKEOUT_NOT_FOUND', 'takeoutId');
  if (p.what === 'slip') {
    if (t.method !== 0) return refuse('TAKEOUT_BAD_STATUS', 'method');
  } else {
    const order = t.orderId === null ? undefined : getOwn(s.orders, t.orderId);
    if (!order) return refuse('TAKEOUT_PAID', 'takeoutId');
    if (!order.lines.some((l) => l.sentBatch !== null)) return refuse('TAKEOUT_BAD_STATUS', String(t.status));
  }
  return accept([{ type: 'takeout.reprintRequested', takeoutId: t.id, what: p.what }]);
}

/** The printing of takeouts, by event type (spread into the printing reactors). */
export const TAKEOUT_PRINT_REACTORS: Reactors = {
  // Every assignment prints one: a reassigned delivery's slip names the rider who now carries it.
  'takeout.riderAssigned': (e, s, now) => slipJobs(s, e.takeout, now, false),
  'takeout.reprintRequested': (e, s, now) => {
    const t = s.takeouts ? getOwn(s.takeouts, e.takeoutId) : undefined;
    if (!t) return [];
    return e.what === 'slip' ? slipJobs(s, t, now, true) : kitchenReprintJobs(s, t, now);
  },
};
