import type { CommandPayload, DomainEvent, Job, State } from '#protocol';
import { JOB_POLICIES } from '#protocol';
import { accept, hubOnly, refuse, type DecideContext, type Decision } from '../decision.ts';
import { later, retryDelayMs } from './backoff.ts';
import { jobsOf } from './lookup.ts';
import { requestBackup } from '../backup/request.ts';

/** At most this many jobs leave in one prune record (the next tick takes the rest): a record's size is bounded. */
export const PRUNE_BATCH = 500;

/** Stuck jobs: the ones a person decides about (retry or cancel). */
export function isStuck(job: Job): boolean {
  return job.status === 'failed' || job.status === 'maybeDone';
}

/** Finished jobs: nothing more will happen to them; pruned from the live state after a while. */
export function isFinished(job: Job): boolean {
  return job.status === 'done' || job.status === 'cancelled';
}

/**
 * Whether a job cut off by a stop may have taken effect, so it must not run again by itself:
 * never for a repeatable kind; for a kind that marks its writing, only once the mark is on disk
 * (a ticket still connecting to a switched-off printer wrote nothing); otherwise always.
 */
export function mayHaveTakenEffect(job: Job): boolean {
  const policy = JOB_POLICIES[job.kind];
  if (policy.repeatable) return false;
  return policy.marksWriting === true ? job.writingAt !== undefined : true;
}

/** Finds the job in the hub's job table (ctx.jobs), or the refusal; `want` is the check the command needs. */
function withJob(ctx: DecideContext, jobId: string, want: (job: Job) => boolean, code: 'JOB_NOT_PENDING' | 'JOB_NOT_STUCK', then: (job: Job) => Decision): Decision {
  const job = jobsOf(ctx).get(jobId);
  if (!job) return refuse('NOT_FOUND', 'jobId');
  return want(job) ? then(job) : refuse(code);
}

/**
 * The job state machine (hub/jobs/README.md). People may only retry or
 * cancel a stuck job; the hub's runner records start, finish, recovery and
 * pruning (internal commands nobody else may send).
 */
export const jobHandlers = {
  'job.retry': (_s: State, p: CommandPayload<'job.retry'>, ctx: DecideContext): Decision =>
    withJob(ctx, p.jobId, isStuck, 'JOB_NOT_STUCK', (job) => accept([{ type: 'job.retried', jobId: job.id, at: ctx.now }])),

  'job.cancel': (_s: State, p: CommandPayload<'job.cancel'>, ctx: DecideContext): Decision =>
    withJob(ctx, p.jobId, isStuck, 'JOB_NOT_STUCK', (job) => accept([{ type: 'job.cancelled', jobId: job.id, at: ctx.now }])),

  // The jobs themselves are appended by `withReactions` (reactions.ts).
  'job.test': (_s: State, p: CommandPayload<'job.test'>): Decision => accept([{ type: 'job.testRequested', text: p.text }]),
  // Hub-only (hub/domain/exports/request.ts through ../hub-rules.ts): a device never needs the rule.
  'export.run': hubOnly,
  // An encrypted backup (../backup/request.ts): only the hub asks for a nightly one.
  'backup.run': requestBackup,

  // With `writing` the attempt's writing mark comes in the same record (one write fewer per ticket
  // on a ready printer); only a kind that marks its writing may ask for it.
  'job.start': (_s: State, p: CommandPayload<'job.start'>, ctx: DecideContext): Decision =>
    withJob(
      ctx,
      p.jobId,
      (job) => job.status === 'pending' && (p.writing !== true || JOB_POLICIES[job.kind].marksWriting === true),
      'JOB_NOT_PENDING',
      (job) =>
        accept([{ type: 'job.started', jobId: job.id, at: ctx.now }, ...(p.writing === true ? [{ type: 'job.writing' as const, jobId: job.id, at: ctx.now }] : [])]),
    ),

  // Recorded once per attempt, before the first byte: a crash after it leaves the job maybe done.
  'job.markWriting': (_s: State, p: CommandPayload<'job.markWriting'>, ctx: DecideContext): Decision =>
    withJob(ctx, p.jobId, (job) => job.status === 'running' && JOB_POLICIES[job.kind].marksWriting === true && job.writingAt === undefined, 'JOB_NOT_PENDING', (job) =>
      accept([{ type: 'job.writing', jobId: job.id, at: ctx.now }]),
    ),

  'job.finish': (_s: State, p: CommandPayload<'job.finish'>, ctx: DecideContext): Decision =>
    withJob(ctx, p.jobId, (job) => job.status === 'running', 'JOB_NOT_PENDING', (job) => {
      const o = p.outcome;
      if (o.ok) return accept([{ type: 'job.succeeded', jobId: job.id, at: ctx.now }]);
      const again = o.canRetry && job.attempts < JOB_POLICIES[job.kind].maxAttempts;
      return accept([{ type: 'job.failed', jobId: job.id, at: ctx.now, reason: o.reason, retryAt: again ? later(ctx.now, retryDelayMs(job.attempts)) : null }]);
    }),

  'job.recover': (_s: State, p: CommandPayload<'job.recover'>, ctx: DecideContext): Decision => {
    const events: DomainEvent[] = [];
    for (const id of new Set(p.jobIds)) {
      const job = jobsOf(ctx).get(id);
      if (job?.status !== 'running') continue;
      events.push({ type: 'job.interrupted', jobId: job.id, at: ctx.now, status: mayHaveTakenEffect(job) ? 'maybeDone' : 'pending' });
    }
    // Nothing to recover (another start did it): nothing to record.
    return events.length > 0 ? accept(events) : refuse('NOT_FOUND', 'jobIds');
  },

  // From the table's finished-order queue (oldest first), never a scan; bounded per record.
  'job.prune': (_s: State, p: CommandPayload<'job.prune'>, ctx: DecideContext): Decision => {
    const jobIds = jobsOf(ctx).prunableBefore(p.before, PRUNE_BATCH);
    return jobIds.length > 0 ? accept([{ type: 'job.pruned', jobIds }]) : refuse('NOT_FOUND', 'before');
  },
};
