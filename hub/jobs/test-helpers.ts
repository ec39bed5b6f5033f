import { randomUUID } from 'node:crypto';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { jobIdOf } from '#hub/domain/jobs/index.ts';
import type { CommandReply, Job } from '#protocol';
import type { JobEngine } from './job-service.ts';

const HUB = { staffId: null, deviceId: 'hub' } as const;

/**
 * Makes a failed `test.echo` job for a test to retry or cancel: the test
 * command, the start and a final failure are submitted in one tick, so they
 * are decided before the hub's own runner hears of the job. Its `test.mark`
 * sibling is left to the runner, and awaited, so the log stands still after. Returns its id.
 */
export async function makeFailedJob(engine: JobEngine & { readonly jobs: { values(): Iterable<Job> } }, now = new Date()): Promise<string> {
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

/**
 * Reasons of an e-invoice job that was tried and now waits for the world
 * outside (SUNAT back, a certificate, a SOL user). Its lane, which every
 * e-invoice job shares, is then paused and records nothing until that
 * changes (hub/einvoice/outbox/gate.ts): for a test, the lane's jobs are
 * settled, also those created since and not tried yet.
 */
const WAITS_OUTSIDE: ReadonlySet<string> = new Set(['SUNAT_UNREACHABLE', 'CERT_MISSING', 'SOL_MISSING']);
const isEinvoice = (j: Job) => j.kind === 'einvoice.send' || j.kind === 'einvoice.summary';

/** Resolves once no job waits or runs (but e-invoice jobs held while sending cannot work) and every staged record is on disk (bounded: a job that never settles fails the test). */
export async function jobsSettled(engine: { readonly jobs: { values(): Iterable<Job> }; readonly uncommitted?: number }, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  // A test may read every job of the table (the hub never does on a command's path).
  const all = () => [...engine.jobs.values()];
  const einvoiceHeld = () => all().some((j) => isEinvoice(j) && j.status === 'pending' && j.attempts > 0 && j.reason !== null && WAITS_OUTSIDE.has(j.reason));
  const busy = () => {
    const held = einvoiceHeld();
    // The table shows a job's fate once it is staged; its listeners (the print history) hear it once committed.
    return all().some((j) => (j.status === 'pending' && !(held && isEinvoice(j))) || j.status === 'running') || (engine.uncommitted ?? 0) > 0;
  };
  while (busy()) {
    if (Date.now() > end) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 10));
  }
}
