import type { CommandPayload, Member, MemberPrice, Order, OrderMember, State } from '#protocol';
import { memberById, memberShortName } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { listPriceOf, memberUnitPrice } from './member-prices.ts';

/**
 * A member at the till (issue 22; README "Members at the till"): attaching one makes the order
 * theirs (the bill keeps the member, the balance may pay it) and re-prices every line that has a
 * VIP price; detaching puts the list prices back. The prices are on the order's lines, so the
 * totals, documents, kitchen and reports read them as they read any price.
 */

/** The order a member may be attached to or taken off: open, and its pre-bill (the amounts the guest holds) not out. */
function openOrder(s: State, orderId: string): Order | Decision {
  const order = getOwn(s.orders, orderId);
  if (!order) return refuse('ORDER_NOT_OPEN', 'orderId');
  if (order.status === 'prebilled') return refuse('ORDER_PREBILLED');
  return order;
}

const isDecision = (x: Order | Decision): x is Decision => 'ok' in x;

/** What every device may see of a member: number and "Ana P." (the last name's initial), nothing personal. */
export function orderMemberOf(m: Member): OrderMember {
  return { id: m.id, no: m.no, name: memberShortName(m) };
}

/** Each line of the order at the member's price: those with a VIP price under their list price. */
export function memberPrices(order: Order): MemberPrice[] {
  return order.lines.flatMap((l) => {
    const priced = memberUnitPrice(listPriceOf(l), l.vipUnitPriceCents);
    return priced.listUnitPriceCents === undefined ? [] : [{ lineId: l.id, unitPriceCents: priced.unitPriceCents, listUnitPriceCents: priced.listUnitPriceCents }];
  });
}

export const memberHandlers = {
  /**
   * The guest says the last 4 digits of their phone; the hub compares them with the member's
   * (offline there is no SMS: README). An erased member can no longer be attached.
   */
  'order.attachMember': (s: State, p: CommandPayload<'order.attachMember'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (isDecision(order)) return order;
    const member = memberById(s, p.memberId);
    if (!member) return refuse('MEMBER_NOT_FOUND', 'memberId');
    if (member.erasedAt !== null || member.phone === '') return refuse('MEMBER_ERASED', 'memberId');
    if (member.phone.slice(-4) !== p.verify) return refuse('MEMBER_VERIFY_FAILED', 'verify');
    return accept([{ type: 'order.memberAttached', orderId: order.id, member: orderMemberOf(member), prices: memberPrices(order) }], { orderId: order.id });
  },

  'order.detachMember': (s: State, p: CommandPayload<'order.detachMember'>): Decision => {
    const order = openOrder(s, p.orderId);
    if (isDecision(order)) return order;
    if (!order.member) return refuse('MEMBER_REQUIRED', 'orderId');
    return accept([{ type: 'order.memberDetached', orderId: order.id }]);
  },
};
