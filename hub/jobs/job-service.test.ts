import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { jobIdOf, retryDelayMs } from '#hub/domain/jobs/index.ts';
import { Engine } from '#hub/engine/engine.ts';
import type { Job, JobOutcome } from '#protocol';
import { echoDir, echoRunners } from './echo-runners.ts';
import { JobService } from './job-service.ts';
import type { AnyJobRunner, JobRunner } from './runner.ts';

/**
 * The runner on a real engine and a real data directory, with the clock in
 * the test's hands: retries wait their backoff (counted in effects, never in
 * wall time), give up at the kind's limit, and a start after a crash
 * mid-effect repeats only what may be repeated.
 */

const HUB = { staffId: null, deviceId: 'hub' } as const;
const T0 = Date.parse('2026-05-01T12:00:00.000Z');
let dir = '';
let now = T0;
const clock = () => new Date(now);
const open: { engine: Engine; jobs: JobService }[] = [];

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.jobs.stop();
    await o.engine.close();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

/** A runner of `test.echo` that answers from a script, then ok; counts its calls. */
function scripted(script: JobOutcome[]): JobRunner<'test.echo'> & { calls: string[] } {
  const calls: string[] = [];
  return {
    kind: 'test.echo',
    calls,
    perform: async (job) => {
      calls.push(job.id);
      return script[calls.length - 1] ?? { ok: true };
    },
  };
}

async function startWith(runners: readonly AnyJobRunner[], fresh = true) {
  if (fresh) {
    dir = await mkdtemp(path.join(tmpdir(), 'pos-jobs-'));
    now = T0;
  }
  const engine = await Engine.open({ dir, clock, log: () => {} });
  const jobs = new JobService(engine, runners, { clock, log: () => {}, keepFinishedMs: 60_000 });
  await jobs.start();
  open.push({ engine, jobs });
  return { engine, jobs };
}

async function testJobs(engine: Engine, text = 'hola'): Promise<[string, string]> {
  const cause = hubCommand('job.test', { text }, 'hub', clock());
  const reply = await engine.submit(cause, HUB);
  expect(reply.ok).toBe(true);
  return [jobIdOf(cause.id, 0), jobIdOf(cause.id, 1)];
}

async function advance(jobs: JobService, ms: number): Promise<void> {
  now += ms;
  jobs.pump();
  await jobs.idle();
}

const jobOf = (engine: Engine, id: string): Job | undefined => engine.jobs.get(id);
const TIMEOUT = { ok: false, canRetry: true, reason: 'TIMEOUT' } as const;

describe('job runner', () => {
  it('retries with backoff: each try only once its wait has passed, then done', async () => {
    const runner = scripted([TIMEOUT, TIMEOUT]);
    const { engine, jobs } = await startWith([runner]);
    const [echo] = await testJobs(engine);
    await jobs.idle();
    expect(runner.calls).toHaveLength(1);
    expect(jobOf(engine, echo)).toMatchObject({ status: 'pending', attempts: 1, reason: 'TIMEOUT', nextAt: new Date(T0 + retryDelayMs(1)).toISOString() });

    await advance(jobs, retryDelayMs(1) - 1);
    expect(runner.calls).toHaveLength(1); // 1 ms early: still waiting
    await advance(jobs, 1);
    expect(runner.calls).toHaveLength(2);
    expect(jobOf(engine, echo)).toMatchObject({ status: 'pending', attempts: 2 });

    await advance(jobs, retryDelayMs(2) - 1);
    expect(runner.calls).toHaveLength(2);
    await advance(jobs, 1);
    expect(runner.calls).toEqual([echo, echo, echo]);
    expect(jobOf(engine, echo)).toMatchObject({ status: 'done', attempts: 3, reason: null });
  });

  it('gives up at the kind maxAttempts with the reason; a person retry runs it again from the first wait', async () => {
    const runner = scripted(Array.from({ length: 5 }, () => TIMEOUT));
    const { engine, jobs } = await startWith([runner]);
    const [echo] = await testJobs(engine);
    await jobs.idle();
    for (let attempt = 1; attempt < 5; attempt++) await advance(jobs, retryDelayMs(attempt));
    expect(runner.calls).toHaveLength(5);
    expect(jobOf(engine, echo)).toMatchObject({ status: 'failed', reason: 'TIMEOUT', attempts: 5 });
    await advance(jobs, 3_600_000);
    expect(runner.calls).toHaveLength(5); // failed stays failed

    expect((await engine.submit(hubCommand('job.retry', { jobId: echo }, 'dev', clock()), HUB)).ok).toBe(true);
    await jobs.idle();
    expect(runner.calls).toHaveLength(6);
    expect(jobOf(engine, echo)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a failure that cannot be retried fails at once; a throwing runner counts as a retryable UNKNOWN', async () => {
    const runner = scripted([{ ok: false, canRetry: false, reason: 'DEVICE_OFFLINE' }]);
    const { engine, jobs } = await startWith([runner]);
    const [first] = await testJobs(engine);
    await jobs.idle();
    expect(jobOf(engine, first)).toMatchObject({ status: 'failed', reason: 'DEVICE_OFFLINE', attempts: 1 });

    runner.perform = async () => {
      throw new Error('boom');
    };
    const [second] = await testJobs(engine);
    await jobs.idle();
    expect(jobOf(engine, second)).toMatchObject({ status: 'pending', reason: 'UNKNOWN', attempts: 1 });
  });

  it('a cancelled job is never started', async () => {
    const runner = scripted([{ ok: false, canRetry: false, reason: 'TIMEOUT' }]);
    const { engine, jobs } = await startWith([runner]);
    const [echo] = await testJobs(engine);
    await jobs.idle();
    expect((await engine.submit(hubCommand('job.cancel', { jobId: echo }, 'dev', clock()), HUB)).ok).toBe(true);
    await advance(jobs, 3_600_000);
    expect(runner.calls).toHaveLength(1);
    expect(jobOf(engine, echo)?.status).toBe('cancelled');
  });

  it('after a stop mid-effect: the blind kind is maybe done (not repeated), the idempotent kind is carried out once', async () => {
    const { engine, jobs } = await startWith([]);
    const [echo, mark] = await testJobs(engine);
    // The crash: both recorded as started, the effects happened (lines written), the finishes never recorded.
    for (const jobId of [echo, mark]) expect((await engine.submit(hubCommand('job.start', { jobId }, 'hub', clock()), HUB)).ok).toBe(true);
    const [echoRunner, markRunner] = echoRunners(dir);
    await echoRunner.start?.();
    await echoRunner.perform(jobOf(engine, echo) as Extract<Job, { kind: 'test.echo' }>);
    await markRunner.perform(jobOf(engine, mark) as Extract<Job, { kind: 'test.mark' }>);
    await jobs.stop();
    await engine.close();
    open.splice(0);

    const again = await startWith(echoRunners(dir), false);
    await again.jobs.idle();
    expect(jobOf(again.engine, echo)).toMatchObject({ status: 'maybeDone', reason: 'INTERRUPTED' });
    expect(jobOf(again.engine, mark)).toMatchObject({ status: 'done', attempts: 2 });
    const lines = async (f: string) => (await readFile(path.join(echoDir(dir), f), 'utf8')).split('\n').filter(Boolean);
    expect(await lines('echo.log')).toEqual([echo]);
    expect(await lines('mark.log')).toEqual([mark]);
  });

  it('prunes finished jobs once they are older than the keep time, keeps stuck ones', async () => {
    const runner = scripted([{ ok: false, canRetry: false, reason: 'TIMEOUT' }]);
    const { engine, jobs } = await startWith([runner]);
    const [failed, pendingMark] = await testJobs(engine);
    const [done] = await testJobs(engine);
    await jobs.idle();
    expect(jobOf(engine, done)?.status).toBe('done');
    now += 59_000;
    await jobs.tickNow();
    expect(jobOf(engine, done)).toBeDefined();
    now += 2_000;
    await jobs.tickNow();
    expect(jobOf(engine, done)).toBeUndefined();
    expect(jobOf(engine, failed)?.status).toBe('failed');
    expect(jobOf(engine, pendingMark)?.status).toBe('pending'); // no runner for test.mark here: it waits
  });
});
