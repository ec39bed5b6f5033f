import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '#hub/domain/jobs/index.ts';
import type { Command, JobBoard, JobDetailReply, JobStatus } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import { command, connectDevice, getJson, postCommand, recordMessages, signedIn, waitUntil, whenConnected, type DeviceSocket, type Received, type TestHub, startTestHub } from '#hub/testing/test-hub.ts';
import { hubOwnRecords } from '#hub/testing/fuzz-envelopes.ts';
import { echoDir } from './echo-runners.ts';
import { makeFailedJob } from './test-helpers.ts';

/**
 * Durable jobs through the real hub: an owner's command causes jobs that the
 * runners carry out once, devices see the job board live (never the jobs'
 * events or documents: those stay in the hub's job table), and
 * nobody but the hub can move a job along (start, finish, recover, prune are
 * internal; retry and cancel need the settings alias).
 */

let t: TestHub;
let device: DeviceSocket;
let received: Received[];
/** The job boards this device was pushed (what devices see of jobs). */
const boards: JobBoard[] = [];
let waiter = '';

beforeAll(async () => {
  t = await startTestHub();
  device = connectDevice(t.url, { deviceId: 'owner-tablet' });
  received = recordMessages(device);
  device.on(SOCKET_EVENTS.jobBoard, (board) => boards.push(board));
  await whenConnected(device);
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
});
afterAll(async () => {
  device?.close();
  await t?.close();
});

const statusOf = (jobId: string): JobStatus | undefined => t.hub.engine.jobs.get(jobId)?.status;
const lines = async (file: string) => (await readFile(path.join(echoDir(t.dataDir), file), 'utf8').catch(() => '')).split('\n').filter(Boolean);
/** The job events this device was sent live, as `type jobId` (none: the presenters keep them on the hub). */
const seen = () =>
  received
    .flatMap((r) => (r.event === SOCKET_EVENTS.change ? [r.data] : r.event === SOCKET_EVENTS.changes ? r.data : []))
    .flatMap((c) => c.events)
    .flatMap((e) => ('jobId' in e ? [`${e.type} ${e.jobId}`] : e.type === 'job.created' ? [`${e.type} ${e.job.id}`] : []));

describe('durable jobs through the hub', () => {
  it('an owner command creates its jobs; each is carried out once; devices see the board, the job is read on demand', async () => {
    const cmd = command('job.test', { text: 'prueba' });
    const reply = await postCommand(t.url, cmd);
    expect(reply.body.ok).toBe(true);
    const [echo, mark] = [jobIdOf(cmd.id, 0), jobIdOf(cmd.id, 1)];
    await waitUntil(() => statusOf(echo) === 'done' && statusOf(mark) === 'done', 5000, 'both jobs done');
    expect(await lines('echo.log')).toEqual([echo]);
    expect(await lines('mark.log')).toEqual([mark]);
    await waitUntil(() => boards.length > 0, 5000, 'the job board pushed');
    expect(seen()).toEqual([]);
    // The finished job, whole, on demand (owners: `settings`).
    const detail = await getJson<JobDetailReply>(t.url, `/api/jobs/${echo}`);
    expect(detail.body).toMatchObject({ ok: true, job: { id: echo, status: 'done' } });
  });

  it('attack: nobody but the hub may start, finish, recover or prune a job (FORBIDDEN, nothing recorded)', async () => {
    const stuck = await makeFailedJob(t.hub.engine);
    const forged: Command[] = [
      command('job.finish', { jobId: stuck, outcome: { ok: true } }),
      command('job.start', { jobId: stuck }),
      command('job.recover', { jobIds: [stuck] }),
      command('job.prune', { before: '2099-01-01T00:00:00.000Z' }),
    ];
    const seq = t.hub.engine.seq;
    for (const cmd of forged) {
      expect((await postCommand(t.url, cmd)).body, cmd.type).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    // Nothing of them was recorded; the hub's own work (a printer's status, a print job's steps) may go on meanwhile.
    const since = t.hub.engine.changesSince(seq) ?? [];
    const forgedIds = new Set(forged.map((c) => c.id));
    expect(since.filter((c) => forgedIds.has(c.commandId))).toEqual([]);
    expect(hubOwnRecords(since, new Set()).foreign).toEqual([]);
    expect(statusOf(stuck)).toBe('failed');
  });

  it('attack: a waiter may not retry, cancel or create jobs', async () => {
    const stuck = await makeFailedJob(t.hub.engine);
    const seq = t.hub.engine.seq;
    for (const cmd of [command('job.retry', { jobId: stuck }), command('job.cancel', { jobId: stuck }), command('job.test', { text: 'x' })]) {
      expect((await postCommand(t.url, cmd, {}, { cookie: waiter })).body, cmd.type).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(t.hub.engine.seq).toBe(seq);
  });

  it('attack: retry of a job that is not stuck, of none, of an object member name: refused, nothing recorded', async () => {
    const cmd = command('job.test', { text: 'otra' });
    await postCommand(t.url, cmd);
    const done = jobIdOf(cmd.id, 0);
    // Both of the command's jobs (its echo and its mark) finished: no job record may move the seq below.
    await waitUntil(() => statusOf(done) === 'done' && statusOf(jobIdOf(cmd.id, 1)) === 'done', 5000, 'done');
    const seq = t.hub.engine.seq;
    expect((await postCommand(t.url, command('job.retry', { jobId: done }))).body).toMatchObject({ ok: false, code: 'JOB_NOT_STUCK' });
    expect((await postCommand(t.url, command('job.cancel', { jobId: 'nada.0' }))).body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await postCommand(t.url, { ...command('job.retry', { jobId: 'x' }), payload: { jobId: '__proto__' } })).body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(t.hub.engine.seq).toBe(seq);
    expect((await lines('echo.log')).filter((l) => l === done)).toHaveLength(1);
  });

  it('an owner retries a failed job (it runs once) and cancels another (it never runs)', async () => {
    const [retried, cancelled] = [await makeFailedJob(t.hub.engine), await makeFailedJob(t.hub.engine)];
    expect((await postCommand(t.url, command('job.retry', { jobId: retried }))).body.ok).toBe(true);
    expect((await postCommand(t.url, command('job.cancel', { jobId: cancelled }))).body.ok).toBe(true);
    await waitUntil(() => statusOf(retried) === 'done', 5000, 'retried job done');
    expect(statusOf(cancelled)).toBe('cancelled');
    const echoed = await lines('echo.log');
    expect(echoed.filter((l) => l === retried)).toHaveLength(1);
    expect(echoed.filter((l) => l === cancelled)).toHaveLength(0);
  });
});
