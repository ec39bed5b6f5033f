import { describe, expect, it } from 'vitest';
import { bucketEntries, bucketGet, bucketOf, bucketWith, bucketWithout, type Buckets } from './buckets.ts';

describe('bucketed records', () => {
  it('spreads 20,000 uuids over the 256 buckets evenly enough that a write copies about 80', () => {
    const sizes = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const b = bucketOf(`00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
      sizes.set(b, (sizes.get(b) ?? 0) + 1);
    }
    expect(sizes.size).toBe(256);
    expect(Math.max(...sizes.values())).toBeLessThan(160);
  });

  it('writes copy one bucket and the table, never change the input, and read back', () => {
    const empty: Buckets<number> = {};
    const one = bucketWith(empty, 'a', 1);
    const two = bucketWith(one, 'b', 2);
    expect(empty).toEqual({});
    expect(bucketGet(one, 'b')).toBeUndefined();
    expect([bucketGet(two, 'a'), bucketGet(two, 'b')]).toEqual([1, 2]);
    const without = bucketWithout(two, 'a');
    expect(bucketGet(without, 'a')).toBeUndefined();
    expect(bucketGet(two, 'a')).toBe(1);
    expect(bucketWithout(without, 'zz')).toBe(without);
    expect([...bucketEntries(two)].sort()).toEqual([['a', 1], ['b', 2]]);
    expect([...bucketEntries(undefined)]).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('keeps %s as a plain key (never a prototype lookup)', (key) => {
    const empty: Buckets<string> = {};
    expect(bucketGet(empty, key)).toBeUndefined();
    const b = bucketWith(empty, key, 'x');
    expect(bucketGet(b, key)).toBe('x');
    expect(Object.getPrototypeOf(b[bucketOf(key)])).toBe(Object.prototype);
    expect(bucketGet(bucketWithout(b, key), key)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(b))).toEqual(b);
  });
});
