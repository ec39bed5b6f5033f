import { describe, expect, it } from 'vitest';
import type { Order, State } from '#protocol';
import { couponByCode, couponStatus } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, deepFreeze, exec, orderAt, uid } from '../test-fixtures.ts';
import { issuePayload, VERANO_CODES } from './test-coupons.ts';
import { couponUsable, withCouponHold } from './usable.ts';

const DINE_IN = uid(2420);
const DELIVERY = uid(2421);
/** A table's order (uid(1), open in the state) and an order without a table. */
const AT_TABLE: Pick<Order, 'id' | 'tableId'> = { id: uid(1), tableId: 't-s1' };
const TAKEAWAY: Pick<Order, 'id' | 'tableId'> = { id: uid(2), tableId: '' };

/** A table's open order (uid(1)), a dine-in batch and a delivery batch valid through 2025-03-14. */
function state(): State {
  let s = orderAt('ordered');
  s = exec(s, 'coupon.issueBatch', issuePayload({ batchId: DINE_IN, expiresOn: '2025-03-14' })).state;
  s = exec(s, 'coupon.issueBatch', issuePayload({ batchId: DELIVERY, prefix: 'DELI', category: 2, expiresOn: '2025-03-14' }, ['DELI22223333'])).state;
  return s;
}

const redeemed = (s: State, code: string): State => applyAll(s, [{ type: 'coupon.redeemed', code, billId: uid(3), day: '2025-03-14', at: ctxAt().now }]);

describe('couponUsable (payments\' order.applyCoupon and order.settle)', () => {
  it('answers what the bill keeps of a usable coupon, however typed', () => {
    expect(couponUsable(state(), 'verano 7kq2-m9xa', AT_TABLE, ctxAt())).toEqual({
      ok: true,
      coupon: { code: 'VERANO-7KQ2M9XA', batchId: DINE_IN, name: 'Verano', deductionCents: 1_000, category: 1 },
    });
    expect(couponUsable(state(), 'deli 2222 3333', TAKEAWAY, ctxAt())).toMatchObject({ ok: true, coupon: { category: 2 } });
  });

  const cases: [string, (s: State) => State, string, Pick<Order, 'id' | 'tableId'>, string, string | null][] = [
    ['an unknown code', (s) => s, 'VERANOXXXXXXXX', AT_TABLE, ctxAt().now, 'COUPON_NOT_FOUND'],
    ['a __proto__ code', (s) => s, '__proto__', AT_TABLE, ctxAt().now, 'COUPON_NOT_FOUND'],
    ['a used coupon', (s) => redeemed(s, VERANO_CODES[0]!), VERANO_CODES[0]!, AT_TABLE, ctxAt().now, 'COUPON_USED'],
    ['the day after its last day', (s) => s, VERANO_CODES[0]!, AT_TABLE, '2025-03-15T12:00:00.000Z', 'COUPON_EXPIRED'],
    ['01:30 after its last day, before closing (same business day)', (s) => s, VERANO_CODES[0]!, AT_TABLE, '2025-03-15T06:30:00.000Z', null],
    ['a voided batch', (s) => exec(s, 'coupon.voidBatch', { batchId: DINE_IN }).state, VERANO_CODES[0]!, AT_TABLE, ctxAt().now, 'COUPON_EXPIRED'],
    ['a dine-in coupon on a take-away', (s) => s, VERANO_CODES[0]!, TAKEAWAY, ctxAt().now, 'COUPON_WRONG_CATEGORY'],
    ['a delivery coupon at a table', (s) => s, 'DELI22223333', AT_TABLE, ctxAt().now, 'COUPON_WRONG_CATEGORY'],
    ['held by another open order', (s) => withCouponHold(s, VERANO_CODES[0]!, uid(1), true), VERANO_CODES[0]!, { id: uid(5), tableId: 't-s2' }, ctxAt().now, 'COUPON_IN_USE'],
    ['held by this very order', (s) => withCouponHold(s, VERANO_CODES[0]!, uid(1), true), VERANO_CODES[0]!, AT_TABLE, ctxAt().now, null],
    ['held by an order no longer open (a stale hold)', (s) => withCouponHold(s, VERANO_CODES[0]!, uid(99), true), VERANO_CODES[0]!, AT_TABLE, ctxAt().now, null],
    ['a used coupon is USED even when also past its day', (s) => redeemed(s, VERANO_CODES[0]!), VERANO_CODES[0]!, AT_TABLE, '2026-01-01T12:00:00.000Z', 'COUPON_USED'],
  ];
  it.each(cases)('%s', (_why, make, code, order, now, refusal) => {
    const s = deepFreeze(make(state()));
    const r = couponUsable(s, code, order, { now });
    expect(r.ok ? null : r.code).toBe(refusal);
  });

  it('a device state (no coupon slices) knows no coupon', () => {
    const s = { ...state(), coupons: undefined, couponBatches: undefined } as unknown as State;
    expect(couponUsable(s, VERANO_CODES[0]!, AT_TABLE, ctxAt())).toEqual({ ok: false, code: 'COUPON_NOT_FOUND' });
  });
});

describe('holds and redemption (appliers)', () => {
  it('a hold is set and released by its own order only', () => {
    const held = withCouponHold(deepFreeze(state()), 'verano-7kq2m9xa', uid(1), true);
    expect(couponByCode(held, VERANO_CODES[0]!)?.heldBy).toBe(uid(1));
    expect(withCouponHold(held, VERANO_CODES[0]!, uid(2), false)).toBe(held);
    expect(couponByCode(withCouponHold(held, VERANO_CODES[0]!, uid(1), false), VERANO_CODES[0]!)?.heldBy).toBeNull();
  });

  it('a hold on a device state or an unknown code changes nothing', () => {
    const s = deepFreeze(state());
    expect(withCouponHold(s, 'NADA', uid(1), true)).toBe(s);
    const device = { ...s, coupons: undefined } as unknown as State;
    expect(withCouponHold(device, VERANO_CODES[0]!, uid(1), true)).toBe(device);
  });

  it('coupon.redeemed marks it used, lets go of the hold and counts one more for its batch', () => {
    const s = redeemed(withCouponHold(deepFreeze(state()), VERANO_CODES[0]!, uid(1), true), 'VERANO-7KQ2M9XA');
    expect(couponByCode(s, VERANO_CODES[0]!)).toMatchObject({ heldBy: null, usedAt: ctxAt().now, usedBillId: uid(3), usedDay: '2025-03-14' });
    expect(s.couponBatches[DINE_IN]?.redeemed).toBe(1);
    expect(couponByCode(s, VERANO_CODES[1]!)?.usedAt).toBeNull();
  });

  it('every coupon applier leaves a device state (no slices) as it is', () => {
    const device = deepFreeze({ ...state(), coupons: undefined, couponBatches: undefined } as unknown as State);
    const events = [
      { type: 'coupon.batchIssued' as const, batch: state().couponBatches[DINE_IN]!, codes: ['VERANO-QQQQ'] },
      { type: 'coupon.gifted' as const, code: VERANO_CODES[0]!, memberId: uid(4), recipientNo: '000001', recipientPhone: '987654321', at: ctxAt().now },
      { type: 'coupon.batchVoided' as const, batchId: DINE_IN, at: ctxAt().now, by: null },
      { type: 'coupon.redeemed' as const, code: VERANO_CODES[0]!, billId: uid(3), day: '2025-03-14', at: ctxAt().now },
      { type: 'coupon.printed' as const, code: VERANO_CODES[0]!, at: ctxAt().now },
    ];
    expect(applyAll(device, events)).toEqual(device);
  });
});

describe('couponStatus (SPEC section 4)', () => {
  const batch = { expiresOn: '2025-03-14', voided: false };
  const cases: [string, { usedAt: string | null }, typeof batch, string, string][] = [
    ['unused on its last day', { usedAt: null }, batch, '2025-03-14', 'unused'],
    ['expired the day after', { usedAt: null }, batch, '2025-03-15', 'expired'],
    ['expired once voided', { usedAt: null }, { ...batch, voided: true }, '2025-03-01', 'expired'],
    ['used stays used after its day', { usedAt: 'x' }, batch, '2025-04-01', 'used'],
    ['used stays used when voided', { usedAt: 'x' }, { ...batch, voided: true }, '2025-03-01', 'used'],
  ];
  it.each(cases)('%s', (_why, coupon, b, day, status) => {
    expect(couponStatus(coupon, b, day)).toBe(status);
  });
});
