import type { MembersFigures, PayMethod } from '#protocol';

/**
 * The order report's members card (issue 22): one row per figure, in the order an owner reads
 * a loyalty card's day: money in (recharges, by method, and the bonus credited with them),
 * money used (balance spent, given back, adjusted), what is still owed to members at the end of
 * the period (a liability), then the coupons. `count` is null where counting makes no sense.
 */
export type MembersRowId =
  | 'recharges'
  | 'bonus'
  | 'spent'
  | 'refunded'
  | 'adjusted'
  | 'outstanding'
  | 'couponsIssued'
  | 'couponsRedeemed'
  | 'couponsExpired';

export type MembersRow =
  | { kind: 'figure'; id: MembersRowId; count: number | null; cents: number | null }
  /** A recharge method under "recharges" (indented). */
  | { kind: 'method'; method: PayMethod; cents: number };

export function membersRows(m: MembersFigures): MembersRow[] {
  const methods = (Object.entries(m.rechargesByMethod) as [PayMethod, number][]).filter(([, cents]) => cents !== 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const recharged = methods.reduce((s, [, cents]) => s + cents, 0);
  return [
    { kind: 'figure', id: 'recharges', count: m.rechargeCount, cents: recharged },
    ...methods.map(([method, cents]): MembersRow => ({ kind: 'method', method, cents })),
    { kind: 'figure', id: 'bonus', count: null, cents: m.bonusCents },
    { kind: 'figure', id: 'spent', count: null, cents: m.spentCents },
    { kind: 'figure', id: 'refunded', count: null, cents: m.refundedCents },
    { kind: 'figure', id: 'adjusted', count: null, cents: m.adjustCents },
    { kind: 'figure', id: 'outstanding', count: null, cents: m.outstandingCents },
    { kind: 'figure', id: 'couponsIssued', count: m.couponsIssued, cents: null },
    { kind: 'figure', id: 'couponsRedeemed', count: m.couponsRedeemed, cents: m.couponDiscountCents },
    { kind: 'figure', id: 'couponsExpired', count: m.couponsExpired, cents: null },
  ];
}

/** Whether the period had anything of members at all (a restaurant without a loyalty card sees no card). */
export function hasMemberFigures(m: MembersFigures | undefined): m is MembersFigures {
  if (!m) return false;
  return m.rechargeCount > 0 || m.spentCents !== 0 || m.refundedCents !== 0 || m.adjustCents !== 0 || m.outstandingCents !== 0 || m.couponsIssued > 0 || m.couponsRedeemed > 0 || m.couponsExpired > 0;
}
