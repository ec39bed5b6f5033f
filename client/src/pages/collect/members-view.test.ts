import { describe, expect, it } from 'vitest';
import type { MembersFigures } from '#protocol';
import { hasMemberFigures, membersRows } from './members-view.ts';

const none: MembersFigures = {
  rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0,
  outstandingCents: 0, outstandingDay: '2026-11-20', couponsIssued: 0, couponsRedeemed: 0, couponDiscountCents: 0, couponsExpired: 0,
};

describe('the members card', () => {
  it('recharges first with their methods under them (largest first, none at zero), then the balance, then coupons', () => {
    const rows = membersRows({ ...none, rechargeCount: 3, rechargesByMethod: { cash: 1_000, yape: 4_000, transfer: 0 }, spentCents: 2_000, outstandingCents: 3_000, couponsRedeemed: 1, couponDiscountCents: 500 });
    expect(rows.map((r) => (r.kind === 'method' ? `  ${r.method}` : r.id))).toEqual([
      'recharges', '  yape', '  cash', 'bonus', 'spent', 'refunded', 'adjusted', 'outstanding', 'couponsIssued', 'couponsRedeemed', 'couponsExpired',
    ]);
    expect(rows[0]).toEqual({ kind: 'figure', id: 'recharges', count: 3, cents: 5_000 });
    expect(rows.find((r) => r.kind === 'figure' && r.id === 'couponsRedeemed')).toEqual({ kind: 'figure', id: 'couponsRedeemed', count: 1, cents: 500 });
    expect(rows.find((r) => r.kind === 'figure' && r.id === 'outstanding')).toEqual({ kind: 'figure', id: 'outstanding', count: null, cents: 3_000 });
  });

  it.each<[string, MembersFigures | undefined, boolean]>([
    ['figures kept before members existed', undefined, false],
    ['a restaurant without a loyalty card', none, false],
    ['only a balance carried from before', { ...none, outstandingCents: 100 }, true],
    ['only coupons expiring', { ...none, couponsExpired: 2 }, true],
    ['only an adjustment down to zero', { ...none, adjustCents: -100 }, true],
  ])('shows for %s: %s', (_label, m, shown) => {
    expect(hasMemberFigures(m)).toBe(shown);
  });
});
