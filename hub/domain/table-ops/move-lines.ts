import type { CommandPayload, DomainEvent, LineTaken, Order, OrderLine, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { chargedQty } from '../money.ts';
import { editableOrder, isDecision, wouldBeTooLarge } from '../dine-in/order-lines.ts';
import { pricedFor } from '../payment/member-prices.ts';
import { getOwn } from '../records.ts';
import { NO_GUEST, refused, seatAt } from './seat.ts';

/** A part of a line split off into a new line: plain portions, nothing returned, gifted or discounted. */
function splitOff(line: OrderLine, qty: number, id: string): OrderLine {
  return {
    ...line,
    id,
    qty,
    returnedQty: 0,
    returnReason: '',
    returnToStock: false,
    restockedQty: 0,
    giftedQty: 0,
    giftReason: '',
    cancelledQty: 0,
    cancelReason: '',
    discountCents: 0,
    originTableId: null,
  };
}

/**
 * M0095, share/split: moves chosen lines, or some portions of a line, from an
 * open order to another table. A whole line moves as it is (same id, kitchen
 * state, gifts, returns and discount); part of a line becomes a new line of
 * plain charged portions, so only portions that are neither returned,
 * cancelled nor gifted can be split off, and never from a line with a
 * discount (LINE_NOT_SPLITTABLE): the money of both tables together is
 * always exactly what it was. A free target opens with the payload's order
 * id and party size; an occupied one takes the lines into its open order.
 */
export function moveLines(s: State, p: CommandPayload<'order.moveLines'>, ctx: DecideContext): Decision {
  const from = editableOrder(s, p.fromOrderId);
  if (isDecision(from)) return from;
  const to = getOwn(s.tables, p.toTableId);
  if (!to) return refuse('NOT_FOUND', 'toTableId');
  if (to.orderId === from.id) return refuse('SAME_TABLE');

  const events: DomainEvent[] = [];
  let target: Order | undefined = to.orderId ? getOwn(s.orders, to.orderId) : undefined;
  if (!target) {
    if (to.status !== TABLE_STATUS.free && to.status !== TABLE_STATUS.reserved) return refuse('TABLE_NOT_FREE', to.id);
    const seated = seatAt(s, to.id, p.orderId, p.people, NO_GUEST, ctx);
    if (refused(seated)) return seated;
    events.push(...seated.events);
    target = getOwn(seated.state.orders, p.orderId);
    if (!target) return refuse('ORDER_NOT_OPEN', 'orderId');
  } else if (target.status === 'prebilled') return refuse('ORDER_PREBILLED', to.id);

  const ids = new Set(target.lines.map((l) => l.id));
  const moving = new Set<string>();
  const taken: LineTaken[] = [];
  const lines: OrderLine[] = [];
  for (const want of p.lines) {
    const line = from.lines.find((l) => l.id === want.lineId);
    if (!line) return refuse('NOT_FOUND', 'lineId');
    if (moving.has(line.id)) return refuse('DUPLICATE_ID', 'lineId');
    moving.add(line.id);
    if (want.qty > line.qty) return refuse('INCORRECT_INPUT', 'qty');
    const whole = want.qty === line.qty;
    if (!whole && (line.discountCents > 0 || want.qty > chargedQty(line))) return refuse('LINE_NOT_SPLITTABLE', line.id);
    const moved = whole ? { ...line, originTableId: null } : splitOff(line, want.qty, want.newLineId);
    if (ids.has(moved.id)) return refuse('DUPLICATE_ID', 'newLineId');
    ids.add(moved.id);
    taken.push({ lineId: line.id, qty: want.qty });
    // At the prices of the bill it joins: a member's VIP price goes or comes with the member (issue 22).
    lines.push(pricedFor(target, moved));
  }
  if (wouldBeTooLarge(target, lines)) return refuse('ORDER_TOO_LARGE');
  events.push({ type: 'order.linesMoved', fromOrderId: from.id, toOrderId: target.id, taken, lines });
  return accept(events, { orderId: target.id, orderNo: target.no });
}
