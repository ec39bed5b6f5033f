import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';
import { J } from './test-jobs.ts';

/** Sample commands of every job command type, aimed at the jobs of jobsState() (every status), for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('job.test', { text: 'hola' }),
  command('job.retry', { jobId: J.failed }),
  command('job.cancel', { jobId: J.maybeDone }),
  command('job.start', { jobId: J.pending }),
  command('job.markWriting', { jobId: J.running }),
  command('job.finish', { jobId: J.running, outcome: { ok: false, canRetry: true, reason: 'TIMEOUT' } }),
  command('job.recover', { jobIds: [J.running, J.pending] }),
  command('job.prune', { before: '2099-01-01T00:00:00.000Z' }),
  // The rule is hub-only (hub-rules.ts): here the shared registry's refusal.
  command('export.run', { day: '2026-03-30', what: 'all' }),
  command('backup.run', { reason: 'onDemand' }),
];
