import { describe, expect, it } from 'vitest';
import { MemoryJobs } from '#hub/domain/jobs/memory-jobs.ts';
import type { DomainEvent, Job, JobKind } from '#protocol';
import { JobTable } from './job-table.ts';
import { dumpTable, naiveDump } from './job-table-testing.ts';

/**
 * The job table against the slow truth: random streams of job events (any
 * event on any job, late ones about pruned jobs, hostile ids, ties in time)
 * folded by the table and by the domain's MemoryJobs; after every record
 * every reader's answer (lane heads and counters, pages crossed by cursor,
 * totals, prune order, summary lookup) equals the one computed from scratch.
 * Then the undo journal: staged records reverted leave the table exactly as
 * it was, and a capture's committed view ignores what is staged.
 */

/** A small deterministic random source (tests must replay the same stream). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const T0 = Date.parse('2025-03-15T00:30:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const SUMMARY_IDS = ['RC-1', 'RC-2', 'RC-3', '__proto__'];

function makeJob(id: string, kind: JobKind, at: number, nextAt: number, r: () => number, summaryNo: number): Job {
  const base = { id, status: 'pending' as const, attempts: 0, nextAt: iso(nextAt), reason: null, createdAt: iso(at), updatedAt: iso(at) };
  const printerId = r() < 0.5 ? 'p1' : 'p2';
  switch (kind) {
    case 'print':
      return { ...base, kind, payload: { printerId, purpose: 'kitchen', document: { lines: [] } } } as unknown as Job;
    case 'drawer.kick':
      return { ...base, kind, payload: { printerId, reason: 'sale' } };
    case 'einvoice.send':
      return { ...base, kind, payload: { key: `B001-${id}` } };
    case 'einvoice.summary':
      return { ...base, kind, payload: { key: SUMMARY_IDS[summaryNo % SUMMARY_IDS.length]! } };
    case 'export.day':
      return { ...base, kind, payload: { day: '2025-03-14' } };
    default:
      return { ...base, kind: 'test.echo', payload: { text: id } };
  }
}

const KINDS: JobKind[] = ['print', 'print', 'print', 'drawer.kick', 'einvoice.send', 'einvoice.summary', 'export.day', 'test.echo'];

/** A stream of records, each a few job events, about known jobs mostly. */
function stream(seed: number, records: number): DomainEvent[][] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ids: string[] = [];
  let now = T0;
  let made = 0;
  let summaries = 0;
  const out: DomainEvent[][] = [];
  for (let i = 0; i < records; i++) {
    // Time goes on, and sometimes stands still (ties must be settled by creation order).
    if (r() < 0.7) now += Math.floor(r() * 5_000);
    const at = iso(now);
    const events: DomainEvent[] = [];
    for (let k = 0, count = 1 + Math.floor(r() * 3); k < count; k++) {
      const known = ids.length > 0 ? pick(ids) : 'nobody';
      const x = r();
      if (x < 0.3 || ids.length === 0) {
        const kind = pick(KINDS);
        // A summary job per summary id, as the rules make them.
        if (kind === 'einvoice.summary' && summaries >= SUMMARY_IDS.length) continue;
        const id = `cmd-${made++}.0`;
        ids.push(id);
        const job = makeJob(id, kind, now, now + Math.floor(r() * 3) * 60_000 - 30_000, r, kind === 'einvoice.summary' ? summaries++ : 0);
        events.push({ type: 'job.created', job });
      } else if (x < 0.45) events.push({ type: 'job.started', jobId: known, at });
      else if (x < 0.5) events.push({ type: 'job.writing', jobId: known, at });
      else if (x < 0.6) events.push({ type: 'job.succeeded', jobId: known, at });
      else if (x < 0.72) events.push({ type: 'job.failed', jobId: known, at, reason: 'DEVICE_OFFLINE', retryAt: r() < 0.7 ? iso(now + Math.floor(r() * 120_000)) : null });
      else if (x < 0.77) events.push({ type: 'job.interrupted', jobId: known, at, status: r() < 0.5 ? 'maybeDone' : 'pending' });
      else if (x < 0.82) events.push({ type: 'job.retried', jobId: known, at });
      else if (x < 0.88) events.push({ type: 'job.cancelled', jobId: known, at });
      else if (x < 0.93) events.push({ type: 'job.pruned', jobIds: [known, pick(ids), '__proto__', 'constructor'] });
      // Events about jobs nobody knows (pruned long ago, or hostile) change nothing.
      else events.push({ type: 'job.started', jobId: pick(['__proto__', 'toString', 'gone.7']), at });
    }
    out.push(events);
  }
  return out;
}

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
    const r = rng(9);
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
