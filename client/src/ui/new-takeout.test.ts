import { describe, expect, it } from 'vitest';
import type { Takeout } from '#protocol';
import { newArrivals, waitingTakeouts } from './new-takeout.ts';

/** Which takeouts the new-order notice counts, and which ones ring (table-driven). */
const takeout = (id: string, status: number, createdAt = `2026-11-28T17:0${id.length}:00.000Z`) => ({ id, status, createdAt }) as unknown as Takeout;

describe('waitingTakeouts', () => {
  it.each([
    ['submitted by a channel', 0, true],
    ['paid by the channel, not yet accepted', 1, true],
    ['accepted', 2, false],
    ['with a rider', 3, false],
    ['picked up', 4, false],
    ['delivered', 7, false],
    ['to be paid at the counter', 12, false],
  ])('%s (status %i): waiting = %s', (_what, status, waiting) => {
    expect(waitingTakeouts({ takeouts: { a: takeout('a', status) } }).map((t) => t.id)).toEqual(waiting ? ['a'] : []);
  });

  it('oldest first; a state without the slice (an older hub) has none', () => {
    const state = { takeouts: { b: takeout('b', 0, '2026-11-28T17:05:00.000Z'), a: takeout('a', 1, '2026-11-28T17:01:00.000Z') } };
    expect(waitingTakeouts(state).map((t) => t.id)).toEqual(['a', 'b']);
    expect(waitingTakeouts({} as never)).toEqual([]);
  });
});

describe('newArrivals', () => {
  it.each([
    ['the first look: every waiting order rings once', [], ['a', 'b'], ['a', 'b']],
    ['nothing new: no ring', ['a', 'b'], ['a', 'b'], []],
    ['one more arrives', ['a'], ['a', 'c'], ['c']],
    ['one accepted, none new', ['a', 'b'], ['b'], []],
  ])('%s', (_what, before, now, fresh) => {
    const r = newArrivals(new Set(before), now.map((id) => takeout(id, 0)));
    expect(r.fresh.map((t) => t.id)).toEqual(fresh);
    expect([...r.announced]).toEqual(now);
  });

  it('an order that left the waiting list and came back rings again', () => {
    const first = newArrivals(new Set(), [takeout('a', 0)]);
    const gone = newArrivals(first.announced, []);
    expect(newArrivals(gone.announced, [takeout('a', 0)]).fresh.map((t) => t.id)).toEqual(['a']);
  });
});
