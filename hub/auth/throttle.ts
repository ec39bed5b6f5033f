/**
 * Growing delays after wrong PINs, passwords or claim codes, kept so that a
 * guesser slows down only themself (the rules, and why, are the table in
 * hub/auth/README.md; `attempt-keys.ts` picks the keys of each attempt).
 *
 * An attempt is *reserved* before anything slow happens: it is counted as a
 * failure up front, synchronously, and refunded if the secret was right. So
 * a burst of parallel guesses meets the lock as soon as the free tries are
 * used up, however long each check then takes. Counts live in memory:
 * forgetting them needs a restart, which needs the box in hand.
 */
export type ThrottleScope = 'pair' | 'source' | 'staff' | 'claim';
/** What an attempt is counted against. */
export type ThrottleKey = { scope: ThrottleScope; id: string };
/** Free tries, then a lock of baseSeconds doubling with each failure up to maxSeconds. */
export type ThrottleRule = { free: number; baseSeconds: number; maxSeconds: number };

/** The keys an attempt must find unlocked, and the keys it is counted against. */
export type AttemptKeys = { check: readonly ThrottleKey[]; count: readonly ThrottleKey[] };

/** The hub's rules (hub/auth/README.md says why these). */
export const DEFAULT_RULES: Record<ThrottleScope, ThrottleRule> = {
  // One source (enrolled device, else address) guessing one person.
  pair: { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
  // Everything one source gets wrong, whoever it names.
  source: { free: 10, baseSeconds: 30, maxSeconds: 15 * 60 },
  // One person guessed from anywhere that person never signed in (cycling addresses meets this).
  staff: { free: 10, baseSeconds: 30, maxSeconds: 15 * 60 },
  // Claim codes from one address.
  claim: { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
};

/** A count is forgotten after this long without a failure. */
const FORGET_MS = 60 * 60_000;

type Counter = { failures: number; lockedUntil: number; last: number };

/** A key that just became locked: worth a log line and an alert to the owner. */
export type Lockout = ThrottleKey & { failures: number; lockedSeconds: number; first: boolean };

/** A reserved attempt: the locks it caused, and its refund for when the secret was right. */
export type Reservation = { ok: true; lockouts: readonly Lockout[]; refund: () => void };
/** Reserve's answer: go ahead (the attempt is counted), or wait this many seconds. */
export type Reserved = Reservation | { ok: false; retryAfter: number };

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

  /**
   * Checks the `check` keys and, when none is locked, counts a failure on
   * every `count` key at once, before the caller awaits anything. Call
   * `refund` when the secret turns out right.
   */
  reserve(keys: AttemptKeys): Reserved {
    const wait = this.retryAfter(keys.check);
    if (wait > 0) return { ok: false, retryAfter: wait };
    const now = this.clock().getTime();
    const lockouts: Lockout[] = [];
    const undo: { key: string; lockedBefore: number; lockedAfter: number }[] = [];
    for (const k of keys.count) {
      const c = this.live(k, now) ?? { failures: 0, lockedUntil: 0, last: now };
      const lockedBefore = c.lockedUntil;
      c.failures++;
      c.last = now;
      const rule = this.rules[k.scope];
      const over = c.failures - rule.free;
      if (over > 0) {
        const seconds = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (over - 1));
        c.lockedUntil = Math.max(c.lockedUntil, now + seconds * 1000);
        lockouts.push({ ...k, failures: c.failures, lockedSeconds: seconds, first: over === 1 });
      }
      this.counters.set(keyOf(k), c);
      undo.push({ key: keyOf(k), lockedBefore, lockedAfter: c.lockedUntil });
    }
    this.prune(now);
    let refunded = false;
    const refund = () => {
      if (refunded) return;
      refunded = true;
      for (const u of undo) {
        const c = this.counters.get(u.key);
        if (!c) continue;
        c.failures = Math.max(0, c.failures - 1);
        // Lift the lock this attempt set, unless a later failure moved it since.
        if (c.lockedUntil === u.lockedAfter) c.lockedUntil = u.lockedBefore;
      }
    };
    return { ok: true, lockouts, refund };
  }

  /** Forgets these keys' counts (a right secret clears the person's own). */
  clear(keys: readonly ThrottleKey[]): void {
    for (const k of keys) this.counters.delete(keyOf(k));
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

// JSON keeps the parts apart whatever they contain (a staff id is never split wrongly).
const keyOf = (k: ThrottleKey) => JSON.stringify([k.scope, k.id]);
