import type { CommandPayload, DomainEvent, State, Takeout } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { addCustomDish } from '../dine-in/custom-dish.ts';
import { orderFlowHandlers } from '../dine-in/order-flow.ts';
import { orderLineHandlers } from '../dine-in/order-lines.ts';
import { withdrawn } from '../kitchen/withdraw.ts';
import { settle } from '../payment/settle.ts';
import { getOwn } from '../records.ts';
import { RIDER_ROLE } from '../riders/handlers.ts';
import { createTakeout, dueOf, intakeTakeout } from './create.ts';
import { composeSteps, type Step } from './compose.ts';
import { owesAtDoor } from './due.ts';
import { takeoutRefOf, withTakeoutRef } from './paid.ts';
import { canMove, statusAfter, type TakeoutMove } from './status-table.ts';

/** The live takeout a command names, or why not. */
function liveTakeout(s: State, takeoutId: string): Takeout | Decision {
  return getOwn(s.takeouts, takeoutId) ?? refuse('TAKEOUT_NOT_FOUND', 'takeoutId');
}
const refused = (x: Takeout | Decision): x is Decision => 'ok' in x;

/** The takeout `move` may act on: live, and in a status the table allows (TAKEOUT_BAD_STATUS names the status it is in). */
function movable(s: State, takeoutId: string, move: TakeoutMove): Takeout | Decision {
  const t = liveTakeout(s, takeoutId);
  if (refused(t)) return t;
  return canMove(move, t.status) ? t : refuse('TAKEOUT_BAD_STATUS', String(t.status));
}

/** Whether a paid takeout's whole bill went back to the guest (voided: a full refund paid out, or a void). */
function billGivenBack(s: State, t: Takeout): boolean {
  return t.billId !== null && getOwn(s.billCorrections, t.billId)?.voided === true;
}

/** Whether the sender is a rider (the rider preset): a rider moves only their own orders, and assigns only themselves. */
function isRider(s: State, ctx: DecideContext): boolean {
  const staffId = ctx.actor.staffId;
  return staffId !== null && getOwn(s.staff, staffId)?.roleId === RIDER_ROLE;
}
function notTheirs(s: State, t: Takeout, ctx: DecideContext): Decision | null {
  return isRider(s, ctx) && t.riderId !== ctx.actor.staffId ? refuse('FORBIDDEN', 'riderId') : null;
}

/** The takeout after `move`: its new status, and what the rider collects as the order stands now. */
function moved(s: State, t: Takeout, move: TakeoutMove, change: Partial<Takeout> = {}): Takeout {
  return { ...t, status: statusAfter(move, t.status), collectCents: owesAtDoor(t) ? dueOf(s, t.orderId) : 0, ...change };
}

/** A takeout leaving the live state (6, 8, 11): its open order withdrawn with the reason first, when there is one. */
function ended(s: State, t: Takeout, move: TakeoutMove, ctx: DecideContext, reason: string): Decision {
  const change: Partial<Takeout> = { closedAt: ctx.now, orderId: null, collectCents: 0, ...(reason ? { cancelReason: reason } : {}) };
  const filed: Takeout = { ...t, status: statusAfter(move, t.status), ...change };
  const order = t.orderId === null ? undefined : getOwn(s.orders, t.orderId);
  if (!order) return accept([{ type: 'takeout.filed', takeout: filed }]);
  const withdrawal = withdrawn(s, order, reason, ctx);
  if (!withdrawal.ok) return withdrawal;
  // The withdrawn bill names its takeout: the kitchen's ORDER VOID ticket says which bag (PARA LLEVAR 042), the archive its channel.
  const ref = takeoutRefOf(t);
  const events = withdrawal.events.map((e): DomainEvent => (e.type === 'order.withdrawn' ? { ...e, bill: withTakeoutRef(e.bill, ref) } : e));
  return accept([...events, { type: 'takeout.filed', takeout: filed }]);
}

/** A delivery not paid before: settled at the door in cash the rider holds until the hand-in (hub/domain/riders). */
function settleAtDoor(s: State, t: Takeout, collectedCents: number | undefined, ctx: DecideContext): Decision {
  if (t.orderId === null) return refuse('TAKEOUT_NOT_PAID');
  // A factura needs the buyer's RUC, taken at the till: such an order is settled there before it leaves.
  if (t.invoiceType === 'factura') return refuse('TAKEOUT_NOT_PAID', 'factura');
  // Paid to the channel: the guest owes nothing at the door (cash here would charge them twice); the till settles it by transfer.
  if (!owesAtDoor(t)) return refuse('TAKEOUT_NOT_PAID', 'channel');
  const amountCents = collectedCents ?? dueOf(s, t.orderId);
  const document = t.invoiceType === 'boleta' ? { kind: 'boleta' as const, docId: '', name: '' } : SALE_NOTE;
  const payments = [{ method: 'cash' as const, amountCents, ...(t.riderId ? { heldBy: t.riderId } : {}) }];
  return settle(s, { orderId: t.orderId, payments, document, print: false }, ctx);
}

export const takeoutHandlers = {
  'takeout.create': createTakeout,
  'takeout.intake': intakeTakeout,

  /** More dishes on an unpaid takeout still at the restaurant; what the rider collects follows. */
  'takeout.addLines': (s: State, p: CommandPayload<'takeout.addLines'>, ctx: DecideContext): Decision => {
    const t = liveTakeout(s, p.takeoutId);
    if (refused(t)) return t;
    if (t.paid || t.orderId === null) return refuse('TAKEOUT_PAID');
    if (!canMove('takeout.addLines', t.status)) return refuse('TAKEOUT_BAD_STATUS', String(t.status));
    const customLines = p.customLines ?? [];
    if (p.lines.length + customLines.length === 0) return refuse('TAKEOUT_EMPTY');
    const orderId = t.orderId;
    const steps: Step[] = [];
    if (p.lines.length > 0) steps.push((st) => orderLineHandlers['order.addLines'](st, { orderId, lines: p.lines }, ctx));
    for (const c of customLines) steps.push((st) => addCustomDish(st, { orderId, lineId: c.lineId, name: c.name, priceCents: c.priceCents, qty: c.qty, unit: c.unit, remark: c.remark, station: c.station ?? '' }));
    // A channel's order not yet accepted stays out of the kitchen: accepting sends it whole.
    if (p.send && t.status !== 0 && t.status !== 1) steps.push((st) => orderFlowHandlers['order.send'](st, { orderId }, ctx));
    steps.push((st) => accept([{ type: 'takeout.readySet', takeout: { ...t, ready: false, collectCents: owesAtDoor(t) ? dueOf(st, orderId) : 0 } }]));
    return composeSteps(s, [], steps, { orderId });
  },

  /** The restaurant takes a channel's order: now the kitchen gets it. */
  'takeout.accept': (s: State, p: CommandPayload<'takeout.accept'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.accept');
    if (refused(t)) return t;
    const accepted: DomainEvent = { type: 'takeout.accepted', takeout: moved(s, t, 'takeout.accept', { merchantReceivedAt: ctx.now }) };
    const orderId = t.orderId;
    if (orderId === null || !getOwn(s.orders, orderId)) return accept([accepted]);
    const unsent = getOwn(s.orders, orderId)?.lines.some((l) => l.sentBatch === null) ?? false;
    return composeSteps(s, [accepted], unsent ? [(st) => orderFlowHandlers['order.send'](st, { orderId }, ctx)] : []);
  },

  'takeout.refuse': (s: State, p: CommandPayload<'takeout.refuse'>, ctx: DecideContext): Decision => {
    if (!p.reason.trim()) return refuse('REASON_REQUIRED', 'reason');
    const t = movable(s, p.takeoutId, 'takeout.refuse');
    if (refused(t)) return t;
    return ended(s, t, 'takeout.refuse', ctx, p.reason);
  },

  /**
   * A paid order (by the till, or by the channel: 1) is undone by a refund, never by a cancel:
   * once its whole bill is given back (a full refund paid out voids it), the cancel files it,
   * so a paid order the guest never took has a way out of the live list.
   */
  'takeout.cancel': (s: State, p: CommandPayload<'takeout.cancel'>, ctx: DecideContext): Decision => {
    if (!p.reason.trim()) return refuse('REASON_REQUIRED', 'reason');
    const t = liveTakeout(s, p.takeoutId);
    if (refused(t)) return t;
    if ((t.paid && !billGivenBack(s, t)) || t.status === 1) return refuse('TAKEOUT_PAID');
    if (!canMove('takeout.cancel', t.status)) return refuse('TAKEOUT_BAD_STATUS', String(t.status));
    return ended(s, t, 'takeout.cancel', ctx, p.reason);
  },

  /** A flag: the kitchen display's bump and the cashier's tap may both come; the second changes nothing. */
  'takeout.markReady': (s: State, p: CommandPayload<'takeout.markReady'>): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.markReady');
    if (refused(t)) return t;
    if (t.ready) return accept([]);
    return accept([{ type: 'takeout.readySet', takeout: moved(s, t, 'takeout.markReady', { ready: true }) }]);
  },

  'takeout.assignRider': (s: State, p: CommandPayload<'takeout.assignRider'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.assignRider');
    if (refused(t)) return t;
    // A pickup order (method 1) is handed over at the counter: no rider.
    if (t.method !== 0) return refuse('TAKEOUT_BAD_STATUS', 'method');
    const rider = getOwn(s.staff, p.riderId);
    if (!rider || rider.disabled) return refuse('RIDER_NOT_FOUND', 'riderId');
    if (rider.roleId !== RIDER_ROLE) return refuse('NOT_A_RIDER');
    // A rider takes a waiting order for themselves; giving orders out is the dispatcher's.
    if (isRider(s, ctx) && (p.riderId !== ctx.actor.staffId || t.riderId !== null)) return refuse('FORBIDDEN', 'riderId');
    if (t.riderId === p.riderId) return accept([]);
    return accept([{ type: 'takeout.riderAssigned', takeout: moved(s, t, 'takeout.assignRider', { riderId: p.riderId, riderReceivedAt: ctx.now }) }]);
  },

  'takeout.pickedUp': (s: State, p: CommandPayload<'takeout.pickedUp'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.pickedUp');
    if (refused(t)) return t;
    const no = notTheirs(s, t, ctx);
    if (no) return no;
    return accept([{ type: 'takeout.pickedUp', takeout: moved(s, t, 'takeout.pickedUp', { pickedUpAt: ctx.now }) }]);
  },

  /** At the door: an unpaid order is settled here (cash the rider holds), in the same record. */
  'takeout.delivered': (s: State, p: CommandPayload<'takeout.delivered'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.delivered');
    if (refused(t)) return t;
    const no = notTheirs(s, t, ctx);
    if (no) return no;
    const deliver = (st: State): Decision => {
      // Read again: settling just made it paid (takeout.paid).
      const now = getOwn(st.takeouts, t.id) ?? t;
      const collectedCents = t.paid ? 0 : (p.collectedCents ?? t.collectCents);
      return accept([{ type: 'takeout.delivered', takeout: moved(st, now, 'takeout.delivered', { deliveredAt: ctx.now, serviceAt: ctx.now }), collectedCents }]);
    };
    if (t.paid) return composeSteps(s, [], [deliver]);
    return composeSteps(s, [], [(st) => settleAtDoor(st, t, p.collectedCents, ctx), deliver]);
  },

  /** The guest takes a paid pickup order at the counter. */
  'takeout.handOver': (s: State, p: CommandPayload<'takeout.handOver'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.handOver');
    if (refused(t)) return t;
    if (t.method !== 1) return refuse('TAKEOUT_BAD_STATUS', 'method');
    if (!t.paid) return refuse('TAKEOUT_NOT_PAID');
    return accept([{ type: 'takeout.filed', takeout: { ...moved(s, t, 'takeout.handOver'), serviceAt: ctx.now, closedAt: ctx.now } }]);
  },

  'takeout.close': (s: State, p: CommandPayload<'takeout.close'>, ctx: DecideContext): Decision => {
    const t = movable(s, p.takeoutId, 'takeout.close');
    if (refused(t)) return t;
    if (!t.paid) return refuse('TAKEOUT_NOT_PAID');
    return accept([{ type: 'takeout.filed', takeout: { ...moved(s, t, 'takeout.close'), closedAt: ctx.now } }]);
  },
};
