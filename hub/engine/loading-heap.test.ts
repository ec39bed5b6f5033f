import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LoadingHeap, releaseAfterLoad } from './loading-heap.ts';

/**
 * A start-up load's garbage is collected after a large step only (issue 20
 * item 3): growth past the threshold runs one full collection that frees
 * what the step dropped; a small step runs none; the run-time flag that
 * makes the collection reachable is set back (no context made later sees `gc`).
 */
const used = () => getHeapStatistics().used_heap_size;

describe('LoadingHeap', () => {
  it('a step that grew the heap less than the threshold collects nothing', () => {
    const heap = new LoadingHeap(64 * 1024 * 1024);
    const small = Array.from({ length: 1_000 }, (_, i) => ({ i }));
    expect(heap.settle()).toBe(false);
    expect(small.length).toBe(1_000);
  });

  it('a step past the threshold collects, and the garbage it dropped is gone', () => {
    const heap = new LoadingHeap(8 * 1024 * 1024);
    // What a load decodes and drops (the tickets' documents): held until the step ends, then garbage.
    const step = (): number => Array.from({ length: 200_000 }, (_, i) => ({ text: `line ${i} `.repeat(4) })).length;
    // Measured while the step's lines are still held (so the growth is there before any collection).
    const held = Array.from({ length: 200_000 }, (_, i) => ({ text: `held ${i} `.repeat(4) }));
    const grown = used();
    expect(held.length + step()).toBe(400_000);
    held.length = 0;
    expect(heap.settle()).toBe(true);
    expect(used()).toBeLessThan(grown - 8 * 1024 * 1024);
    // Nothing grew since: the next step does not collect again.
    expect(heap.settle()).toBe(false);
  });

  it('contexts made after a collection do not see gc (the flag is set back)', () => {
    const heap = new LoadingHeap(0);
    const keep = Array.from({ length: 10_000 }, (_, i) => ({ i }));
    heap.settle();
    expect(keep.length).toBe(10_000);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });

  it('the left-over heap of a large load is released once, and nothing after a small one', () => {
    // Whatever an earlier case loaded is released first: each case starts with nothing to release.
    releaseAfterLoad();
    const small = new LoadingHeap(64 * 1024 * 1024);
    expect(small.settle()).toBe(false);
    expect(releaseAfterLoad()).toBe(false);

    const heap = new LoadingHeap(8 * 1024 * 1024);
    // A load's garbage, much of it short-lived: the young generation grows to take it.
    const kept = Array.from({ length: 100_000 }, (_, i) => ({ id: `job ${i}` }));
    let garbage = 0;
    for (let round = 0; round < 40; round++) garbage += Array.from({ length: 50_000 }, (_, i) => ({ text: `line ${i} of ${round}` })).length;
    expect(heap.settle()).toBe(true);
    const committed = () => getHeapStatistics().total_physical_size;
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.physical_space_size;
    const before = { committed: committed(), young: young() };
    expect(releaseAfterLoad()).toBe(true);
    // Handed back: less heap resident, and the young generation shrunk (a plain full collection keeps it at its largest).
    expect(before.young).toBeGreaterThan(2 * 1024 * 1024);
    expect(committed()).toBeLessThan(before.committed);
    expect(young()).toBeLessThan(before.young / 2);
    // Once per load: a second call has nothing to release.
    expect(releaseAfterLoad()).toBe(false);
    expect(kept.length + garbage).toBe(2_100_000);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
