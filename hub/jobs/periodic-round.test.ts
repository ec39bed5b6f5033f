import { describe, expect, it } from 'vitest';
import { PeriodicRound } from './periodic-round.ts';

/** A round doing `fn`. */
class Rounds extends PeriodicRound {
  private readonly fn: () => Promise<void>;
  constructor(fn: () => Promise<void>, everyMs: number, onError: (e: unknown) => void = () => undefined) {
    super(everyMs, onError);
    this.fn = fn;
  }
  protected work(): Promise<void> {
    return this.fn();
  }
}

/** A round whose end the test decides. */
function gatedWork() {
  let runs = 0;
  let release: () => void = () => undefined;
  const work = () => {
    runs++;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { work, runs: () => runs, release: () => release() };
}

describe('PeriodicRound', () => {
  it('a round asked for while one runs joins it; the next one starts after', async () => {
    const g = gatedWork();
    const rounds = new Rounds(g.work, 60_000);
    const a = rounds.runNow();
    const b = rounds.runNow();
    expect(b).toBe(a);
    expect(g.runs()).toBe(1);
    g.release();
    await a;
    const c = rounds.runNow();
    expect(c).not.toBe(a);
    expect(g.runs()).toBe(2);
    g.release();
    await c;
  });

  it('runs once at start, then on its timer; stop waits for the round under way and ends the timer', async () => {
    let runs = 0;
    const rounds = new Rounds(async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
    }, 10);
    await rounds.start();
    expect(runs).toBe(1);
    await expect.poll(() => runs).toBeGreaterThanOrEqual(3);
    await rounds.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBe(after);
  });

  it('a failed round is reported to its caller and does not block the next', async () => {
    let fail = true;
    const rounds = new Rounds(() => (fail ? Promise.reject(new Error('disk')) : Promise.resolve()), 60_000);
    await expect(rounds.runNow()).rejects.toThrow('disk');
    fail = false;
    await expect(rounds.runNow()).resolves.toBeUndefined();
  });

  it("a round the timer started that fails goes to onError, and the timer goes on", async () => {
    const errors: unknown[] = [];
    let n = 0;
    const rounds = new Rounds(() => (n++ === 0 ? Promise.resolve() : Promise.reject(new Error(`round ${n}`))), 10, (e) => errors.push(e));
    await rounds.start();
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
    await rounds.stop();
    expect(String(errors[0])).toContain('round');
  });
});
