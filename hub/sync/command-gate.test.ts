import { describe, expect, it } from 'vitest';
import { CommandGate } from './command-gate.ts';
import { TokenBucket } from './token-bucket.ts';

describe('CommandGate', () => {
  it('starts work in arrival order, also what waited for the rate, and refuses beyond the in-flight cap', async () => {
    const gate = new CommandGate(10, new TokenBucket(2, 5));
    const started: number[] = [];
    const finished: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      let done!: () => void;
      finished.push(new Promise<void>((r) => (done = r)));
      expect(
        gate.admit(async () => {
          started.push(i);
          done();
        }),
      ).toBe(true);
    }
    // Ten received and not yet acknowledged: the eleventh is refused, and never runs.
    let ranEleventh = false;
    expect(gate.admit(async () => void (ranEleventh = true))).toBe(false);
    expect(started).toEqual([0, 1]);
    await Promise.all(finished);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ranEleventh).toBe(false);
    // Once acknowledged, there is room again.
    await new Promise((r) => setTimeout(r, 10));
    expect(gate.admit(async () => undefined)).toBe(true);
    gate.close();
  });

  it('a bucket gives its burst, then one per interval', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 1000, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.msUntilToken()).toBe(1000);
    now = 999;
    expect(bucket.take()).toBe(false);
    now = 1000;
    expect(bucket.take()).toBe(true);
    now = 100_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
