import { describe, expect, it } from 'vitest';
import type { Command, Job, JobStatus } from '#protocol';
import { JOB_KINDS, JOB_POLICIES } from '#protocol';
import type { DecideContext } from '../decision.ts';
import { decide } from '../decide.ts';
import { command, ctxAt, deepFreeze, menuState, NOW, uid } from '../test-fixtures.ts';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from './backoff.ts';
import { PRUNE_BATCH } from './handlers.ts';
import { MemoryJobs } from './memory-jobs.ts';
import { J, jobAt, jobsTable } from './test-jobs.ts';

/** The hub's context (actor null) with `jobs` as its job table. */
const hubCtx = (jobs: MemoryJobs): DecideContext => ({ ...ctxAt(NOW, null), jobs });

/**
 * Decides as the hub on the menu and `jobs` and returns the job's status after, or the
 * refusal code; a refusal leaves `jobs` as it was (the rules never write the table).
 */
function outcome(jobs: MemoryJobs, cmd: Command, jobId: string): JobStatus | string {
  const before = JSON.stringify(jobs.values());
  const d = decide(deepFreeze(menuState()), cmd, hubCtx(jobs));
  expect(JSON.stringify(jobs.values())).toBe(before);
  if (!d.ok) return d.code;
  return jobs.copy().apply(d.events).get(jobId)?.status ?? 'gone';
}

/** The job after a decided command, or the refusal code. */
function jobAfter(jobs: MemoryJobs, cmd: Command, jobId: string): Job | string | undefined {
  const d = decide(menuState(), cmd, hubCtx(jobs));
  return d.ok ? jobs.copy().apply(d.events).get(jobId) : d.code;
}

const STATUSES = Object.keys(J) as JobStatus[];
const FAIL_RETRY = { ok: false, canRetry: true, reason: 'TIMEOUT' } as const;
const FAIL_FINAL = { ok: false, canRetry: false, reason: 'DEVICE_OFFLINE' } as const;

/** What each command makes of a `test.echo` job (not repeatable) in each status. */
const MACHINE: [string, (jobId: string) => Command, Record<JobStatus, JobStatus | string>][] = [
  ['job.start', (jobId) => command('job.start', { jobId }), { pending: 'running', running: 'JOB_NOT_PENDING', done: 'JOB_NOT_PENDING', failed: 'JOB_NOT_PENDING', maybeDone: 'JOB_NOT_PENDING', cancelled: 'JOB_NOT_PENDING' }],
  ['job.finish ok', (jobId) => command('job.finish', { jobId, outcome: { ok: true } }), { pending: 'JOB_NOT_PENDING', running: 'done', done: 'JOB_NOT_PENDING', failed: 'JOB_NOT_PENDING', maybeDone: 'JOB_NOT_PENDING', cancelled: 'JOB_NOT_PENDING' }],
  ['job.finish retryable', (jobId) => command('job.finish', { jobId, outcome: FAIL_RETRY }), { pending: 'JOB_NOT_PENDING', running: 'pending', done: 'JOB_NOT_PENDING', failed: 'JOB_NOT_PENDING', maybeDone: 'JOB_NOT_PENDING', cancelled: 'JOB_NOT_PENDING' }],
  ['job.finish final', (jobId) => command('job.finish', { jobId, outcome: FAIL_FINAL }), { pending: 'JOB_NOT_PENDING', running: 'failed', done: 'JOB_NOT_PENDING', failed: 'JOB_NOT_PENDING', maybeDone: 'JOB_NOT_PENDING', cancelled: 'JOB_NOT_PENDING' }],
  ['job.recover', (jobId) => command('job.recover', { jobIds: [jobId] }), { pending: 'NOT_FOUND', running: 'maybeDone', done: 'NOT_FOUND', failed: 'NOT_FOUND', maybeDone: 'NOT_FOUND', cancelled: 'NOT_FOUND' }],
  ['job.retry', (jobId) => command('job.retry', { jobId }), { pending: 'JOB_NOT_STUCK', running: 'JOB_NOT_STUCK', done: 'JOB_NOT_STUCK', failed: 'pending', maybeDone: 'pending', cancelled: 'JOB_NOT_STUCK' }],
  ['job.cancel', (jobId) => command('job.cancel', { jobId }), { pending: 'JOB_NOT_STUCK', running: 'JOB_NOT_STUCK', done: 'JOB_NOT_STUCK', failed: 'cancelled', maybeDone: 'cancelled', cancelled: 'JOB_NOT_STUCK' }],
];

describe('the job state machine', () => {
  const cases = MACHINE.flatMap(([name, make, expected]) => STATUSES.map((status) => [name, status, expected[status], make] as const));
  it.each(cases)('%s on a %s job gives %s', (_name, status, expected, make) => {
    expect(outcome(jobsTable(), make(J[status]), J[status])).toBe(expected);
  });

  it.each(MACHINE.filter(([name]) => name !== 'job.recover'))('%s on an unknown job is NOT_FOUND', (_name, make) => {
    expect(outcome(jobsTable(), make('job-none.0'), 'job-none.0')).toBe('NOT_FOUND');
  });

  it.each(['__proto__', 'constructor', 'toString'])('%s as a job id is NOT_FOUND, nothing changes', (id) => {
    for (const [, make] of MACHINE.filter(([name]) => name !== 'job.recover')) expect(outcome(jobsTable(), make(id), id)).toBe('NOT_FOUND');
  });

  it('a repeatable kind found running at start-up is pending again, not maybe done', () => {
    const s = new MemoryJobs([jobAt(J.running, 'running', { kind: 'test.mark' })]);
    expect(JOB_POLICIES['test.mark'].repeatable).toBe(true);
    expect(outcome(s, command('job.recover', { jobIds: [J.running] }), J.running)).toBe('pending');
  });

  it('start counts an attempt; a person retry starts the count again', () => {
    expect(jobAfter(jobsTable(), command('job.start', { jobId: J.pending }), J.pending)).toMatchObject({ attempts: 1 });
    expect(jobAfter(jobsTable(), command('job.retry', { jobId: J.failed }), J.failed)).toMatchObject({ status: 'pending', attempts: 0, reason: null, nextAt: NOW });
  });
});

/**
 * Issue 19 item 11: a ticket cut off while its printer (switched off on the LAN) never answered the
 * connection wrote nothing, and runs again by itself; only one whose writing mark is on disk may be
 * on paper and waits for a person.
 */
describe('the writing mark of printouts and drawer kicks', () => {
  const printJob = (status: JobStatus, over: Partial<Job> = {}) =>
    jobAt(J[status], status, { kind: 'print', payload: { printerId: 'pr-1', purpose: 'kitchen', document: { blocks: [] } }, ...over } as Partial<Job>);
  const withJob = (job: Job): MemoryJobs => new MemoryJobs([job]);
  const markOf = (jobs: MemoryJobs, cmd: Command, jobId: string) => {
    const after = jobAfter(jobs, cmd, jobId);
    return typeof after === 'object' ? after.writingAt : after;
  };

  it('only kinds that write to a device mark their writing', () => {
    expect(JOB_KINDS.filter((k) => JOB_POLICIES[k].marksWriting)).toEqual(['print', 'drawer.kick']);
    for (const k of JOB_KINDS) if (JOB_POLICIES[k].marksWriting) expect(JOB_POLICIES[k].repeatable).toBe(false);
  });

  const recoverCases: [string, Job, JobStatus][] = [
    ['a print job still connecting (no mark)', printJob('running'), 'pending'],
    ['a print job whose first byte was on its way (marked)', printJob('running', { writingAt: NOW }), 'maybeDone'],
    ['a drawer kick still connecting', printJob('running', { kind: 'drawer.kick', payload: { printerId: 'pr-1', reason: 'x' } } as Partial<Job>), 'pending'],
    ['a drawer kick marked', printJob('running', { kind: 'drawer.kick', payload: { printerId: 'pr-1', reason: 'x' }, writingAt: NOW } as Partial<Job>), 'maybeDone'],
    ['a blind kind that marks nothing', jobAt(J.running, 'running'), 'maybeDone'],
  ];
  it.each(recoverCases)('found running at start-up: %s is %s', (_name, job, expected) => {
    expect(outcome(withJob(job), command('job.recover', { jobIds: [job.id] }), job.id)).toBe(expected);
  });

  it.each(STATUSES)('job.markWriting on a %s print job', (status) => {
    const expected = status === 'running' ? NOW : 'JOB_NOT_PENDING';
    expect(markOf(withJob(printJob(status)), command('job.markWriting', { jobId: J[status] }), J[status])).toBe(expected);
  });

  it('is refused for a kind that does not mark, a second time, and for an unknown job (nothing recorded)', () => {
    expect(markOf(withJob(jobAt(J.running, 'running')), command('job.markWriting', { jobId: J.running }), J.running)).toBe('JOB_NOT_PENDING');
    expect(markOf(withJob(printJob('running', { writingAt: NOW })), command('job.markWriting', { jobId: J.running }), J.running)).toBe('JOB_NOT_PENDING');
    expect(markOf(withJob(printJob('running')), command('job.markWriting', { jobId: '__proto__' }), '__proto__')).toBe('NOT_FOUND');
  });

  // Issue 20 (the lone device): a printer ready to take the first byte at once gets the start and the mark in one record.
  it.each(STATUSES)('job.start with writing on a %s print job', (status) => {
    const expected = status === 'pending' ? NOW : 'JOB_NOT_PENDING';
    expect(markOf(withJob(printJob(status, { writingAt: status === 'pending' ? undefined : NOW })), command('job.start', { jobId: J[status], writing: true }), J[status])).toBe(expected);
  });

  it('job.start with writing: one record holds the start, then the mark; the job is running, attempt counted', () => {
    const jobs = withJob(printJob('pending', { writingAt: NOW, reason: 'UNREACHABLE' }));
    const d = decide(menuState(), command('job.start', { jobId: J.pending, writing: true }), hubCtx(jobs));
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['job.started', 'job.writing']);
    const job = jobAfter(jobs, command('job.start', { jobId: J.pending, writing: true }), J.pending);
    expect(typeof job === 'object' && [job.status, job.attempts, job.writingAt]).toEqual(['running', 1, NOW]);
  });

  it('job.start with writing is refused for a kind that does not mark and for hostile ids, nothing changes', () => {
    expect(outcome(withJob(jobAt(J.pending, 'pending')), command('job.start', { jobId: J.pending, writing: true }), J.pending)).toBe('JOB_NOT_PENDING');
    for (const id of ['__proto__', 'constructor']) expect(outcome(withJob(printJob('pending')), command('job.start', { jobId: id, writing: true }), id)).toBe('NOT_FOUND');
  });

  it('a new attempt starts without the mark of the last one', () => {
    const job = jobAfter(withJob(printJob('pending', { writingAt: NOW, reason: 'UNREACHABLE' })), command('job.start', { jobId: J.pending }), J.pending);
    expect(typeof job === 'object' && job.status).toBe('running');
    expect(typeof job === 'object' && 'writingAt' in job).toBe(false);
  });
});

describe('retry with backoff', () => {
  it('waits 2 s, 4 s, 8 s... at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(99)).toBe(MAX_RETRY_MS);
  });

  it.each([1, 2, 3, 4])('a retryable failure after attempt %i sets the next try at now + the backoff', (attempts) => {
    const job = jobAfter(new MemoryJobs([jobAt(J.running, 'running', { attempts })]), command('job.finish', { jobId: J.running, outcome: FAIL_RETRY }), J.running);
    expect(job).toMatchObject({ status: 'pending', reason: 'TIMEOUT', nextAt: new Date(Date.parse(NOW) + retryDelayMs(attempts)).toISOString() });
  });

  it('gives up (failed) at the kind maxAttempts, even when the runner could retry', () => {
    const max = JOB_POLICIES['test.echo'].maxAttempts;
    const s = new MemoryJobs([jobAt(J.running, 'running', { attempts: max })]);
    expect(outcome(s, command('job.finish', { jobId: J.running, outcome: FAIL_RETRY }), J.running)).toBe('failed');
  });
});

describe('reactions: jobs in the same decision as their cause', () => {
  it('job.test creates one echo and one mark job, ids derived from the command id', () => {
    const cmd = command('job.test', { text: 'hola' }, uid(77));
    const d = decide(menuState(), cmd, ctxAt());
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['job.testRequested', 'job.created', 'job.created']);
    const s = new MemoryJobs().apply(d.ok ? d.events : []);
    expect(s.get(`${uid(77)}.0`)).toMatchObject({ kind: 'test.echo', status: 'pending', attempts: 0, payload: { text: 'hola' }, createdAt: NOW });
    expect(s.get(`${uid(77)}.1`)).toMatchObject({ kind: 'test.mark', status: 'pending' });
  });

  it('deciding the same command again gives the same jobs (never random)', () => {
    const cmd = command('job.test', { text: 'x' }, uid(78));
    expect(decide(menuState(), cmd, ctxAt())).toEqual(decide(menuState(), cmd, ctxAt()));
  });

  it('commands without a reaction get no job, and a refusal none either', () => {
    const d = decide(menuState(), command('restaurant.rename', { name: 'Otro' }), ctxAt());
    expect(d.ok && d.events.some((e) => e.type === 'job.created')).toBe(false);
    expect(decide(menuState(), command('job.retry', { jobId: 'nope.0' }), ctxAt()).ok).toBe(false);
  });
});

describe('pruning finished jobs', () => {
  it('drops done and cancelled jobs changed before the cut, keeps the rest', () => {
    const s = jobsTable();
    const d = decide(menuState(), command('job.prune', { before: '2099-01-01T00:00:00.000Z' }), hubCtx(s));
    const after = s.copy().apply(d.ok ? d.events : []);
    expect(after.values().map((j) => j.id).sort()).toEqual([J.failed, J.maybeDone, J.pending, J.running].sort());
  });

  it('is refused (nothing recorded) when nothing is old enough', () => {
    const d = decide(menuState(), command('job.prune', { before: NOW }), hubCtx(jobsTable()));
    expect(d).toEqual({ ok: false, code: 'NOT_FOUND', message: 'before' });
  });

  it('takes at most PRUNE_BATCH jobs per record, oldest first (the next tick takes the rest)', () => {
    const at = (n: number) => new Date(Date.parse(NOW) + n * 1000).toISOString();
    const s = new MemoryJobs(Array.from({ length: PRUNE_BATCH + 20 }, (_, n) => jobAt(`old-${n}.0`, 'done', { updatedAt: at(n) })));
    const d = decide(menuState(), command('job.prune', { before: '2099-01-01T00:00:00.000Z' }), hubCtx(s));
    const pruned = d.ok ? d.events.flatMap((e) => (e.type === 'job.pruned' ? e.jobIds : [])) : [];
    expect(pruned).toHaveLength(PRUNE_BATCH);
    expect(pruned[0]).toBe('old-0.0');
    expect(s.copy().apply(d.ok ? d.events : []).values().map((j) => j.id)).toEqual(Array.from({ length: 20 }, (_, n) => `old-${PRUNE_BATCH + n}.0`));
  });
});
