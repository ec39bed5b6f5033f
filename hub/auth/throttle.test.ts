import { describe, expect, it } from 'vitest';
import { claimKeys, pairKey, pinKeys, signInKeys, staffKey, type Source } from './attempt-keys.ts';
import { EvaluationQueue } from './evaluation-queue.ts';
import { RateWindow } from './rate-window.ts';
import { Throttle, type AttemptKeys } from './throttle.ts';

function clock() {
  let now = Date.parse('2025-03-14T19:00:00Z');
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const address = (n: number): Source => ({ kind: 'address', ip: `192.168.1.${n}` });
const till: Source = { kind: 'device', id: 'till-1' };
const waiterPhone: Source = { kind: 'device', id: 'waiter-phone' };

/** Tries `keys` n times, every try a wrong secret; returns how many were looked at (not refused). */
function guess(t: Throttle, keys: AttemptKeys, n: number): number {
  let evaluated = 0;
  for (let i = 0; i < n; i++) if (t.reserve(keys).ok) evaluated++;
  return evaluated;
}

/** A right secret on `keys`: refunded, the person's own counts cleared (as sign-in.ts does). */
function rightSecret(t: Throttle, keys: AttemptKeys, source: Source, staffId: string): boolean {
  const r = t.reserve(keys);
  if (!r.ok) return false;
  r.refund();
  t.clear([pairKey(source, staffId), staffKey(staffId)]);
  return true;
}

describe('Throttle', () => {
  it('gives 5 free tries per source and person, then locks for 30 s, doubling up to 15 minutes', () => {
    const c = clock();
    const t = new Throttle(c.now);
    const keys = signInKeys(address(9), 'waiter', false);
    expect(guess(t, keys, 5)).toBe(5);
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = t.reserve(keys);
      expect(r.ok).toBe(true);
      const lock = r.ok ? r.lockouts.find((l) => l.scope === 'pair')! : null;
      expect(lock!.first).toBe(i === 0);
      locks.push(lock!.lockedSeconds);
      expect(t.retryAfter(keys.check)).toBe(lock!.lockedSeconds);
      // Let the lock run out so the next wrong try is looked at.
      c.advance(lock!.lockedSeconds * 1000);
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('counts an attempt when it is reserved: of 200 at once only the free tries and the one that locks go ahead', () => {
    const t = new Throttle(clock().now);
    expect(guess(t, signInKeys(address(7), 'cashier', false), 200)).toBe(6);
    const t2 = new Throttle(clock().now);
    expect(guess(t2, pinKeys('till-1', null), 200)).toBe(11);
  });

  it('a refund takes the reserved failure back and lifts the lock it set', () => {
    const t = new Throttle(clock().now);
    const keys = signInKeys(address(3), 'cashier', false);
    expect(guess(t, keys, 5)).toBe(5);
    const sixth = t.reserve(keys);
    expect(t.retryAfter(keys.check)).toBe(30);
    if (sixth.ok) sixth.refund();
    expect(t.retryAfter(keys.check)).toBe(0);
  });

  it('forgets failures an hour after the last one', () => {
    const c = clock();
    const t = new Throttle(c.now);
    const keys = signInKeys(address(4), 'waiter', false);
    expect(guess(t, keys, 5)).toBe(5);
    c.advance(61 * 60_000);
    expect(guess(t, keys, 5)).toBe(5);
  });
});

/**
 * The rules table of hub/auth/README.md, one row each: what the guesser does
 * (`attack`), then who must still get in, and who must not.
 */
const rules: { rule: string; attack: (t: Throttle) => void; open: [string, AttemptKeys][]; shut: [string, AttemptKeys][] }[] = [
  {
    rule: "a stranger's guesses for N never lock N on a device where N signed in before",
    attack: (t) => {
      guess(t, signInKeys(address(66), 'n', false), 300);
      guess(t, signInKeys(address(66), null, false), 300);
    },
    open: [
      ['N from a new device (only 6 of the 300 naming N were looked at)', signInKeys(address(21), 'n', false)],
      ['N, full sign-in on their till', signInKeys(till, 'n', true)],
      ['N, tapped on the PIN screen of their till', pinKeys('till-1', 'n')],
      ['the PIN screen of their till', pinKeys('till-1', null)],
      ['anyone else from a new device', signInKeys(address(20), 'm', false)],
    ],
    shut: [
      ['the stranger, for N', signInKeys(address(66), 'n', false)],
      ['the stranger, for anyone', signInKeys(address(66), 'm', false)],
      ['the stranger, for no one', signInKeys(address(66), null, false)],
    ],
  },
  {
    rule: "guesses naming N from many addresses slow N down only on devices N never used",
    attack: (t) => {
      for (let ip = 100; ip < 112; ip++) guess(t, signInKeys(address(ip), 'n', false), 1);
    },
    open: [
      ['N on their till', signInKeys(till, 'n', true)],
      ['M from a new device', signInKeys(address(20), 'm', false)],
      ['the attacking addresses, for M', signInKeys(address(100), 'm', false)],
    ],
    shut: [['N from a new device', signInKeys(address(21), 'n', false)]],
  },
  {
    rule: "a waiter tapping the owner on the waiter's own phone (the owner never signed in there) locks only that phone's PIN screen",
    attack: (t) => guess(t, pinKeys('waiter-phone', null), 300),
    open: [
      ['the owner on their till', signInKeys(till, 'owner', true)],
      ['the owner tapped on their till', pinKeys('till-1', 'owner')],
      ['the owner from a new device', signInKeys(address(30), 'owner', false)],
      ['the waiter by number on their phone', signInKeys(waiterPhone, 'waiter', true)],
    ],
    shut: [['the PIN screen of the waiter phone', pinKeys('waiter-phone', null)]],
  },
  {
    rule: "a device's own guesses count against it: the owner tapped and guessed on the shared till waits there",
    attack: (t) => guess(t, pinKeys('till-1', 'owner'), 6),
    open: [
      ['the cashier tapped on the same till', pinKeys('till-1', 'cashier')],
      ['the untapped PIN screen of that till for the cashier alone', pinKeys('till-1', null, ['cashier'])],
      ['the owner on another of their devices', signInKeys({ kind: 'device', id: 'office-pc' }, 'owner', true)],
    ],
    shut: [
      ['the owner tapped on that till', pinKeys('till-1', 'owner')],
      ['the untapped PIN screen of that till, while the owner is one it tries', pinKeys('till-1', null, ['cashier', 'owner'])],
      ['the owner by number on that till', signInKeys(till, 'owner', true)],
    ],
  },
  {
    rule: "wrong claim codes from one address lock that address only",
    attack: (t) => guess(t, claimKeys('192.168.1.66'), 300),
    open: [['another address', claimKeys('192.168.1.2')]],
    shut: [['the guessing address', claimKeys('192.168.1.66')]],
  },
];

describe('the rules table', () => {
  for (const r of rules) {
    it(r.rule, () => {
      const t = new Throttle(clock().now);
      r.attack(t);
      for (const [who, keys] of r.open) expect(t.retryAfter(keys.check), who).toBe(0);
      for (const [who, keys] of r.shut) expect(t.retryAfter(keys.check), who).toBeGreaterThan(0);
    });
  }

  it("signing in does not wipe the device's count: a waiter cannot reset the shared PIN screen between guesses", () => {
    const t = new Throttle(clock().now);
    expect(guess(t, pinKeys('till-1', null), 9)).toBe(9);
    expect(rightSecret(t, pinKeys('till-1', 'waiter'), till, 'waiter')).toBe(true);
    expect(guess(t, pinKeys('till-1', null), 5)).toBe(2);
  });

  it("a right secret clears the person's own counts, from the same source", () => {
    const t = new Throttle(clock().now);
    const keys = signInKeys(address(8), 'n', false);
    expect(guess(t, keys, 5)).toBe(5);
    expect(rightSecret(t, keys, address(8), 'n')).toBe(true);
    expect(guess(t, keys, 5)).toBe(5);
  });
});

describe('RateWindow (the hub-wide claim pace)', () => {
  it('lets 30 a minute through, then says when the next place frees, never more than a minute', () => {
    const c = clock();
    const w = new RateWindow(c.now, 30);
    for (let i = 0; i < 30; i++) {
      expect(w.take()).toBe(0);
      c.advance(1000);
    }
    expect(w.take()).toBe(30);
    c.advance(30_000);
    expect(w.take()).toBe(0);
  });
});

describe('EvaluationQueue (checks from devices not enrolled)', () => {
  it('runs at most 2 at once, keeps the rest in line in order, and turns away only past a full line', async () => {
    const q = new EvaluationQueue(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        releases.push(() => {
          running--;
          resolve(n);
        });
      });
    const results = [1, 2, 3, 4, 5, 6].map((n) => q.run(task(n)));
    expect(q.load).toEqual({ running: 2, waiting: 3 });
    expect(await results[5]).toBeNull();
    while (releases.length > 0 || order.length < 5) {
      await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    expect(await Promise.all(results.slice(0, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });
});
