import { describe, expect, it } from 'vitest';
import { prng } from '#hub/testing/prng.ts';
import type { DomainEvent, Job, JobStatus } from '#protocol';
import { JobTable } from '../job-table.ts';
import { dumpTable } from '../job-table-testing.ts';
import { compareKeys, type IndexKey } from './index-key.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { JobIndexes, storedJob } from './job-indexes.ts';
import { SortedKeys } from './sorted-keys.ts';

/**
 * A start reads the job table's files into an empty table with its indexes
 * built at once (JobIndexes.addAll: sorted once, heaps built bottom-up); it
 * must answer every question exactly as a table filled one job at a time,
 * and keep doing so as jobs change afterwards.
 */

const T0 = Date.parse('2026-11-28T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const STATUSES: JobStatus[] = ['pending', 'pending', 'pending', 'running', 'failed', 'maybeDone', 'done', 'cancelled'];
const SUMMARY_IDS = ['RC-1', 'RC-2', '__proto__'];

/** Jobs as the files give them: creation order, times that tie and go back, every kind and status. */
function filesJobs(seed: number, count: number): { n: number; job: Job }[] {
  const r = prng(seed);
  const out: { n: number; job: Job }[] = [];
  for (let n = 0; n < count; n++) {
    const at = T0 + Math.floor(r() * 600) * 1_000;
    const base = { id: n === 7 ? '__proto__' : `job-${n}`, status: STATUSES[Math.floor(r() * STATUSES.length)]!, attempts: 0, reason: null, createdAt: iso(at), updatedAt: iso(at + Math.floor(r() * 3) * 1_000), nextAt: iso(at + Math.floor(r() * 4 - 1) * 30_000) };
    const printerId = r() < 0.5 ? 'p1' : 'p2';
    const x = r();
    const job =
      x < 0.6
        ? { ...base, kind: 'print', payload: { printerId, purpose: 'kitchen', document: { blocks: [] } } }
        : x < 0.7
          ? { ...base, kind: 'drawer.kick', payload: { printerId, reason: 'sale' } }
          : x < 0.8
            ? { ...base, kind: 'einvoice.send', payload: { key: `B001-${n}` } }
            : x < 0.85
              ? { ...base, kind: 'einvoice.summary', payload: { key: SUMMARY_IDS[n % SUMMARY_IDS.length]! } }
              : { ...base, kind: 'test.echo', payload: { text: `t${n}` } };
    out.push({ n: n * 2, job: job as unknown as Job });
  }
  return out;
}

/** What happens after the start: heads start and finish, jobs fail, new ones come. */
function afterwards(t: JobTable, seed: number, count: number): DomainEvent[][] {
  const r = prng(seed);
  const records: DomainEvent[][] = [];
  for (let i = 0; i < 40; i++) {
    const at = iso(T0 + 3_600_000 + i * 1_000);
    const id = r() < 0.1 ? `new-${i}` : `job-${Math.floor(r() * count)}`;
    const x = r();
    if (id.startsWith('new-')) records.push([{ type: 'job.created', job: { id, kind: 'print', status: 'pending', attempts: 0, reason: null, createdAt: at, updatedAt: at, nextAt: at, payload: { printerId: 'p1', purpose: 'kitchen', document: { blocks: [] } } } as unknown as Job }]);
    else if (x < 0.4) records.push([{ type: 'job.started', jobId: t.laneHead(r() < 0.5 ? 'printer:p1' : 'printer:p2')?.id ?? id, at }]);
    else if (x < 0.7) records.push([{ type: 'job.succeeded', jobId: id, at }]);
    else records.push([{ type: 'job.failed', jobId: id, at, reason: 'DEVICE_OFFLINE', retryAt: r() < 0.5 ? iso(T0 + 3_700_000) : null }]);
  }
  return records;
}

describe('job table loaded from its files at once', () => {
  for (const [seed, count] of [
    [1, 0],
    [2, 1],
    [3, 300],
    [4, 2_000],
  ] as const) {
    it(`answers like a table filled one job at a time (${count} jobs, seed ${seed})`, () => {
      const versions = filesJobs(seed, count);
      const bulk = new JobTable();
      bulk.load(versions, count * 2 + 5, true);
      const oneByOne = new JobTable();
      // Not from the files: the one-at-a-time path (the jobs are then also written by the next snapshot).
      oneByOne.load(versions, count * 2 + 5, false);
      const pruneBefore = iso(T0 + 300_000);
      expect(dumpTable(bulk, pruneBefore, SUMMARY_IDS)).toEqual(dumpTable(oneByOne, pruneBefore, SUMMARY_IDS));
      // The files' jobs are not written again; the one-at-a-time ones are.
      expect(bulk.capture(1).changed).toEqual([]);
      // And the indexes keep up as jobs change afterwards (heads start, jobs finish and fail, new ones come).
      for (const events of afterwards(bulk, seed, count)) {
        bulk.replay(events);
        oneByOne.replay(events);
      }
      expect(dumpTable(bulk, pruneBefore, SUMMARY_IDS)).toEqual(dumpTable(oneByOne, pruneBefore, SUMMARY_IDS));
    });
  }

  it('falls back to one job at a time when the table is not empty or the versions hold a pruned id', () => {
    const versions = filesJobs(5, 50);
    const twice = new JobTable();
    twice.load(versions.slice(0, 20), 0, true);
    twice.load(versions.slice(10), 100, true);
    const once = new JobTable();
    once.load(versions, 100, false);
    const pruneBefore = iso(T0 + 300_000);
    expect(dumpTable(twice, pruneBefore, SUMMARY_IDS)).toEqual(dumpTable(once, pruneBefore, SUMMARY_IDS));
    const withGone = new JobTable();
    withGone.load([...versions, { gone: 'job-3' }], 100, true);
    expect(withGone.get('job-3')).toBeUndefined();
    expect(withGone.size).toBe(49);
    // An id twice (the bulk path puts jobs in as it goes: it must give all of them back first).
    const doubled = [...versions, { n: 60, job: { ...versions[3]!.job, status: 'done', updatedAt: iso(T0 + 700_000) } as Job }];
    const dup = new JobTable();
    dup.load(doubled, 100, true);
    const dupOnce = new JobTable();
    dupOnce.load(doubled, 100, false);
    expect(dup.size).toBe(50);
    expect(dumpTable(dup, pruneBefore, SUMMARY_IDS)).toEqual(dumpTable(dupOnce, pruneBefore, SUMMARY_IDS));
  });
});

describe('index structures built at once', () => {
  const keys = (seed: number, count: number): IndexKey[] => {
    const r = prng(seed);
    return Array.from({ length: count }, (_, i) => ({ a: Math.floor(r() * 50), b: i, id: `k${i}` }));
  };

  it('SortedKeys.fromSorted equals inserting each key, and takes inserts and deletes after', () => {
    for (const count of [0, 1, 255, 256, 257, 1_500]) {
      const ks = keys(count, count);
      const built = SortedKeys.fromSorted([...ks].sort(compareKeys));
      const inserted = new SortedKeys();
      for (const k of ks) inserted.insert(k);
      expect([...built.ascending()]).toEqual([...inserted.ascending()]);
      expect(built.size).toBe(count);
      for (const k of ks.slice(0, count >> 1)) expect(built.delete(k)).toBe(inserted.delete(k));
      for (const k of keys(count + 9, 300)) {
        built.insert({ ...k, id: `new-${k.id}` });
        inserted.insert({ ...k, id: `new-${k.id}` });
      }
      expect([...built.ascending()]).toEqual([...inserted.ascending()]);
      expect([...built.descendingBefore(25, 100)]).toEqual([...inserted.descendingBefore(25, 100)]);
    }
  });

  it('IndexedHeap.from gives the keys in order and removes any id after', () => {
    for (const count of [0, 1, 2, 3, 100, 1_001]) {
      const ks = keys(count + 1, count);
      const heap = IndexedHeap.from([...ks]);
      expect(heap.size).toBe(count);
      const gone = new Set(ks.filter((_, i) => i % 3 === 0).map((k) => k.id));
      for (const id of gone) expect(heap.remove(id)).toBe(true);
      const order: string[] = [];
      for (let top = heap.peek(); top; top = heap.peek()) {
        order.push(top.id);
        heap.remove(top.id);
      }
      expect(order).toEqual(
        ks
          .filter((k) => !gone.has(k.id))
          .sort(compareKeys)
          .map((k) => k.id),
      );
    }
  });

  it('a job record carries the key it is listed under while listed, none once taken out, and a new record of the same job its own', () => {
    const indexes = new JobIndexes();
    const jobs = filesJobs(9, 50);
    const stored = jobs.map((j) => storedJob(j.job, j.n));
    indexes.addAll(stored);
    for (const s of stored) expect(s.listedAs).toMatchObject({ b: s.n, id: s.job.id });
    // The job changes: its old record goes out, a new one of the same id comes in.
    const old = stored[7]!;
    indexes.remove(old);
    expect(old.listedAs).toBeUndefined();
    const changed = storedJob({ ...old.job, status: 'done', updatedAt: iso(T0 + 9_000_000) } as Job, old.n);
    indexes.add(changed);
    expect(changed.listedAs).toMatchObject({ a: T0 + 9_000_000, id: old.job.id });
    expect(indexes.count('finished')).toBe(stored.filter((s) => s !== old && ['done', 'cancelled'].includes(s.job.status)).length + 1);
  });
});
