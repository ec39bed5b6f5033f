import { afterEach, describe, expect, it } from 'vitest';
import { JobTable, type JobTableView } from '#hub/engine/job-table.ts';
import { decide, emptyState } from '#domain';
import { PRUNE_BATCH } from '#hub/domain/jobs/handlers.ts';
import type { CommandReply, Job } from '#protocol';
import { JobService, type JobEngine } from './job-service.ts';
import type { AnyJobRunner } from './runner.ts';

/**
 * Issue 20: the job service's cost per pump, wake or tick does not depend on
 * how many jobs wait. A printer switched off all weekend leaves thousands of
 * tickets pending in its lane; the service must find each lane's next job
 * from the table's lane index, never by walking the jobs. Counted in calls
 * to the table and in jobs handed out by it, never in time.
 */

const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const stopped: JobService[] = [];
afterEach(async () => {
  for (const s of stopped.splice(0)) await s.stop();
});

/** `n` tickets for a printer that is off (the head waits for its retry a minute from now), one failed echo, one done echo. */
function tableOf(n: number): JobTable {
  const jobs: Job[] = [];
  for (let i = 0; i < n; i++) {
    jobs.push({
      id: `t${i}.0`,
      kind: 'print',
      payload: { printerId: 'pr-off', purpose: 'kitchen', document: { blocks: [], cut: true } },
      status: 'pending',
      attempts: i === 0 ? 3 : 0,
      nextAt: iso(T0 + 60_000),
      reason: i === 0 ? 'UNREACHABLE' : null,
      createdAt: iso(T0 - n + i),
      updatedAt: iso(T0 - n + i),
    });
  }
  jobs.push({ id: 'e1.0', kind: 'test.echo', payload: { text: 'x' }, status: 'failed', attempts: 5, nextAt: iso(T0), reason: 'TIMEOUT', createdAt: iso(T0), updatedAt: iso(T0) });
  jobs.push({ id: 'e2.0', kind: 'test.echo', payload: { text: 'y' }, status: 'done', attempts: 1, nextAt: iso(T0), reason: null, createdAt: iso(T0), updatedAt: iso(T0) });
  const table = new JobTable();
  table.load(jobs.map((job, i) => ({ n: i, job })), jobs.length);
  return table;
}

/** Every read of the table, counted: calls per method and jobs handed out (one per job or key an iterator yields). */
function counting(table: JobTableView): { view: JobTableView; calls: Record<string, number>; handed: () => number } {
  const calls: Record<string, number> = {};
  let handed = 0;
  const count = (value: unknown): unknown => {
    if (value === undefined || value === null) return value;
    if (Array.isArray(value)) {
      handed += value.length;
      return value;
    }
    if (typeof value === 'object' && Symbol.iterator in value && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function') {
      return (function* () {
        for (const item of value as Iterable<unknown>) {
          handed++;
          yield item;
        }
      })();
    }
    if (typeof value === 'object' && 'jobs' in value) handed += (value as { jobs: unknown[] }).jobs.length;
    else handed++;
    return value;
  };
  const view = new Proxy(table, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls[String(prop)] = (calls[String(prop)] ?? 0) + 1;
        return count((value as (...a: unknown[]) => unknown).apply(target, args));
      };
    },
  });
  return { view, calls, handed: () => handed };
}

/** A runner for each kind in the table; none is ever due here, so nothing is performed. */
const runners: AnyJobRunner[] = [
  { kind: 'print', perform: () => Promise.resolve({ ok: true }) },
  { kind: 'test.echo', perform: () => Promise.resolve({ ok: true }) },
];

async function costOf(n: number): Promise<{ calls: Record<string, number>; handed: number }> {
  const { view, calls, handed } = counting(tableOf(n));
  const submitted: string[] = [];
  const engine: JobEngine = {
    state: emptyState(),
    jobs: view,
    submit: (command) => {
      submitted.push(command.type);
      return Promise.resolve({ ok: false, code: 'NOT_FOUND' } as CommandReply);
    },
    onChange: () => () => {},
  };
  const service = new JobService(engine, runners, { clock: () => new Date(T0), log: () => {}, keepFinishedMs: 60_000 });
  stopped.push(service);
  await service.start();
  for (const key of ['printer:pr-off', 'test.echo', 'nowhere']) service.wakeLane(key);
  for (let i = 0; i < 20; i++) service.pump();
  await service.tickNow();
  await service.idle();
  expect(calls.values ?? 0).toBe(0);
  // Nothing was due (the woken printer lane's runner answers at once, as its own test shows) but the head: the start of it.
  expect(submitted.filter((t) => t !== 'job.start' && t !== 'job.finish')).toEqual([]);
  return { calls, handed: handed() };
}

describe('the job service costs the same with 10 or 10,000 jobs waiting', () => {
  it('start-up, 20 pumps, wakes and a tick: the same table calls and the same jobs handed out', async () => {
    const small = await costOf(10);
    const large = await costOf(10_000);
    expect(large).toEqual(small);
    // And the work is per lane: a handful of lanes, a handful of reads each.
    expect(small.handed).toBeLessThan(400);
  });
});

describe('pruning a printer back after a weekend', () => {
  it('a tick prunes 1,200 old finished jobs in records of at most PRUNE_BATCH ids, oldest first, and keeps the young ones', async () => {
    const table = new JobTable();
    const done = (i: number, at: number): Job => ({ id: `d${i}.0`, kind: 'test.echo', payload: { text: 'x' }, status: 'done', attempts: 1, nextAt: iso(at), reason: null, createdAt: iso(at), updatedAt: iso(at) });
    const old = Array.from({ length: 1_200 }, (_, i) => done(i, T0 - 3_600_000 + i));
    const young = [done(9_000, T0 - 1_000)];
    table.load([...old, ...young].map((job, n) => ({ n, job })), old.length + 1);
    const records: number[] = [];
    let seq = 0;
    const engine: JobEngine = {
      state: emptyState(),
      jobs: table,
      // As the engine does: decided with the table as ctx.jobs, staged and committed in place.
      submit: (command) => {
        const d = decide(emptyState(), command, { now: iso(T0), actor: { staffId: null, deviceId: 'hub' }, jobs: table });
        if (!d.ok) return Promise.resolve({ ok: false, code: d.code });
        for (const e of d.events) if (e.type === 'job.pruned') records.push(e.jobIds.length);
        table.stage(++seq, d.events);
        table.commit(seq);
        return Promise.resolve({ ok: true, seq, result: d.result });
      },
      onChange: () => () => {},
    };
    const service = new JobService(engine, [], { clock: () => new Date(T0), log: () => {}, keepFinishedMs: 60_000 });
    stopped.push(service);
    await service.start();
    await service.tickNow();
    expect(records).toEqual([PRUNE_BATCH, PRUNE_BATCH, 200]);
    expect([...table.values()].map((j) => j.id)).toEqual(['d9000.0']);
  });
});
