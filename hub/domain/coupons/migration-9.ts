import type { State } from '#protocol';
import type { Migration } from '../migrations/index.ts';

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * Store migration 9 (issue 22): the coupon slices. Data of format 8 has no coupons: it gains
 * them empty. The number matters more than the transform: an older hub refuses a format-9
 * store rather than meeting `coupon.*` events it cannot fold. Pure, a no-op on a state that has them.
 */
export const migration9: Migration = {
  version: 9,
  name: 'coupon slices',
  up: (state: State): State => {
    const s = state as Partial<State> & State;
    return { ...state, coupons: isObject(s.coupons) ? s.coupons : {}, couponBatches: isObject(s.couponBatches) ? s.couponBatches : {} };
  },
};
