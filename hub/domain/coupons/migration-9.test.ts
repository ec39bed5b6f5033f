import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { emptyState } from '../registry.ts';
import { migration9 } from './migration-9.ts';

describe('store migration 9: the coupon slices', () => {
  it('gives data of format 8 empty coupon slices', () => {
    const { coupons: _c, couponBatches: _b, ...format8 } = emptyState();
    const up = migration9.up(format8 as State);
    expect(up.coupons).toEqual({});
    expect(up.couponBatches).toEqual({});
  });

  it('keeps slices that are already there', () => {
    const s = { ...emptyState(), couponBatches: { b: { id: 'b' } } } as unknown as State;
    expect(migration9.up(s).couponBatches).toBe(s.couponBatches);
  });
});
