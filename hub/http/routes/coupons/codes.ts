import { randomBytes } from 'node:crypto';
import { COUPON_ALPHABET, COUPON_RANDOM_LENGTH } from '#protocol';

/** Bytes below this are used (a multiple of the alphabet's 31 letters): every letter equally likely. */
const FAIR_BELOW = 256 - (256 % COUPON_ALPHABET.length);

/** `length` letters of COUPON_ALPHABET from the system's secure random source, without bias (bytes past FAIR_BELOW are dropped). */
export function randomPart(length = COUPON_RANDOM_LENGTH, random: (n: number) => Buffer = randomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte >= FAIR_BELOW) continue;
      out += COUPON_ALPHABET[byte % COUPON_ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * `quantity` new coupon keys (prefix + 8 random letters, 31^8 ≈ 8.5e11 possible: a guess hits one of
 * 50,000 issued codes about once in 17 million tries), none `taken` by the hub already nor repeated.
 * Made here, in the route, never in the pure rules (they record the codes the route hands them).
 */
export function newCouponKeys(prefix: string, quantity: number, taken: (key: string) => boolean, random?: (n: number) => Buffer): string[] {
  const keys = new Set<string>();
  // A broken random source (always the same bytes) must fail the request, not spin the hub.
  for (let tries = 0; keys.size < quantity; tries++) {
    if (tries > quantity * 20 + 100) throw new Error('coupon codes: the random source repeats itself');
    const key = prefix + randomPart(COUPON_RANDOM_LENGTH, random);
    if (!taken(key)) keys.add(key);
  }
  return [...keys];
}
