import { describe, expect, it } from 'vitest';
import { prng } from '#hub/testing/prng.ts';
import { compareKeys, type IndexKey } from './index-key.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { SortedKeys } from './sorted-keys.ts';

/**
 * The job table's two index structures against a plain sorted array, with
 * enough keys to split and empty many blocks (a block holds up to 512): random
 * inserts and deletes (ties in `a`, keys arriving mostly at the end as job
 * changes do, sometimes anywhere), then every read a page makes: the keys in
 * order, and newest-first from positions inside, between, before and after them.
 */

const sorted = (keys: Iterable<IndexKey>) => [...keys].sort(compareKeys);
/** What `descendingBefore(a, b)` must give: the keys strictly before (a, b), newest first. */
const before = (all: readonly IndexKey[], a: number, b: number) => all.filter((k) => k.a < a || (k.a === a && k.b < b)).reverse();

describe('SortedKeys against a sorted array', () => {
  it.each([1, 2, 3])('seed %i: 6,000 random inserts and deletes, reads at every stage', (seed) => {
    const r = prng(seed);
    const index = new SortedKeys();
    const truth = new Map<string, IndexKey>();
    let clock = 0;
    for (let step = 0; step < 6_000; step++) {
      const x = r();
      if (x < 0.65 || truth.size === 0) {
        // Mostly now (the end), sometimes an old time (a retry moved back, a clock that went back).
        clock += Math.floor(r() * 3);
        const a = r() < 0.8 ? clock : Math.floor(r() * clock);
        const key = { a, b: step, id: `k${step}` };
        truth.set(key.id, key);
        index.insert(key);
      } else {
        // Mostly old keys leave (the oldest finished jobs pruned), sometimes any.
        const ids = [...truth.keys()];
        const id = r() < 0.5 ? ids[Math.floor(r() * Math.min(ids.length, 40))]! : ids[Math.floor(r() * ids.length)]!;
        expect(index.delete(truth.get(id)!)).toBe(true);
        truth.delete(id);
        // A key not in the index (already gone) is refused.
        expect(index.delete({ a: 0, b: -1, id })).toBe(false);
      }
      if (step % 500 === 499) {
        const all = sorted(truth.values());
        expect(index.size).toBe(all.length);
        expect([...index.ascending()]).toEqual(all);
        expect([...index.descendingBefore()]).toEqual([...all].reverse());
        for (let q = 0; q < 20; q++) {
          // A position of a key in the index (a page's cursor), or any position at all.
          const at = r() < 0.6 && all.length > 0 ? all[Math.floor(r() * all.length)]! : { a: Math.floor(r() * (clock + 4)) - 2, b: Math.floor(r() * (step + 4)) - 2 };
          expect([...index.descendingBefore(at.a, at.b)]).toEqual(before(all, at.a, at.b));
        }
      }
    }
  });

  it('emptied whole and filled again', () => {
    const index = new SortedKeys();
    const keys = Array.from({ length: 1_500 }, (_, i) => ({ a: i >> 2, b: i, id: `k${i}` }));
    for (const k of keys) index.insert(k);
    for (const k of keys) expect(index.delete(k)).toBe(true);
    expect(index.size).toBe(0);
    expect([...index.ascending()]).toEqual([]);
    expect([...index.descendingBefore(10, 10)]).toEqual([]);
    for (const k of [...keys].reverse()) index.insert(k);
    expect([...index.ascending()]).toEqual(keys);
  });
});

describe('IndexedHeap against a sorted array', () => {
  it.each([4, 5])('seed %i: 5,000 random pushes, replacements and removals; the top is always the least', (seed) => {
    const r = prng(seed);
    const heap = new IndexedHeap();
    const truth = new Map<string, IndexKey>();
    for (let step = 0; step < 5_000; step++) {
      const x = r();
      if (x < 0.55 || truth.size === 0) {
        // A new key, or an id already in with a new place (a retry time moved).
        const id = r() < 0.8 || truth.size === 0 ? `k${step}` : [...truth.keys()][Math.floor(r() * truth.size)]!;
        const key = { a: Math.floor(r() * 100), b: step, id };
        truth.set(id, key);
        heap.push(key);
      } else {
        const ids = [...truth.keys()];
        const id = r() < 0.5 ? sorted(truth.values())[0]!.id : ids[Math.floor(r() * ids.length)]!;
        expect(heap.remove(id)).toBe(true);
        expect(heap.remove(id)).toBe(false);
        truth.delete(id);
      }
      expect(heap.size).toBe(truth.size);
      expect(heap.peek()).toEqual(sorted(truth.values())[0]);
      expect(heap.has(`k${step}`)).toBe(truth.has(`k${step}`));
    }
  });
});
