import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '#hub/domain/jobs/index.ts';
import type { LogRecord } from '#hub/engine/log-record.ts';
import type { Command, CommandReply, JobSummary } from '#protocol';
import { Wal } from '#hub/store/wal.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { allJobSummaries } from '#hub/testing/job-pages.ts';
import { command, DEMO_OWNER, signedIn, sleep, useCookie } from '#hub/testing/test-hub.ts';
import { echoDir } from './echo-runners.ts';
import { prng } from '#hub/testing/prng.ts';

/**
 * Durable jobs under the worst a till can do: the plug pulled (kill -9) at
 * random moments while devices keep asking for jobs. Every job caused by an
 * acknowledged command must exist exactly once (one job.created in the log),
 * end done or maybe done, and its effect must have happened at most once
 * (exactly once when done). The blind kind is never started twice; the
 * idempotent kind always ends done.
 */

const CYCLES = Number(process.env.JOBS_CRASH_CYCLES ?? 10);
const SEED = Number(process.env.JOBS_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DEVICES = 4;
/** 5 log records per job.test (cause, two starts, two finishes): stay under the engine's snapshotEvery (5000) so the whole log is checked. */
const MAX_COMMANDS = 700;

const rnd = prng(SEED);

const world = { phase: 'run' as 'run' | 'drain' | 'stop', sent: new Set<string>(), acked: new Set<string>(), errors: [] as string[], failedSends: 0 };

async function post(url: string, cookie: string, cmd: Command): Promise<CommandReply | null> {
  try {
    const res = await fetch(new URL('/api/commands', url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(cmd), signal: AbortSignal.timeout(2000) });
    return (await res.json()) as CommandReply;
  } catch {
    return null;
  }
}

/** A device asking for test jobs, with an outbox of one: a command is resent (same id) until acknowledged. */
async function device(url: string, cookie: string, deviceId: string): Promise<void> {
  let pending: Command | null = null;
  while (world.phase !== 'stop') {
    if (!pending) {
      if (world.phase === 'drain' || world.sent.size >= MAX_COMMANDS) return;
      pending = command('job.test', { text: `${deviceId} ${world.sent.size}` }, { deviceId });
      world.sent.add(pending.id);
    }
    const reply = await post(url, cookie, pending);
    if (reply === null) {
      world.failedSends++;
      await sleep(20);
      continue;
    }
    if (!reply.ok) {
      if (reply.code === 'RATE_LIMITED') {
        await sleep(50);
        continue;
      }
      world.errors.push(`${deviceId}: ${pending.id} refused ${reply.code}`);
      return;
    }
    world.acked.add(pending.id);
    pending = null;
  }
}

const countBy = (items: readonly string[]) => items.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

describe('durable jobs: kill -9 under load', () => {
  let dataDir = '';
  let hub: ChildHub | null = null;

  afterAll(async () => {
    world.phase = 'stop';
    if (hub) useCookie(hub.url, undefined);
    await hub?.kill9();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`every job of an acknowledged command exists once and took effect at most once over ${CYCLES} crashes (seed ${SEED})`, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-jobs-crash-'));
    const port = await freePort();
    hub = await spawnHub({ dataDir, port });
    const url = hub.url;
    // Sessions survive a crash (auth.json is fsynced): each device signs in once.
    const cookies = await Promise.all(Array.from({ length: DEVICES }, (_, i) => signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, `jobs-dev-${i + 1}`)));
    useCookie(url, cookies[0]);
    const loops = cookies.map((cookie, i) => device(url, cookie, `jobs-dev-${i + 1}`).catch((e: unknown) => world.errors.push(String(e))));

    let output = '';
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (cycle > 1) hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
      await sleep(50 + Math.floor(rnd() * 400));
      if (hub.proc.exitCode !== null) world.errors.push(`cycle ${cycle}: the hub exited by itself:\n${hub.output()}`);
      await hub.kill9();
      output += hub.output();
    }

    // Last start: the devices deliver what they hold, the runners settle every job.
    hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
    world.phase = 'drain';
    await Promise.all(loops);
    world.phase = 'stop';
    expect(world.errors).toEqual([]);
    let jobs: JobSummary[];
    const end = Date.now() + 30_000;
    for (;;) {
      jobs = await allJobSummaries(url);
      if (!jobs.some((j) => j.status === 'pending' || j.status === 'running') || Date.now() > end) break;
      await sleep(100);
    }
    await hub.kill9();
    output += hub.output();
    hub = null;

    const byId = new Map(jobs.map((j) => [j.id, j]));
    const echoes = countBy((await readFile(path.join(echoDir(dataDir), 'echo.log'), 'utf8')).split('\n').filter(Boolean));
    const marks = countBy((await readFile(path.join(echoDir(dataDir), 'mark.log'), 'utf8')).split('\n').filter(Boolean));

    // The log: one job.created per job, the blind kind started at most once.
    expect(existsSync(path.join(dataDir, 'snapshot.json')), 'a snapshot was written: the log is no longer whole').toBe(false);
    const { wal, records } = await Wal.open<LogRecord>(path.join(dataDir, 'wal'), 0, () => {});
    await wal.close();
    const events = records.flatMap((r) => r.events);
    const created = countBy(events.flatMap((e) => (e.type === 'job.created' ? [e.job.id] : [])));
    const started = countBy(events.flatMap((e) => (e.type === 'job.started' ? [e.jobId] : [])));

    const problems: string[] = [];
    const tally = { done: 0, maybeDone: 0, echoEffects: 0, markRestarts: 0 };
    for (const id of world.acked) {
      const [echo, mark] = [byId.get(jobIdOf(id, 0)), byId.get(jobIdOf(id, 1))];
      if (echo?.kind !== 'test.echo' || mark?.kind !== 'test.mark') {
        problems.push(`${id}: jobs missing (${echo?.kind}, ${mark?.kind})`);
        continue;
      }
      for (const job of [echo, mark]) if ((created.get(job.id) ?? 0) !== 1) problems.push(`${job.id} created ${created.get(job.id) ?? 0} times`);
      const echoed = echoes.get(echo.id) ?? 0;
      tally.echoEffects += echoed;
      if (echo.status === 'done') {
        tally.done++;
        if (echoed !== 1) problems.push(`${echo.id} done with ${echoed} effects`);
      } else if (echo.status === 'maybeDone') {
        tally.maybeDone++;
        if (echoed > 1) problems.push(`${echo.id} maybe done with ${echoed} effects`);
      } else problems.push(`${echo.id} ended ${echo.status}`);
      if ((started.get(echo.id) ?? 0) !== 1) problems.push(`${echo.id} (blind) started ${started.get(echo.id) ?? 0} times`);
      if (mark.status !== 'done' || (marks.get(mark.id) ?? 0) !== 1) problems.push(`${mark.id} ${mark.status} with ${marks.get(mark.id) ?? 0} effects`);
      if ((started.get(mark.id) ?? 0) > 1) tally.markRestarts++;
    }
    // Nothing but what was sent: no stray job, no effect of a job that does not exist.
    // (The closing hour's export, when a run straddles it, is the hub's own: hub/exports/planner.ts.)
    for (const j of jobs) if (!j.kind.startsWith('export.') && !world.sent.has(j.id.slice(0, j.id.lastIndexOf('.')))) problems.push(`stray job ${j.id}`);
    for (const id of [...echoes.keys(), ...marks.keys()]) if (!byId.has(id)) problems.push(`effect of unknown job ${id}`);

    console.log(
      `jobs crash: seed ${SEED}, ${CYCLES} crashes, ${world.sent.size} commands sent, ${world.acked.size} acknowledged, ${world.failedSends} sends failed (hub down); ` +
        `test.echo: ${tally.done} done, ${tally.maybeDone} maybe done (${tally.echoEffects} effects); test.mark: ${tally.markRestarts} carried out again after a crash, all done once; ${records.length} log records`,
    );
    if (problems.length > 0) console.log(output.slice(-4000));
    expect(problems.slice(0, 20)).toEqual([]);
    expect(world.acked.size).toBeGreaterThan(0);
  });
});
