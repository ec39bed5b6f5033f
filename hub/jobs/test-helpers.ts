import { randomUUID } from 'node:crypto';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { jobIdOf } from '#hub/domain/jobs/index.ts';
import type { CommandReply } from '#protocol';
import type { JobEngine } from './job-service.ts';

const HUB = { staffId: null, deviceId: 'hub' } as const;

/**
 * Makes a failed `test.echo` job for a test to retry or cancel: the test
 * command, the start and a final failure are submitted in one tick, so they
 * are decided before the hub's own runner hears of the job. Its `test.mark`
 * sibling is left to the runner, and awaited, so the log stands still after. Returns its id.
 */
export async function makeFailedJob(engine: JobEngine, now = new Date()): Promise<string> {
  const cause = hubCommand('job.test', { text: `stuck ${randomUUID()}` }, HUB.deviceId, now);
  const jobId = jobIdOf(cause.id, 0);
  const replies: Promise<CommandReply>[] = [
    engine.submit(cause, HUB),
    engine.submit(hubCommand('job.start', { jobId }, HUB.deviceId, now), HUB),
    engine.submit(hubCommand('job.finish', { jobId, outcome: { ok: false, canRetry: false, reason: 'DEVICE_OFFLINE' } }, HUB.deviceId, now), HUB),
  ];
  for (const reply of await Promise.all(replies)) if (!reply.ok) throw new Error(`could not make a failed job: ${reply.code}`);
  await jobsSettled(engine);
  return jobId;
}

/** Resolves once no job waits or runs (bounded: a job that never settles fails the test). */
export async function jobsSettled(engine: JobEngine, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  const busy = () => Object.values(engine.state.jobs).some((j) => j.status === 'pending' || j.status === 'running');
  while (busy()) {
    if (Date.now() > end) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 10));
  }
}
