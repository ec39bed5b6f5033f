import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LoadingHeap, releaseAfterLoad } from './loading-heap.ts';

/**
 * A start-up load's left-over heap is handed back once (issue 20 item 3):
 * only after a load that grew the heap past the threshold; the young
 * generation shrinks (a plain full collection keeps it at its largest) and the
 * garbage the load dropped is gone; the run-time flag that makes the
 * collection reachable is set back (no context made later sees `gc`).
 */
const used = () => getHeapStatistics().used_heap_size;
const committed = () => getHeapStatistics().total_physical_size;
const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.physical_space_size;

describe('LoadingHeap and releaseAfterLoad', () => {
  it('a load that grew the heap less than the threshold is not large: nothing to release', () => {
    // Whatever an earlier case loaded is released first: each case starts with nothing to release.
    releaseAfterLoad();
    const heap = new LoadingHeap(64 * 1024 * 1024);
    const small = Array.from({ length: 1_000 }, (_, i) => ({ i }));
    expect(heap.settle()).toBe(false);
    expect(releaseAfterLoad()).toBe(false);
    expect(small.length).toBe(1_000);
  });

  it('after a large load the left-over heap is released once: the dropped garbage gone, the young generation shrunk', () => {
    releaseAfterLoad();
    const heap = new LoadingHeap(8 * 1024 * 1024);
    // What a load keeps, and what it decodes and drops (the tickets' documents), much of it short-lived.
    const kept = Array.from({ length: 100_000 }, (_, i) => ({ id: `job ${i}` }));
    const held = Array.from({ length: 200_000 }, (_, i) => ({ text: `held ${i} `.repeat(4) }));
    let garbage = 0;
    for (let round = 0; round < 40; round++) garbage += Array.from({ length: 50_000 }, (_, i) => ({ text: `line ${i} of ${round}` })).length;
    expect(heap.settle()).toBe(true);
    held.length = 0;
    const before = { used: used(), committed: committed(), young: young() };
    expect(before.young).toBeGreaterThan(2 * 1024 * 1024);
    expect(releaseAfterLoad()).toBe(true);
    expect(used()).toBeLessThan(before.used - 8 * 1024 * 1024);
    expect(committed()).toBeLessThan(before.committed);
    expect(young()).toBeLessThan(before.young / 2);
    // Once per load: a second call has nothing to release.
    expect(releaseAfterLoad()).toBe(false);
    expect(kept.length + garbage).toBe(2_100_000);
  });

  it('contexts made after a release do not see gc (the flag is set back)', () => {
    const heap = new LoadingHeap(0);
    const keep = Array.from({ length: 10_000 }, (_, i) => ({ i }));
    heap.settle();
    releaseAfterLoad();
    expect(keep.length).toBe(10_000);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
