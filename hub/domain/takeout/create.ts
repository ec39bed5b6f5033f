import type { CommandPayload, DeliveryDetails, DomainEvent, Order, State, Takeout, TakeoutChannel } from '#protocol';
import { TAKEOUT_PHONE } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { addCustomDish } from '../dine-in/custom-dish.ts';
import { newOrder } from '../dine-in/table-open.ts';
import { orderFlowHandlers } from '../dine-in/order-flow.ts';
import { orderLineHandlers } from '../dine-in/order-lines.ts';
import { adjustmentHandlers } from '../payment/adjustments.ts';
import { aliasesOf, isClaimed } from '../permissions.ts';
import { orderTotals } from '../money.ts';
import { getOwn } from '../records.ts';
import { nextCodes } from './codes.ts';
import { composeSteps, type Step } from './compose.ts';
import { owesAtDoor } from './due.ts';

/** The name of the delivery fee's line: a custom dish with no kitchen station, so every total, document and report holds it. */
export const DELIVERY_FEE_NAME = 'Delivery';

type Lines = CommandPayload<'takeout.create'>['lines'];
type CustomLines = NonNullable<CommandPayload<'takeout.create'>['customLines']>;

/** What both ways in (the till, a channel) give a new takeout. */
type NewTakeout = {
  takeoutId: string;
  orderId: string;
  channel: TakeoutChannel;
  externalId: string | null;
  type: Takeout['type'];
  method: Takeout['method'];
  customer: Takeout['customer'];
  memberNo: string | null;
  delivery: DeliveryDetails | null;
  expectedAt: string | null;
  invoiceType: Takeout['invoiceType'];
  note: string;
  status: Takeout['status'];
  lines: Lines;
  customLines: CustomLines;
  lunchBox: CommandPayload<'takeout.create'>['lunchBox'];
  tipCents: number;
  send: boolean;
};

const phoneOk = (phone: string) => phone === '' || TAKEOUT_PHONE.test(phone.replace(/[\s-]/g, ''));

/** The checks both ways in share: phones, the address of a delivery, the time of a reservation, an order with dishes. */
function refusal(s: State, n: NewTakeout): Decision | null {
  if (getOwn(s.takeouts, n.takeoutId)) return refuse('DUPLICATE_ID', 'takeoutId');
  if (getOwn(s.orders, n.orderId)) return refuse('DUPLICATE_ID', 'orderId');
  if (!phoneOk(n.customer.phone)) return refuse('PHONE_INVALID', 'customer.phone');
  if (n.delivery && !phoneOk(n.delivery.receiverPhone)) return refuse('PHONE_INVALID', 'receiverPhone');
  if (n.delivery && !phoneOk(n.delivery.contactPhone)) return refuse('PHONE_INVALID', 'contactPhone');
  if (n.method === 0 && !n.delivery?.address.trim()) return refuse('DELIVERY_ADDRESS_REQUIRED', 'address');
  // The rider must be able to call someone.
  if (n.method === 0 && !n.customer.phone && !n.delivery?.receiverPhone && !n.delivery?.contactPhone) return refuse('PHONE_INVALID', 'receiverPhone');
  if (n.type === 'reservation' && !n.expectedAt) return refuse('TAKEOUT_TIME_REQUIRED', 'expectedAt');
  if (n.lines.length + n.customLines.length === 0) return refuse('TAKEOUT_EMPTY');
  return null;
}

/**
 * Makes a takeout and its order in one decision: `takeout.created` (the order still empty),
 * then dine-in's own rules for the menu lines, the custom dishes, the delivery fee line, the
 * lunch box, the tip and sending, each on the state the one before left. A refusal of any of
 * them refuses the whole (nothing is recorded).
 */
function makeTakeout(s: State, n: NewTakeout, ctx: DecideContext): Decision {
  const no = refusal(s, n);
  if (no) return no;
  const day = businessDayOf(ctx.now, closingHourOf(s.settings));
  // A device's replica has no counters (the hub's alone): its optimistic codes are replaced by the hub's.
  const codes = nextCodes(s.takeoutCounters ?? { day: '', pickupNo: 0, codeNo: 0 }, day);
  const byDevice = n.channel === 'counter' || n.channel === 'phone';
  const takeout: Takeout = {
    id: n.takeoutId,
    orderId: n.orderId,
    billId: null,
    billDay: null,
    code: codes.code,
    pickupCode: codes.pickupCode,
    businessDay: day,
    channel: n.channel,
    externalId: n.externalId,
    type: n.type,
    method: n.method,
    status: n.status,
    paid: false,
    customer: n.customer,
    memberNo: n.memberNo,
    delivery: n.delivery,
    expectedAt: n.expectedAt,
    invoiceType: n.invoiceType,
    riderId: null,
    ready: false,
    note: n.note,
    createdAt: ctx.now,
    createdBy: ctx.actor.staffId,
    // A web order the channel was paid for: paid then (SPEC paid time), though the till settles it later.
    paidAt: n.status === 1 ? ctx.now : null,
    // An order taken at the till is received by the restaurant as it is made.
    merchantReceivedAt: byDevice ? ctx.now : null,
    riderReceivedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    serviceAt: null,
    closedAt: null,
    cancelReason: '',
    collectCents: 0,
  };
  const order: Order = {
    // Every device holds the orders (a waiter's too): the guest's phone stays on the takeout, which only M005/payment see whole.
    ...newOrder(s, { id: n.orderId, tableId: '', people: 1, customer: { name: n.customer.name, gender: 0, phone: '', reason: '', remarks: n.note.slice(0, 140) } }, ctx),
    takeoutId: n.takeoutId,
  };
  const orderId = n.orderId;
  const steps: Step[] = [];
  if (n.lines.length > 0) steps.push((st) => orderLineHandlers['order.addLines'](st, { orderId, lines: n.lines }, ctx));
  for (const c of n.customLines) steps.push((st) => addCustomDish(st, { orderId, lineId: c.lineId, name: c.name, priceCents: c.priceCents, qty: c.qty, unit: c.unit, remark: c.remark, station: c.station ?? '' }));
  const feeCents = n.delivery?.feeCents ?? 0;
  // The fee line's id is the order's own plus a suffix: unique, and the same on every replay.
  if (n.method === 0 && feeCents > 0) steps.push((st) => addCustomDish(st, { orderId, lineId: `${orderId}:fee`, name: DELIVERY_FEE_NAME, priceCents: feeCents, qty: 1, unit: '', remark: '', station: '' }));
  if (n.lunchBox) {
    const lunchBox = n.lunchBox;
    steps.push((st) => adjustmentHandlers['order.setLunchBox'](st, { orderId, lunchBox }));
  }
  if (n.tipCents > 0) steps.push((st) => adjustmentHandlers['order.setTip'](st, { orderId, tipCents: n.tipCents }));
  if (n.send) steps.push((st) => orderFlowHandlers['order.send'](st, { orderId }, ctx));
  // What the rider collects at the door is the order's total once its lines are in (the record's first event carries it).
  let collectCents = 0;
  steps.push((st) => {
    collectCents = dueOf(st, orderId);
    return accept([]);
  });
  const first: DomainEvent[] = [{ type: 'takeout.created', takeout, order }];
  const made = composeSteps(s, first, steps, { orderId, orderNo: order.no, takeoutCode: codes.code, pickupCode: codes.pickupCode });
  if (!made.ok) return made;
  const [, ...rest] = made.events;
  return accept([{ type: 'takeout.created', takeout: { ...takeout, collectCents: owesAtDoor(takeout) ? collectCents : 0 }, order }, ...rest], made.result);
}

/** What is due on a takeout's open order now (0 once settled). */
export function dueOf(s: State, orderId: string | null): number {
  const order = orderId === null ? undefined : getOwn(s.orders, orderId);
  return order ? orderTotals(order, 0).dueCents : 0;
}

/** Whether the sender may take a delivery (M005): `takeout.create` is M002's, a delivery also needs M005. */
function mayDeliver(s: State, ctx: DecideContext): boolean {
  if (ctx.actor.staffId === null || !isClaimed(s)) return true;
  return aliasesOf(s, ctx.actor.staffId).has('M005');
}

export function createTakeout(s: State, p: CommandPayload<'takeout.create'>, ctx: DecideContext): Decision {
  // A phone order is delivery's work (M005) even when picked up; a counter take-away is M002's.
  if ((p.method === 0 || p.channel === 'phone') && !mayDeliver(s, ctx)) return refuse('FORBIDDEN', 'M005');
  return makeTakeout(
    s,
    {
      takeoutId: p.takeoutId,
      orderId: p.orderId,
      channel: p.channel,
      externalId: null,
      type: p.type,
      method: p.method,
      customer: p.customer,
      memberNo: p.memberNo ?? null,
      delivery: p.method === 0 ? (p.delivery ?? null) : null,
      expectedAt: p.expectedAt ?? null,
      invoiceType: p.invoiceType,
      note: p.note ?? '',
      status: p.payLater ? 12 : 2,
      lines: p.lines,
      customLines: p.customLines ?? [],
      lunchBox: p.lunchBox,
      tipCents: p.tipCents ?? 0,
      send: p.send,
    },
    ctx,
  );
}

/**
 * An order from an intake channel: submitted (0), or paid by the channel (1); its dishes wait
 * for the restaurant to accept it before the kitchen sees them. The same channel order twice
 * (a retry) is answered with the first takeout (INTAKE_DUPLICATE, its id as the message).
 */
export function intakeTakeout(s: State, p: CommandPayload<'takeout.intake'>, ctx: DecideContext): Decision {
  const first = s.takeoutIntakeKeys ? getOwn(s.takeoutIntakeKeys, `${p.channelId}:${p.externalId}`) : undefined;
  if (first !== undefined) return refuse('INTAKE_DUPLICATE', first);
  return makeTakeout(
    s,
    {
      takeoutId: p.takeoutId,
      orderId: p.orderId,
      channel: `web:${p.channelId}`,
      externalId: p.externalId,
      type: p.type,
      method: p.method,
      customer: p.customer,
      memberNo: null,
      delivery: p.method === 0 ? p.delivery : null,
      expectedAt: p.expectedAt ?? null,
      invoiceType: p.invoiceType ?? 'note',
      note: p.note,
      status: p.paidByChannel ? 1 : 0,
      lines: p.lines,
      customLines: [],
      lunchBox: undefined,
      tipCents: 0,
      send: false,
    },
    ctx,
  );
}
