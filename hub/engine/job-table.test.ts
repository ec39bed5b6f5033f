import { describe, expect, it } from 'vitest';
import { prng } from '#hub/testing/prng.ts';
import { MemoryJobs } from '#hub/domain/jobs/memory-jobs.ts';
import type { DomainEvent } from '#protocol';
import { JobTable } from './job-table.ts';
import { dumpTable, iso, makeJob, naiveDump, stream, SUMMARY_IDS, T0 } from './job-table-testing.ts';

/**
 * The job table against the slow truth: random streams of job events (any
 * event on any job, late ones about pruned jobs, hostile ids, ties in time)
 * folded by the table and by the domain's MemoryJobs; after every record
 * every reader's answer (lane heads and counters, pages crossed by cursor,
 * totals, prune order, summary lookup) equals the one computed from scratch.
 * Then the undo journal: staged records reverted leave the table exactly as
 * it was, and a capture's committed view ignores what is staged.
 */

const PRUNE_AT = iso(T0 + 3_600_000);

describe('JobTable: every reader agrees with a scan of the jobs', () => {
  it.each([1, 2, 3, 4, 5, 6])('random stream %i: after each committed record, heads, counters, pages, totals and prune order equal the slow truth', (seed) => {
    const table = new JobTable();
    const truth = new MemoryJobs();
    const heard: string[][] = [];
    table.onChange((ids) => heard.push(ids));
    for (const [i, events] of stream(seed, 400).entries()) {
      table.stage(i + 1, events);
      table.commit(i + 1);
      truth.apply(events);
      expect(dumpTable(table, PRUNE_AT, SUMMARY_IDS)).toEqual(naiveDump(truth.values(), PRUNE_AT, SUMMARY_IDS));
    }
    expect(table.size).toBe(truth.values().length);
    expect(heard.length).toBeGreaterThan(0);
  });

  it('a lane head is found without a scan: 20,000 pending tickets on a printer that is off, the head is the oldest; one started, the next', () => {
    const table = new JobTable();
    const r = prng(9);
    for (let i = 0; i < 20_000; i++) {
      const job = makeJob(`t-${i}.0`, 'print', T0 + i, T0, () => 0.1, 0);
      table.replay([{ type: 'job.created', job }]);
    }
    expect(table.laneHead('printer:p1')?.id).toBe('t-0.0');
    expect(table.laneCounter('printer:p1')).toMatchObject({ waiting: 20_000, running: null, printerId: 'p1', kind: 'print' });
    table.replay([{ type: 'job.started', jobId: 't-0.0', at: iso(T0 + 30_000) }]);
    expect(table.laneHead('printer:p1')?.id).toBe('t-1.0');
    expect(table.laneRunning('printer:p1')?.id).toBe('t-0.0');
    // A later job's retry time never lets it overtake in an ordered lane.
    table.replay([{ type: 'job.failed', jobId: 't-1.0', at: iso(T0 + 40_000), reason: 'DEVICE_OFFLINE', retryAt: iso(T0 + 9_000_000) }]);
    expect(table.laneHead('printer:p1')?.id).toBe('t-1.0');
    expect(table.laneCounter('printer:p1')?.lastReason).toBe('DEVICE_OFFLINE');
    const page = table.list({ status: 'waiting', printerId: 'p1', limit: 2 });
    expect(page.total).toBe(19_999);
    expect(page.jobs.map((j) => j.id)).toEqual(['t-1.0', 't-19999.0']);
    expect(r()).toBeLessThan(1);
  });

  it('attack: hostile ids and cursors are just unknown (no prototype member answers, a bad cursor reads from the newest)', () => {
    const table = new JobTable();
    table.replay(stream(7, 50).flat());
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(table.get(id)).toBeUndefined();
      expect(table.laneHead(id)).toBeUndefined();
      expect(table.laneCounter(id)).toBeUndefined();
      expect(table.summaryJob(id)).toBeUndefined();
    }
    const first = table.list({ status: 'finished', limit: 5 });
    for (const cursor of ['', 'x', '1.2.3', '-1.5', '__proto__', '9'.repeat(40)]) expect(table.list({ status: 'finished', limit: 5, cursor })).toEqual(first);
    expect(table.list({ status: 'finished', limit: 0 }).jobs).toEqual([]);
  });
});

describe('JobTable: the undo journal', () => {
  it.each([11, 12, 13])('stream %i: records staged after a committed prefix and then reverted leave every reader exactly as before', (seed) => {
    const records = stream(seed, 300);
    const table = new JobTable();
    const truth = new MemoryJobs();
    for (const [i, events] of records.slice(0, 200).entries()) {
      table.stage(i + 1, events);
      truth.apply(events);
    }
    table.commit(200);
    const before = dumpTable(table, PRUNE_AT, SUMMARY_IDS);
    const heard: string[][] = [];
    table.onChange((ids) => heard.push(ids));
    for (const [i, events] of records.slice(200).entries()) table.stage(201 + i, events);
    // Staged: decide sees them.
    expect(dumpTable(table, PRUNE_AT, SUMMARY_IDS)).toEqual(naiveDump(new MemoryJobs(truth.values()).apply(records.slice(200).flat()).values(), PRUNE_AT, SUMMARY_IDS));
    table.revertStaged();
    expect(dumpTable(table, PRUNE_AT, SUMMARY_IDS)).toEqual(before);
    expect(heard).toEqual([]);
    // The creation counter went back too: the same records staged again number their jobs alike.
    for (const [i, events] of records.slice(200).entries()) table.stage(201 + i, events);
    table.commit(300);
    const again = new JobTable();
    for (const events of records) again.replay(events);
    expect(dumpTable(table, PRUNE_AT, SUMMARY_IDS)).toEqual(dumpTable(again, PRUNE_AT, SUMMARY_IDS));
    expect(table.capture(300).next).toBe(again.capture(300).next);
  });

  it('commit drops only the records up to its seq, and tells the listeners once with the jobs they changed', () => {
    const table = new JobTable();
    const heard: string[][] = [];
    table.onChange((ids) => heard.push(ids));
    const a = makeJob('a.0', 'test.echo', T0, T0, () => 0, 0);
    const b = makeJob('b.0', 'test.echo', T0, T0, () => 0, 0);
    table.stage(1, [{ type: 'job.created', job: a }]);
    table.stage(2, [{ type: 'job.created', job: b }, { type: 'job.started', jobId: 'b.0', at: iso(T0 + 1) }]);
    table.stage(3, [{ type: 'restaurant.renamed', name: 'x' } as unknown as DomainEvent]);
    table.commit(1);
    expect(heard).toEqual([['a.0']]);
    table.revertStaged();
    expect([...table.values()].map((j) => j.id)).toEqual(['a.0']);
    table.commit(3);
    expect(heard).toEqual([['a.0']]);
  });

  it("a capture takes the committed view: a job a staged record changed is written as it was, and stays due for the next capture", () => {
    const table = new JobTable();
    const a = makeJob('a.0', 'test.echo', T0, T0, () => 0, 0);
    table.stage(1, [{ type: 'job.created', job: a }]);
    table.commit(1);
    table.stage(2, [{ type: 'job.started', jobId: 'a.0', at: iso(T0 + 5) }, { type: 'job.created', job: { ...a, id: 'b.0' } }]);
    const first = table.capture(1, true);
    // b.0 is not in the committed view: at most a `gone` line that loading ignores.
    expect(first.changed.filter((v) => !('gone' in v))).toEqual([{ n: 0, job: a }]);
    expect(first.whole).toEqual([{ n: 0, job: a }]);
    expect(first.next).toBe(1);
    expect(first.live).toBe(1);
    table.commit(2);
    const second = table.capture(2);
    expect(second.changed).toEqual([
      { n: 0, job: table.get('a.0') },
      { n: 1, job: table.get('b.0') },
    ]);
    expect(second.next).toBe(2);
    // A capture that was not written hands its ids to the next.
    second.restore();
    expect(table.capture(2).changed).toHaveLength(2);
    table.stage(3, [{ type: 'job.pruned', jobIds: ['b.0'] }]);
    table.commit(3);
    expect(table.capture(3).changed).toEqual([{ gone: 'b.0' }]);
  });
});
