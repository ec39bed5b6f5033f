import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { jobIdOf, retryDelayMs } from '#hub/domain/jobs/index.ts';
import { Engine } from '#hub/engine/engine.ts';
import type { JobOutcome } from '#protocol';
import { JobService } from './job-service.ts';
import type { AnyJobRunner, JobRunner } from './runner.ts';

/**
 * A runner's `paused(lane)` (the e-invoice outbox while SUNAT is down): on
 * a real engine with the clock in the test's hands, a paused lane starts
 * nothing and records nothing however long it waits, other lanes go on,
 * no timer spins on it, and `wakeLane` after the pause lifts carries its
 * job out at once, before its retry time.
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

const UNREACHABLE: JobOutcome = { ok: false, canRetry: true, reason: 'DEVICE_OFFLINE' };

/** A `test.echo` runner that fails until told otherwise and pauses its lane after a failure, like the outbox's gate. */
function pausing(): JobRunner<'test.echo'> & { calls: number; pausedAsked: number; down: boolean; hold: boolean } {
  const runner = {
    kind: 'test.echo' as const,
    calls: 0,
    pausedAsked: 0,
    down: true,
    hold: false,
    paused(lane: string) {
      runner.pausedAsked++;
      return lane === 'test.echo' && runner.hold;
    },
    perform: async (): Promise<JobOutcome> => {
      runner.calls++;
      if (!runner.down) return { ok: true };
      runner.hold = true;
      return UNREACHABLE;
    },
  };
  return runner;
}

function marks(): JobRunner<'test.mark'> & { calls: number } {
  const runner = { kind: 'test.mark' as const, calls: 0, perform: async (): Promise<JobOutcome> => (runner.calls++, { ok: true }) };
  return runner;
}

async function startWith(runners: readonly AnyJobRunner[]) {
  dir = await mkdtemp(path.join(tmpdir(), 'pos-jobs-pause-'));
  now = T0;
  const engine = await Engine.open({ dir, clock, log: () => {} });
  const jobs = new JobService(engine, runners, { clock, log: () => {}, keepFinishedMs: 60_000 });
  await jobs.start();
  open.push({ engine, jobs });
  return { engine, jobs };
}

async function advance(jobs: JobService, ms: number): Promise<void> {
  now += ms;
  jobs.pump();
  await jobs.tickNow();
  await jobs.idle();
}

describe('a paused lane', () => {
  it('records nothing while paused, however long; other lanes go on; woken, it runs at once', async () => {
    const echo = pausing();
    const mark = marks();
    const { engine, jobs } = await startWith([echo, mark]);
    const cause = hubCommand('job.test', { text: 'hola' }, 'hub', clock());
    expect((await engine.submit(cause, HUB)).ok).toBe(true);
    const echoId = jobIdOf(cause.id, 0);
    await jobs.idle();
    expect(echo.calls).toBe(1);
    expect(mark.calls).toBe(1);
    expect(engine.jobs.get(echoId)).toMatchObject({ status: 'pending', attempts: 1 });

    // Tries of the paused job (the done mark job's prune is a record of its own, not a try).
    let records = 0;
    engine.onChange((change) => {
      records += change.events.filter((e) => (e.type === 'job.started' || e.type === 'job.failed') && e.jobId === echoId).length;
    });
    // A day down: every minute the service looks, the retry time passed long ago.
    for (let minute = 0; minute < 24 * 60; minute += 30) await advance(jobs, 30 * 60_000);
    expect(echo.calls).toBe(1);
    expect(records).toBe(0);
    expect(engine.jobs.get(echoId)).toMatchObject({ status: 'pending', attempts: 1 });

    // Back: the probe lifts the pause and wakes the lane.
    echo.down = false;
    echo.hold = false;
    jobs.wakeLane('test.echo');
    await jobs.idle();
    expect(echo.calls).toBe(2);
    expect(engine.jobs.get(echoId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('no timer spins on a paused lane whose retry time has passed', async () => {
    const echo = pausing();
    const { engine, jobs } = await startWith([echo, marks()]);
    expect((await engine.submit(hubCommand('job.test', { text: 'x' }, 'hub', clock()), HUB)).ok).toBe(true);
    await jobs.idle();
    now += retryDelayMs(1) * 10;
    jobs.pump();
    const asked = echo.pausedAsked;
    await new Promise((r) => setTimeout(r, 100));
    // A wake timer at "due now" would ask again and again within 100 ms.
    expect(echo.pausedAsked - asked).toBeLessThan(5);
    expect(echo.calls).toBe(1);
  });

  it('a lane never paused behaves as before (the pause is the runner\'s choice)', async () => {
    const mark = marks();
    const { engine, jobs } = await startWith([mark]);
    expect((await engine.submit(hubCommand('job.test', { text: 'y' }, 'hub', clock()), HUB)).ok).toBe(true);
    await jobs.idle();
    expect(mark.calls).toBe(1);
  });
});
