import { describe, expect, it } from 'vitest';
import { Coalescer, type CoalesceTimers } from './coalesce.ts';

/** Timers a test steps by hand: no real time passes, so nothing here is timed. */
function steppedTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const timers: CoalesceTimers = {
    now: () => now,
    set: (fn, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending]) {
      if (t.at > now) continue;
      pending.delete(id);
      t.fn();
    }
  };
  return { timers, advance, pendingCount: () => pending.size };
}

describe('Coalescer (the job board push pace)', () => {
  it('runs the first poke on the next turn (never inside the poker), then at most once per interval, with a trailing run after the last poke', () => {
    const clock = steppedTimers();
    let runs = 0;
    const c = new Coalescer(200, () => runs++, clock.timers);
    c.poke();
    expect(runs).toBe(0);
    c.poke();
    clock.advance(0);
    expect(runs).toBe(1);
    for (let i = 0; i < 1_000; i++) c.poke();
    expect(runs).toBe(1);
    expect(clock.pendingCount()).toBe(1);
    clock.advance(199);
    expect(runs).toBe(1);
    clock.advance(1);
    expect(runs).toBe(2);
    // Quiet: no run without a poke.
    clock.advance(10_000);
    expect(runs).toBe(2);
    c.poke();
    clock.advance(0);
    expect(runs).toBe(3);
  });

  it('a burst over a second runs about five times, the last after the last poke', () => {
    const clock = steppedTimers();
    const at: number[] = [];
    const c = new Coalescer(200, () => at.push(clock.timers.now()), clock.timers);
    for (let ms = 0; ms <= 1_000; ms += 10) {
      c.poke();
      clock.advance(10);
    }
    clock.advance(200);
    expect(at.length).toBeGreaterThanOrEqual(5);
    expect(at.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(200);
    expect(at.at(-1)).toBeGreaterThanOrEqual(1_000);
  });

  it('runs nothing after close, and drops the pending run', () => {
    const clock = steppedTimers();
    let runs = 0;
    const c = new Coalescer(200, () => runs++, clock.timers);
    c.poke();
    clock.advance(0);
    c.poke();
    c.close();
    clock.advance(1_000);
    c.poke();
    clock.advance(1_000);
    expect(runs).toBe(1);
    expect(clock.pendingCount()).toBe(0);
  });
});
