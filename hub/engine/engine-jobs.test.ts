import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Command, Job } from '#protocol';
import { jobFilesDir } from '#hub/store/job-files.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import type { Engine } from './engine.ts';
import { JobTable } from './job-table.ts';
import { dumpTable } from './job-table-testing.ts';
import { ACTOR, cmd, crashCopy, dineCommands, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';

/**
 * The engine's job table (issue 20): jobs are staged in place as commands
 * are decided, heard of once committed, written to the table's own files at
 * each snapshot (only what changed), and read back on open, from the files
 * and the log after the snapshot, equal to the live table.
 */
const dirs = useTempDirs('pos-engine-jobs-');
const engines = useEngines();
const clock = manualClock();
const PRUNE_AT = '2030-01-01T00:00:00.000Z';

const dump = (e: Engine) => dumpTable(e.jobs, PRUNE_AT);
const jobTest = (text: string) => cmd('job.test', { text }, clock.iso());
const start = (jobId: string) => cmd('job.start', { jobId }, clock.iso());
const finish = (jobId: string, ok = true): Command =>
  cmd('job.finish', { jobId, outcome: ok ? { ok: true } : { ok: false, canRetry: true, reason: 'DEVICE_OFFLINE' } }, clock.iso());

/** Some of everything: jobs made, started, finished, failed for a retry, pruned. */
async function work(engine: Engine, round: number): Promise<void> {
  await submitOk(engine, jobTest(`round ${round}`));
  const ids = [...engine.jobs.values()].filter((j) => j.status === 'pending').map((j) => j.id);
  for (const [i, id] of ids.slice(0, 3).entries()) {
    if (!(await engine.submit(start(id), ACTOR)).ok) continue;
    await submitOk(engine, finish(id, i % 2 === 0));
  }
  clock.advance(60_000);
}

describe('Engine: the job table', () => {
  it('decide sees a staged job at once; listeners hear of it only once it is on disk', async () => {
    const engine = await engines.open({ dir: await dirs.make(), clock: clock.now });
    const heard: string[][] = [];
    engine.jobs.onChange((ids) => heard.push(ids));
    const made = jobTest('hola');
    const reply = engine.submit(made, ACTOR);
    // Staged, not yet written: a command decided now finds the job.
    const staged = [...engine.jobs.values()];
    expect(staged.map((j) => j.kind).sort()).toEqual(['test.echo', 'test.mark']);
    const started = engine.submit(start(staged[0]!.id), ACTOR);
    expect(heard).toEqual([]);
    expect(await reply).toMatchObject({ ok: true });
    expect(await started).toMatchObject({ ok: true });
    expect(heard.flat().sort()).toEqual(staged.map((j) => j.id).sort());
    expect(engine.jobs.get(staged[0]!.id)?.status).toBe('running');
    expect(Object.hasOwn(engine.state, 'jobs')).toBe(false);
  });

  it('a job event the table cannot fold is refused INTERNAL before the seq moves: the next command takes that seq and the log opens again', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now });
    await submitOk(engine, jobTest('before'));
    const seq = engine.seq;
    const jobsBefore = dump(engine);
    // A rule's bug, as the table meets it.
    const stage = vi.spyOn(JobTable.prototype, 'stage').mockImplementationOnce(() => {
      throw new TypeError('a job without its payload');
    });
    try {
      expect(await engine.submit(jobTest('broken'), ACTOR)).toEqual({ ok: false, code: 'INTERNAL' });
    } finally {
      stage.mockRestore();
    }
    expect(engine.seq).toBe(seq);
    expect(dump(engine)).toEqual(jobsBefore);
    expect((await submitOk(engine, jobTest('after'))).seq).toBe(seq + 1);
    const live = dump(engine);
    await engine.close();
    engines.release(engine);
    const again = await engines.open({ dir, clock: clock.now });
    expect(dump(again)).toEqual(live);
  });

  it('a restart reads the table back equal to the live one: from the files of each snapshot and the log after the last', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await seedMenu(engine, clock);
    for (let round = 0; round < 4; round++) await work(engine, round);
    await engine.snapshot();
    for (let round = 4; round < 8; round++) await work(engine, round);
    await engine.snapshot();
    for (let round = 8; round < 10; round++) await work(engine, round);
    // A sale's kitchen tickets: print jobs in a printer's ordered lane.
    for (const c of dineCommands('t-s1', clock.iso()).commands) await submitOk(engine, c);
    expect(engine.jobs.size).toBeGreaterThan(20);
    const live = dump(engine);
    const crashed = await engines.open({ dir: await crashCopy(dir, await dirs.make()), clock: clock.now });
    expect(dump(crashed)).toEqual(live);
    await engine.close();
    engines.release(engine);
    const reopened = await engines.open({ dir, clock: clock.now });
    expect(dump(reopened)).toEqual(live);
  });

  it('replaying the whole log gives the same table as the live one (replay equals live)', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    for (let round = 0; round < 6; round++) await work(engine, round);
    await submitOk(engine, cmd('job.prune', { before: clock.iso() }, clock.iso()));
    const copy = await crashCopy(dir, await dirs.make());
    // No snapshot was taken: the copy is the log alone.
    await expect(fs.readdir(jobFilesDir(copy))).resolves.toEqual([]);
    expect(dump(await engines.open({ dir: copy, clock: clock.now }))).toEqual(dump(engine));
  });

  it('each snapshot appends only the jobs changed since the one before', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    for (let round = 0; round < 5; round++) await submitOk(engine, jobTest(`r${round}`));
    await engine.snapshot();
    const file = path.join(jobFilesDir(dir), 'table-0.jsonl');
    const lines = async () => (await fs.readFile(file, 'utf8')).trim().split('\n').length;
    // Ten jobs and a marker.
    expect(await lines()).toBe(11);
    const one = [...engine.jobs.values()][0]!;
    await submitOk(engine, start(one.id));
    await engine.snapshot();
    expect(await lines()).toBe(11 + 2);
    // Nothing changed: only the marker.
    await submitOk(engine, cmd('restaurant.rename', { name: 'Otro' }, clock.iso()));
    await engine.snapshot();
    expect(await lines()).toBe(11 + 2 + 1);
  });

  it('the file is rewritten whole when it holds more than twice the live jobs + 1,000 lines, and reads back the same', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    await submitOk(engine, jobTest('one'));
    const [echo] = [...engine.jobs.values()].filter((j) => j.kind === 'test.echo');
    // One job fails and is retried over and over: each snapshot appends its version.
    for (let i = 0; i < 520; i++) {
      await submitOk(engine, start(echo!.id));
      await submitOk(engine, finish(echo!.id, false));
      // Given up after its attempts: a person retries it.
      if (engine.jobs.get(echo!.id)?.status === 'failed') await submitOk(engine, cmd('job.retry', { jobId: echo!.id }, clock.iso()));
      clock.advance(1_000);
      await engine.snapshot();
    }
    const names = await fs.readdir(jobFilesDir(dir));
    expect(names.length).toBe(1);
    expect(names[0]).not.toBe('table-0.jsonl');
    const lines = (await fs.readFile(path.join(jobFilesDir(dir), names[0]!), 'utf8')).trim().split('\n').length;
    expect(lines).toBeLessThan(100);
    const live = dump(engine);
    await engine.close();
    engines.release(engine);
    expect(dump(await engines.open({ dir, clock: clock.now }))).toEqual(live);
  });

  it('a start with thousands of jobs waiting reads them from the files and replays nothing (no job event is folded again)', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    for (let i = 0; i < 1_500; i++) await submitOk(engine, jobTest(`t${i}`));
    const live = dump(engine);
    await engine.close();
    engines.release(engine);
    const replay = vi.spyOn(JobTable.prototype, 'replay');
    const load = vi.spyOn(JobTable.prototype, 'load');
    try {
      const reopened = await engines.open({ dir, clock: clock.now });
      expect(reopened.jobs.size).toBe(3_000);
      expect(replay).not.toHaveBeenCalled();
      expect(load).toHaveBeenCalledTimes(1);
      expect(dump(reopened)).toEqual(live);
    } finally {
      replay.mockRestore();
      load.mockRestore();
    }
  });

  it('attack: a damaged line inside the file costs only that version (said in the log); the rest reads back', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    for (let round = 0; round < 3; round++) await submitOk(engine, jobTest(`r${round}`));
    await engine.snapshot();
    const jobs = [...engine.jobs.values()];
    await engine.close();
    engines.release(engine);
    const file = path.join(jobFilesDir(dir), 'table-0.jsonl');
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    // The second job's line scribbled on (its checksum no longer matches).
    lines[1] = lines[1]!.replace('"pending"', '"PENDING"');
    await fs.writeFile(file, lines.join('\n'));
    const logs: string[] = [];
    const reopened = await engines.open({ dir, clock: clock.now, log: (m) => logs.push(m) });
    expect([...reopened.jobs.values()]).toEqual(jobs.filter((_, i) => i !== 1));
    expect(logs.some((m) => m.includes('1 damaged line(s) in jobs/table-0.jsonl'))).toBe(true);
  });

  it('a snapshot that never finished: what it appended is cut off at open, and the log gives those changes again', async () => {
    const dir = await dirs.make();
    const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
    for (let round = 0; round < 3; round++) await work(engine, round);
    await engine.snapshot();
    for (let round = 3; round < 5; round++) await work(engine, round);
    const live = dump(engine);
    const copy = await crashCopy(dir, await dirs.make());
    // What a snapshot at a later seq appended before the power went (its snapshot never renamed).
    const file = path.join(jobFilesDir(copy), 'table-0.jsonl');
    const ghost: Job = { ...[...engine.jobs.values()][0]!, id: 'ghost.0' };
    const { encodeLine } = await import('#hub/store/line-codec.ts');
    await fs.appendFile(file, encodeLine({ n: 999, job: ghost }) + encodeLine({ seq: engine.seq + 50, next: 1000 }) + '{"torn');
    const sizeBefore = (await fs.stat(file)).size;
    const reopened = await engines.open({ dir: copy, clock: clock.now });
    expect(dump(reopened)).toEqual(live);
    expect(reopened.jobs.get('ghost.0')).toBeUndefined();
    expect((await fs.stat(file)).size).toBeLessThan(sizeBefore);
  });
});
