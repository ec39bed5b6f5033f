import { describe, expect, it } from 'vitest';
import type { Command, Job, JobStatus, State } from '#protocol';
import { JOB_KINDS, JOB_POLICIES } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { command, ctxAt, deepFreeze, menuState, NOW, uid } from '../test-fixtures.ts';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from './backoff.ts';
import { J, jobAt, jobsState } from './test-jobs.ts';

/** Decides as the hub (actor null) on `state` and returns the job's status after, or the refusal code. */
function outcome(state: State, cmd: Command, jobId: string): JobStatus | string {
  const d = decide(deepFreeze(state), cmd, ctxAt(NOW, null));
  if (!d.ok) return d.code;
  return applyAll(state, d.events).jobs[jobId]?.status ?? 'gone';
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
    expect(outcome(jobsState(), make(J[status]), J[status])).toBe(expected);
  });

  it.each(MACHINE.filter(([name]) => name !== 'job.recover'))('%s on an unknown job is NOT_FOUND', (_name, make) => {
    expect(outcome(jobsState(), make('job-none.0'), 'job-none.0')).toBe('NOT_FOUND');
  });

  it('a repeatable kind found running at start-up is pending again, not maybe done', () => {
    const s = { ...menuState(), jobs: { [J.running]: jobAt(J.running, 'running', { kind: 'test.mark' }) } };
    expect(JOB_POLICIES['test.mark'].repeatable).toBe(true);
    expect(outcome(s, command('job.recover', { jobIds: [J.running] }), J.running)).toBe('pending');
  });

  it('start counts an attempt; a person retry starts the count again', () => {
    const s = jobsState();
    const started = decide(s, command('job.start', { jobId: J.pending }), ctxAt(NOW, null));
    expect(started.ok && applyAll(s, started.events).jobs[J.pending]?.attempts).toBe(1);
    const retried = decide(s, command('job.retry', { jobId: J.failed }), ctxAt(NOW, null));
    expect(retried.ok && applyAll(s, retried.events).jobs[J.failed]).toMatchObject({ status: 'pending', attempts: 0, reason: null, nextAt: NOW });
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
  const withJob = (job: Job): State => ({ ...menuState(), jobs: { [job.id]: job } });
  const markOf = (state: State, cmd: Command, jobId: string) => {
    const d = decide(deepFreeze(state), cmd, ctxAt(NOW, null));
    return d.ok ? applyAll(state, d.events).jobs[jobId]?.writingAt : d.code;
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

  it('a new attempt starts without the mark of the last one', () => {
    const s = withJob(printJob('pending', { writingAt: NOW, reason: 'UNREACHABLE' }));
    const started = decide(s, command('job.start', { jobId: J.pending }), ctxAt(NOW, null));
    expect(started.ok).toBe(true);
    const job = started.ok ? applyAll(s, started.events).jobs[J.pending] : undefined;
    expect(job?.status).toBe('running');
    expect(job && 'writingAt' in job).toBe(false);
  });
});

describe('retry with backoff', () => {
  it('waits 2 s, 4 s, 8 s... at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(99)).toBe(MAX_RETRY_MS);
  });

  it.each([1, 2, 3, 4])('a retryable failure after attempt %i sets the next try at now + the backoff', (attempts) => {
    const s = { ...menuState(), jobs: { [J.running]: jobAt(J.running, 'running', { attempts }) } };
    const d = decide(s, command('job.finish', { jobId: J.running, outcome: FAIL_RETRY }), ctxAt(NOW, null));
    const job = d.ok ? applyAll(s, d.events).jobs[J.running] : undefined;
    expect(job).toMatchObject({ status: 'pending', reason: 'TIMEOUT', nextAt: new Date(Date.parse(NOW) + retryDelayMs(attempts)).toISOString() });
  });

  it('gives up (failed) at the kind maxAttempts, even when the runner could retry', () => {
    const max = JOB_POLICIES['test.echo'].maxAttempts;
    const s = { ...menuState(), jobs: { [J.running]: jobAt(J.running, 'running', { attempts: max }) } };
    expect(outcome(s, command('job.finish', { jobId: J.running, outcome: FAIL_RETRY }), J.running)).toBe('failed');
  });
});

describe('reactions: jobs in the same decision as their cause', () => {
  it('job.test creates one echo and one mark job, ids derived from the command id', () => {
    const cmd = command('job.test', { text: 'hola' }, uid(77));
    const d = decide(menuState(), cmd, ctxAt());
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['job.testRequested', 'job.created', 'job.created']);
    const s = d.ok ? applyAll(menuState(), d.events) : menuState();
    expect(s.jobs[`${uid(77)}.0`]).toMatchObject({ kind: 'test.echo', status: 'pending', attempts: 0, payload: { text: 'hola' }, createdAt: NOW });
    expect(s.jobs[`${uid(77)}.1`]).toMatchObject({ kind: 'test.mark', status: 'pending' });
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
    const s = jobsState();
    const d = decide(s, command('job.prune', { before: '2099-01-01T00:00:00.000Z' }), ctxAt(NOW, null));
    const after = d.ok ? applyAll(s, d.events) : s;
    expect(Object.keys(after.jobs).sort()).toEqual([J.failed, J.maybeDone, J.pending, J.running].sort());
  });

  it('is refused (nothing recorded) when nothing is old enough', () => {
    const d = decide(jobsState(), command('job.prune', { before: NOW }), ctxAt(NOW, null));
    expect(d).toEqual({ ok: false, code: 'NOT_FOUND', message: 'before' });
  });
});
