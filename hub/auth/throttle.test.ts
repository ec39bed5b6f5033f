import { describe, expect, it } from 'vitest';
import { Throttle, type ThrottleKey } from './throttle.ts';

function clock() {
  let now = Date.parse('2025-03-14T19:00:00Z');
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const device: ThrottleKey = { scope: 'device', id: 'till-1' };
const staff: ThrottleKey = { scope: 'staff', id: 'waiter' };
const hub: ThrottleKey = { scope: 'hub', id: 'hub' };

describe('Throttle', () => {
  it('gives 5 free tries, then locks for 30 s, doubling with each further failure up to 15 minutes', () => {
    const c = clock();
    const t = new Throttle(c.now);
    for (let i = 0; i < 5; i++) {
      expect(t.retryAfter([device])).toBe(0);
      expect(t.fail([device])).toEqual([]);
    }
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      const [lock] = t.fail([device]);
      locks.push(lock!.lockedSeconds);
      expect(lock!.first).toBe(i === 0);
      expect(t.retryAfter([device])).toBe(lock!.lockedSeconds);
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('a lock runs out; a success then clears the device and the person, not the hub', () => {
    const c = clock();
    const t = new Throttle(c.now);
    for (let i = 0; i < 6; i++) t.fail([device, staff, hub]);
    expect(t.retryAfter([device])).toBe(30);
    expect(t.retryAfter([staff])).toBe(30);
    expect(t.retryAfter([hub])).toBe(0);
    c.advance(29_000);
    expect(t.retryAfter([device, staff])).toBe(1);
    c.advance(1_000);
    expect(t.retryAfter([device, staff])).toBe(0);
    t.succeed([device, staff, hub]);
    // Fresh free tries for the device and the person.
    for (let i = 0; i < 5; i++) expect(t.fail([device, staff])).toEqual([]);
    // The hub still counts the 6 from before.
    for (let i = 0; i < 14; i++) t.fail([hub]);
    expect(t.fail([hub])[0]).toMatchObject({ scope: 'hub', failures: 21, lockedSeconds: 10 });
  });

  it('counts each key on its own: one person locked does not lock another on the same hub', () => {
    const c = clock();
    const t = new Throttle(c.now);
    const other: ThrottleKey = { scope: 'staff', id: 'cashier' };
    for (let i = 0; i < 6; i++) t.fail([staff]);
    expect(t.retryAfter([staff])).toBeGreaterThan(0);
    expect(t.retryAfter([other])).toBe(0);
    // The longest wait of the keys asked about wins.
    expect(t.retryAfter([other, staff])).toBe(30);
  });

  it('forgets failures an hour after the last one', () => {
    const c = clock();
    const t = new Throttle(c.now);
    for (let i = 0; i < 5; i++) t.fail([device]);
    c.advance(61 * 60_000);
    expect(t.fail([device])).toEqual([]);
  });
});
