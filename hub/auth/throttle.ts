/**
 * Growing delays after wrong PINs, passwords or claim codes. Each attempt is
 * counted against several keys (this device, the staff member named, the
 * whole hub); past a few free tries a key is locked for a time that doubles
 * with every further failure, up to a cap. A success clears the device's and
 * the person's count. Counts live in memory: forgetting them needs a restart,
 * which needs the box in hand.
 */
export type ThrottleScope = 'device' | 'staff' | 'hub' | 'claim';
/** What an attempt is counted against. */
export type ThrottleKey = { scope: ThrottleScope; id: string };
/** Free tries, then a lock of baseSeconds doubling with each failure up to maxSeconds. */
export type ThrottleRule = { free: number; baseSeconds: number; maxSeconds: number };

/** The hub's rules (hub/auth/README.md says why these). */
export const DEFAULT_RULES: Record<ThrottleScope, ThrottleRule> = {
  device: { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
  staff: { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
  // Across all devices not enrolled: a phone from outside cycling its address still meets this.
  hub: { free: 20, baseSeconds: 10, maxSeconds: 5 * 60 },
  claim: { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
};

/** A count is forgotten after this long without a failure. */
const FORGET_MS = 60 * 60_000;

type Counter = { failures: number; lockedUntil: number; last: number };

/** A key that just became locked: worth a log line and an alert to the owner. */
export type Lockout = ThrottleKey & { failures: number; lockedSeconds: number; first: boolean };

/** Failure counts per key, in memory, with an injectable clock. */
export class Throttle {
  private counters = new Map<string, Counter>();
  private readonly clock: () => Date;
  private readonly rules: Record<ThrottleScope, ThrottleRule>;

  constructor(clock: () => Date, rules: Record<ThrottleScope, ThrottleRule> = DEFAULT_RULES) {
    this.clock = clock;
    this.rules = rules;
  }

  /** Seconds until every key may try again (0: go ahead). */
  retryAfter(keys: readonly ThrottleKey[]): number {
    const now = this.clock().getTime();
    let until = now;
    for (const k of keys) until = Math.max(until, this.live(k, now)?.lockedUntil ?? 0);
    return Math.ceil((until - now) / 1000);
  }

  /** Counts a failure on every key; returns the keys that are locked from now on because of it. */
  fail(keys: readonly ThrottleKey[]): Lockout[] {
    const now = this.clock().getTime();
    const locked: Lockout[] = [];
    for (const k of keys) {
      const c = this.live(k, now) ?? { failures: 0, lockedUntil: 0, last: now };
      c.failures++;
      c.last = now;
      const rule = this.rules[k.scope];
      const over = c.failures - rule.free;
      if (over > 0) {
        const seconds = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (over - 1));
        c.lockedUntil = now + seconds * 1000;
        locked.push({ ...k, failures: c.failures, lockedSeconds: seconds, first: over === 1 });
      }
      this.counters.set(keyOf(k), c);
    }
    this.prune(now);
    return locked;
  }

  /** A right PIN or password: the device and the person start afresh (the hub's count does not). */
  succeed(keys: readonly ThrottleKey[]): void {
    for (const k of keys) if (k.scope === 'device' || k.scope === 'staff') this.counters.delete(keyOf(k));
  }

  private live(k: ThrottleKey, now: number): Counter | undefined {
    const c = this.counters.get(keyOf(k));
    if (c && now - c.last > FORGET_MS && now >= c.lockedUntil) {
      this.counters.delete(keyOf(k));
      return undefined;
    }
    return c;
  }

  private prune(now: number): void {
    if (this.counters.size < 10_000) return;
    for (const [key, c] of this.counters) if (now - c.last > FORGET_MS && now >= c.lockedUntil) this.counters.delete(key);
  }
}

const keyOf = (k: ThrottleKey) => `${k.scope}:${k.id}`;
