import type { BillPayment, DomainEvent, ErrorCode, Order, State } from '#protocol';
import { couponKey } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import type { DecideContext } from '../decision.ts';
import { ledgerEntry } from '../members/ledger-entry.ts';
import { couponUsable } from '../coupons/usable.ts';

/**
 * What settling adds for a member and a coupon (issue 22), checked after every other rule of the
 * bill and recorded in the settlement's own record: the balance share spent from the member's
 * ledger (`member.ledgerEntered`, kind spend, with the bill's id and archive day), and the held
 * coupon used. Two tills settling at once are decided one after the other by the engine, so the
 * second sees the first's spend (or use) and is refused: exactly one wins.
 */
export function memberAndCouponAtSettle(
  s: State,
  order: Order,
  billId: string,
  payments: readonly BillPayment[],
  ctx: DecideContext,
): { ok: true; events: DomainEvent[] } | { ok: false; code: ErrorCode; field: string } {
  const events: DomainEvent[] = [];
  // The bill's archive day: the Lima calendar day of the payment (as takeout/paid.ts and the archive file it).
  const billDay = businessDayOf(ctx.now, 0);
  const balance = payments.reduce((n, p) => n + (p.method === 'balance' ? p.amountCents : 0), 0);
  if (balance > 0) {
    if (!order.member) return { ok: false, code: 'MEMBER_REQUIRED', field: 'payments' };
    const spent = ledgerEntry(s, order.member.id, { kind: 'spend', cents: -balance, billId, billDay }, ctx);
    if (!spent.ok) return { ok: false, code: spent.code, field: 'payments' };
    events.push({ type: 'member.ledgerEntered', entry: spent.entry });
  }
  if (order.coupon) {
    // Still usable now: its batch may have been voided, or its last day passed, since it was applied.
    const usable = couponUsable(s, order.coupon.code, order, ctx);
    if (!usable.ok) return { ok: false, code: usable.code, field: 'coupon' };
    // Used by this bill, in this record: no other bill can ever use it.
    events.push({ type: 'coupon.redeemed', code: couponKey(order.coupon.code), billId, day: billDay, at: ctx.now });
  }
  return { ok: true, events };
}
