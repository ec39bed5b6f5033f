import type { Change, DomainEvent, EventOf, EventType } from '#protocol';
import { managesGoods, managesStaff, publicSettings, seesHostNames, seesRiders, seesRoles, withoutTimes } from './slices.ts';
import { withoutAmounts, withoutAmountsFor } from './amounts.ts';
import { presentSettled, seesRider } from './riders.ts';
import { presentTakeoutEvent } from './takeouts.ts';
import { holds, type Viewer } from './viewer.ts';

/** An event as one viewer receives it: as is, reshaped, or null (not sent). */
type EventRule<T extends EventType> = (event: EventOf<T>, viewer: Viewer) => DomainEvent | null;

const everyone = <T extends EventType>(event: EventOf<T>): DomainEvent => event;
const nobody = (): null => null;
/** Sent to holders of one of the aliases only. */
const holdersOf =
  (...aliases: Parameters<typeof holds>[1][]) =>
  <T extends EventType>(event: EventOf<T>, viewer: Viewer): DomainEvent | null =>
    holds(viewer, ...aliases) ? event : null;
/** About one person's flags: to those who manage staff, and to that person. */
const staffOrSelf = (event: EventOf<'staff.disabledSet'> | EventOf<'staff.credentialsNoted'>, viewer: Viewer): DomainEvent | null =>
  managesStaff(viewer) || event.staffId === viewer.staffId ? event : null;

/**
 * Every event type and how it leaves the hub, mirroring SLICE_RULES (a
 * presented change folded into a presented state gives the presented state
 * after it; presenters.test.ts checks this for every role). Typed over every
 * event type: a new one does not compile until someone decides. An event
 * type missing here at run time is not sent.
 */
export const EVENT_RULES: { [T in EventType]: EventRule<T> } = {
  'restaurant.renamed': everyone,
  'category.saved': everyone,
  // Without the dish's times for those who do not manage goods, as in the snapshot.
  'product.saved': (e, viewer) => (managesGoods(viewer) ? e : { ...e, product: withoutTimes(e.product) }),
  'product.soldOutSet': everyone,
  'product.listedSet': everyone,
  'product.specSoldOutSet': everyone,
  'product.manySet': everyone,
  'product.stockChanged': everyone,
  // The new count goes to every device; who moved it and why is on-demand history.
  'product.stockAdjusted': (e) => ({ type: 'product.stockChanged', productId: e.move.productId, delta: e.move.delta, stock: e.move.stock }),
  'menu.stationsSaved': everyone,
  'menu.remarksSaved': everyone,
  'menu.imported': (e, viewer) => ({ ...e, moves: [], products: managesGoods(viewer) ? e.products : e.products.map(withoutTimes) }),
  'area.saved': everyone,
  'table.saved': everyone,
  'area.removed': everyone,
  'table.removed': everyone,
  'table.opened': everyone,
  'order.linesAdded': everyone,
  'order.lineRemoved': everyone,
  'order.lineReturned': everyone,
  'order.sent': everyone,
  'order.prebilled': everyone,
  'order.prebillCancelled': everyone,
  // Closes an open order every device shows; the bill is that order's, already on each device.
  // Everyone's (the orders slice is); a rider's phone gets other riders' door cash without its holder (riders.ts).
  'order.settled': presentSettled,
  'table.cleared': everyone,
  // Kitchen actions change orders every device shows (hub/domain/kitchen).
  'order.linesHeld': everyone,
  'order.linesFired': everyone,
  'order.linesRushed': everyone,
  'order.lineGifted': everyone,
  'order.lineCancelled': everyone,
  'order.lineRemarkSet': everyone,
  'order.withdrawn': everyone,
  // Pending orders go where open orders go (everyone, as the orders slice): hanging one up moves an order between the two.
  'pending.hungUp': everyone,
  'order.hungUp': everyone,
  'pending.linesAdded': everyone,
  'pending.lineRemoved': everyone,
  'pending.resumed': everyone,
  'pending.discarded': everyone,
  // Table operations (M0092–M0095) reshape the tables and orders everyone sees.
  'table.changed': everyone,
  'tables.merged': everyone,
  'order.linesMoved': everyone,
  // Who opened the drawer is for the activity view (on demand); it changes nothing live.
  'drawer.opened': nobody,
  'queue.taken': everyone,
  'queue.called': everyone,
  'queue.seated': everyone,
  'queue.closed': everyone,
  // Payment tabs change what every table card and cart shows; the rate is on every till.
  'order.discountSet': everyone,
  'order.lineDiscountSet': everyone,
  'order.tipSet': everyone,
  'order.lunchBoxSet': everyone,
  // A member or coupon at the till (issue 22): the order carries only { id, no, name } and the coupon's code and deduction.
  'order.memberAttached': everyone,
  'order.memberDetached': everyone,
  'order.couponApplied': everyone,
  'order.couponReleased': everyone,
  'exchangeRate.set': everyone,
  'role.saved': (e, viewer) => (seesRoles(viewer) || e.role.id === viewer.roleId ? e : null),
  // A profile (name, number, role) carries no flag; the applier keeps the flags a device has.
  'staff.saved': everyone,
  'staff.disabledSet': staffOrSelf,
  'staff.credentialsNoted': staffOrSelf,
  // Sign-ins change nothing live: they are activity, asked for on demand.
  'staff.signedIn': nobody,
  'staff.signedOut': nobody,
  'settings.saved': (e, viewer) => (seesHostNames(viewer) ? e : { ...e, settings: publicSettings(e.settings) }),
  // Changes no state: the activity (read from the log) is where it shows.
  'security.secretChanged': nobody,
  'security.alertRaised': holdersOf('staff'),
  'security.alertDismissed': holdersOf('staff'),
  // Jobs are not in the state (issue 20): the hub's job table folds these, devices get the job board
  // (job-board.ts, its own socket event) and fetch lists and documents on demand. A change left with no
  // events still carries its seq.
  'job.created': nobody,
  'job.started': nobody,
  'job.writing': nobody,
  'job.succeeded': nobody,
  'job.failed': nobody,
  'job.interrupted': nobody,
  'job.retried': nobody,
  'job.cancelled': nobody,
  'job.pruned': nobody,
  'job.testRequested': nobody,
  // Changes nothing live: the export jobs it causes are what the exports page shows.
  'export.requested': nobody,
  'backup.requested': nobody,
  // Printers and their status go to everyone who signs in: a waiter must see that the kitchen printer is down.
  'printer.saved': everyone,
  'printer.removed': everyone,
  'printer.statusChanged': everyone,
  // Asking for a printout changes nothing live: the job it creates is what the jobs page shows.
  'printer.testRequested': nobody,
  'printer.setupSlipRequested': nobody,
  'print.reprintRequested': nobody,
  'takeout.reprintRequested': nobody,
  'reservation.created': holdersOf('M001'),
  'reservation.statusSet': holdersOf('M001'),
  'reservation.arrived': holdersOf('M001'),
  'reservation.filed': holdersOf('M001'),
  // A deposit taken or settled: to those who see reservations, and to cashiers (M006), whose open shift's totals it moves on.
  'reservation.depositTaken': holdersOf('M001', 'M006'),
  'reservation.depositSettled': holdersOf('M001', 'M006'),
  'kds.shown': holdersOf('M001'),
  'kds.bumped': holdersOf('M001'),
  'kds.recalled': holdersOf('M001'),
  'kds.retiredDismissed': holdersOf('M001'),
  'fiscal.settingsSaved': holdersOf('payment', 'settings'),
  'fiscal.numbered': holdersOf('payment', 'settings'),
  'einvoice.summaryQueued': holdersOf('settings'),
  'einvoice.summaryPlanned': (e, viewer) => (holds(viewer, 'settings') ? { ...e, summary: { ...e.summary, lines: [] } } : null),
  'shift.opened': holdersOf('M006'),
  'shift.cashMoved': holdersOf('M006'),
  // The closed shift leaves the live state; its figures are read back through GET /api/shifts.
  'shift.closed': holdersOf('M006'),
  'shift.reportReprinted': holdersOf('M006'),
  'tally.added': holdersOf('M007'),
  'tally.removed': holdersOf('M007'),
  'tally.filed': holdersOf('M007'),
  // The same people as the `accounts` slice (slices.ts): a replica folds what it holds.
  'account.paid': holdersOf('M003', 'payment', 'M006'),
  'account.writtenOff': holdersOf('M003', 'payment', 'M006'),
  // The same people as the `riders` slice (slices.ts).
  // A rider-only role gets only what moves their own profile (riders.ts).
  'rider.saved': (e, viewer) => (seesRiders(viewer) && seesRider(viewer, e.rider.staffId) ? e : null),
  'rider.handedIn': (e, viewer) => (seesRiders(viewer) && seesRider(viewer, e.handIn.riderId) ? e : null),
  // Take-away and delivery (takeouts.ts); the order inside `takeout.created` goes as the `orders` slice does (everyone).
  // Who may not see the takeout still gets its order (the `orders` slice is everyone's), as a table's order opening.
  'takeout.created': (e, viewer) => {
    const shown = presentTakeoutEvent(e, viewer);
    return shown?.type === 'takeout.created' ? shown : { type: 'table.opened', order: e.order };
  },
  'takeout.accepted': presentTakeoutEvent,
  'takeout.readySet': presentTakeoutEvent,
  'takeout.riderAssigned': presentTakeoutEvent,
  'takeout.pickedUp': presentTakeoutEvent,
  'takeout.delivered': presentTakeoutEvent,
  'takeout.paid': presentTakeoutEvent,
  'takeout.filed': presentTakeoutEvent,
  // Members (issue 22): hub-only slices, so no device folds their events (an order carries { id, no, name } in its own).
  'member.registered': nobody,
  'member.updated': nobody,
  'member.erased': nobody,
  // A recharge moves the open shift's totals, which the drawer's devices (M006) fold too: to them, the money of it
  // alone (method, amount, shift), never who paid from which bank or card. Every other balance move: nobody.
  'member.ledgerEntered': (e, viewer) => {
    const r = e.entry.recharge;
    if (!r?.shiftId || !holds(viewer, 'M006')) return null;
    const recharge = { ...r, operationNo: '', bank: '', cardNo: '', certificate: '', accountName: '' };
    return { type: 'member.ledgerEntered', entry: { ...e.entry, memberId: '', memberNo: '', reason: '', recharge } };
  },
  'member.rechargeReprinted': nobody,
  // Coupons (issue 22): hub-only slices; a till sees a coupon only as its order's (order.couponApplied).
  'coupon.batchIssued': nobody,
  'coupon.gifted': nobody,
  'coupon.batchVoided': nobody,
  'coupon.redeemed': nobody,
  'coupon.printed': nobody,
  // Refunds: the same people as the `refunds` slice (slices.ts).
  'refund.applied': holdersOf('refund', 'payment', 'M005', 'M003'),
  'refund.accepted': holdersOf('refund', 'payment', 'M005', 'M003'),
  'refund.paidOut': holdersOf('refund', 'payment', 'M005', 'M003'),
  'refund.filed': holdersOf('refund', 'payment', 'M005', 'M003'),
  // A reprint changes no state and carries the whole bill: it stays on the hub (the print job it made goes as any job).
  'bill.reprinted': () => null,
  // The credit note's document (several KB) stays on the hub: devices get the correction and its note's number.
  'bill.corrected': (e, viewer) => {
    if (!holds(viewer, 'refund', 'M003', 'settings', 'M006')) return null;
    if (!e.document) return e;
    const { document: _left, ...rest } = e;
    return rest;
  },
};

/** One event as this viewer receives it, or null. */
export function presentEvent(event: DomainEvent, viewer: Viewer): DomainEvent | null {
  if (!Object.hasOwn(EVENT_RULES, event.type)) return null;
  const rule = EVENT_RULES[event.type] as (e: DomainEvent, v: Viewer) => DomainEvent | null;
  const shown = rule(event, viewer);
  return shown && withoutAmountsFor(viewer) ? withoutAmounts(shown) : shown;
}

/**
 * A change as this viewer receives it. Its seq and command id always go
 * (events it may not see are left out, possibly all of them), so the device
 * still sees every seq, detects gaps, and knows its own command arrived.
 */
export function presentChange(change: Change, viewer: Viewer): Change {
  const events: DomainEvent[] = [];
  for (const e of change.events) {
    const shown = presentEvent(e, viewer);
    if (shown) events.push(shown);
  }
  return { seq: change.seq, commandId: change.commandId, events };
}
