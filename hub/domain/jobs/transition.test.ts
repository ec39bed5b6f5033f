import { describe, expect, it } from 'vitest';
import type { DomainEvent, Job } from '#protocol';
import { deepFreeze, NOW } from '../test-fixtures.ts';
import { jobAt } from './test-jobs.ts';
import { jobIdsOf, nextJob } from './transition.ts';

/**
 * One job through one event (the hub's job table and the tests' MemoryJobs
 * fold jobs with it, so replay equals live): every job event, table-driven,
 * on a frozen job (never changed in place), and the events that concern no
 * job or another one.
 */
const AT = '2025-03-15T01:00:00.000Z';
const LATER = '2025-03-15T01:05:00.000Z';
const id = 'cmd-1.0';
const running = (): Job => ({ ...jobAt(id, 'running'), writingAt: NOW });

const cases: [string, Job | undefined, DomainEvent, Job | undefined | 'removed'][] = [
  ['created: the job as made', undefined, { type: 'job.created', job: jobAt(id, 'pending') }, jobAt(id, 'pending')],
  ['created again: the new one replaces it', jobAt(id, 'failed'), { type: 'job.created', job: jobAt(id, 'pending') }, jobAt(id, 'pending')],
  ['started: running, one more attempt, the writing mark cleared', { ...jobAt(id, 'pending'), writingAt: NOW }, { type: 'job.started', jobId: id, at: AT }, { ...jobAt(id, 'pending'), status: 'running', attempts: 1, updatedAt: AT }],
  ['writing: the mark set, nothing else', jobAt(id, 'running'), { type: 'job.writing', jobId: id, at: AT }, { ...jobAt(id, 'running'), writingAt: AT }],
  ['succeeded: done, reason cleared', { ...running(), reason: 'DEVICE_OFFLINE' }, { type: 'job.succeeded', jobId: id, at: AT }, { ...running(), status: 'done', reason: null, updatedAt: AT }],
  [
    'failed with a retry time: pending again from then',
    running(),
    { type: 'job.failed', jobId: id, at: AT, reason: 'DEVICE_OFFLINE', retryAt: LATER },
    { ...running(), status: 'pending', reason: 'DEVICE_OFFLINE', nextAt: LATER, updatedAt: AT },
  ],
  ['failed for good: failed, its reason kept', running(), { type: 'job.failed', jobId: id, at: AT, reason: 'IO_ERROR', retryAt: null }, { ...running(), status: 'failed', reason: 'IO_ERROR', updatedAt: AT }],
  ['interrupted, maybe done', running(), { type: 'job.interrupted', jobId: id, at: AT, status: 'maybeDone' }, { ...running(), status: 'maybeDone', reason: 'INTERRUPTED', updatedAt: AT }],
  ['interrupted, pending: due at once', running(), { type: 'job.interrupted', jobId: id, at: AT, status: 'pending' }, { ...running(), status: 'pending', reason: 'INTERRUPTED', nextAt: AT, updatedAt: AT }],
  [
    'retried by a person: pending at once, the count starts again',
    { ...jobAt(id, 'failed'), attempts: 7 },
    { type: 'job.retried', jobId: id, at: AT },
    { ...jobAt(id, 'failed'), status: 'pending', attempts: 0, reason: null, nextAt: AT, updatedAt: AT },
  ],
  ['cancelled', jobAt(id, 'maybeDone'), { type: 'job.cancelled', jobId: id, at: AT }, { ...jobAt(id, 'maybeDone'), status: 'cancelled', updatedAt: AT }],
  ['pruned: removed', jobAt(id, 'done'), { type: 'job.pruned', jobIds: ['other.0', id] }, 'removed'],
  ['pruned, another job: unchanged', jobAt(id, 'done'), { type: 'job.pruned', jobIds: ['other.0'] }, jobAt(id, 'done')],
  ['any event about an unknown job: nothing', undefined, { type: 'job.started', jobId: id, at: AT }, undefined],
  ['pruned, unknown: nothing', undefined, { type: 'job.pruned', jobIds: [id] }, undefined],
  ['not a job event: unchanged', jobAt(id, 'pending'), { type: 'job.testRequested', text: 'x' }, jobAt(id, 'pending')],
];

describe('nextJob', () => {
  it.each(cases)('%s', (_label, before, event, after) => {
    const frozen = before && deepFreeze(structuredClone(before));
    expect(nextJob(frozen, deepFreeze(structuredClone(event)))).toEqual(after);
    if (frozen && before) expect(frozen).toEqual(before);
  });

  it('an event that does not concern the job returns the very same job (the table sees no change)', () => {
    const job = jobAt(id, 'done');
    expect(nextJob(job, { type: 'job.pruned', jobIds: ['other.0'] })).toBe(job);
    expect(nextJob(job, { type: 'export.requested', day: '2025-03-14', what: 'all' })).toBe(job);
  });
});

describe('jobIdsOf', () => {
  it.each<[DomainEvent, readonly string[]]>([
    [{ type: 'job.created', job: jobAt(id, 'pending') }, [id]],
    [{ type: 'job.started', jobId: id, at: AT }, [id]],
    [{ type: 'job.writing', jobId: id, at: AT }, [id]],
    [{ type: 'job.succeeded', jobId: id, at: AT }, [id]],
    [{ type: 'job.failed', jobId: id, at: AT, reason: 'IO_ERROR', retryAt: null }, [id]],
    [{ type: 'job.interrupted', jobId: id, at: AT, status: 'pending' }, [id]],
    [{ type: 'job.retried', jobId: id, at: AT }, [id]],
    [{ type: 'job.cancelled', jobId: id, at: AT }, [id]],
    [{ type: 'job.pruned', jobIds: ['a.0', 'b.0'] }, ['a.0', 'b.0']],
    [{ type: 'job.testRequested', text: 'x' }, []],
    [{ type: 'restaurant.renamed', name: 'x' } as unknown as DomainEvent, []],
  ])('%o', (event, ids) => {
    expect(jobIdsOf(event)).toEqual(ids);
  });
});
