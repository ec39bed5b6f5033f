import { describe, expect, it } from 'vitest';
import { COUPON_ALPHABET } from '#protocol';
import { newCouponKeys, randomPart } from './codes.ts';

describe('coupon codes (made in the route with node:crypto)', () => {
  it('are 8 letters of the alphabet without 0/O/1/I/L', () => {
    for (let i = 0; i < 200; i++) expect(randomPart()).toMatch(new RegExp(`^[${COUPON_ALPHABET}]{8}$`));
    expect(COUPON_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('drop bytes past the alphabet\'s last multiple (no letter favoured)', () => {
    // 248..255 would map onto the first letters again: they are skipped.
    const bytes = [255, 248, 0, 30, 247, 31, 1, 2, 3, 4];
    let at = 0;
    const fake = (n: number) => Buffer.from(Array.from({ length: n }, () => bytes[at++ % bytes.length]!));
    expect(randomPart(6, fake)).toBe(`${COUPON_ALPHABET[0]}${COUPON_ALPHABET[30]}${COUPON_ALPHABET[30]}${COUPON_ALPHABET[0]}${COUPON_ALPHABET[1]}${COUPON_ALPHABET[2]}`);
  });

  it('skip keys the hub has and never repeat within a batch', () => {
    // Each draw fills one whole key: 0,0,1,1,2,2,... → "AB22222222" (taken), "AB22222222" again, "AB33333333" twice, "AB44444444".
    let draw = 0;
    const source = (n: number) => Buffer.alloc(n, Math.floor(draw++ / 2));
    const keys = newCouponKeys('AB', 2, (k) => k === 'AB22222222', source);
    expect(keys).toEqual(['AB33333333', 'AB44444444']);
  });

  it('a broken source (always the same bytes) fails instead of spinning the hub', () => {
    expect(() => newCouponKeys('AB', 2, () => false, (n) => Buffer.alloc(n, 5))).toThrow(/repeats itself/);
  });
});
