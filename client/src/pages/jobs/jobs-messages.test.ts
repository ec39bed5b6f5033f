import { describe, expect, it } from 'vitest';
import { JOB_KINDS, JOB_REASONS, type Job } from '#protocol';
import { jobsEn } from './i18n/en.ts';
import { jobsEs } from './i18n/es.ts';
import { jobsZh } from './i18n/zh.ts';
import { queuedCount, stuckJobs } from './stuck-jobs.ts';
import { emptyState } from '#domain';

/** Reads a dotted key (`kinds.test.echo`) from a message tree. */
function at(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

const jobsMessages = { es: jobsEs.jobs, en: jobsEn.jobs, zh: jobsZh.jobs };

describe('stuck jobs page texts', () => {
  it.each(['es', 'en', 'zh'] as const)('%s names every job kind and every failure reason', (lang) => {
    for (const kind of JOB_KINDS) expect(at(jobsMessages[lang], `kinds.${kind}`), kind).toBeTypeOf('string');
    for (const reason of JOB_REASONS) expect(at(jobsMessages[lang], `reasons.${reason}`), reason).toBeTypeOf('string');
  });
});

describe('stuck jobs list', () => {
  const job = (id: string, status: Job['status'], updatedAt: string): Job =>
    ({ id, kind: 'test.echo', payload: { text: '' }, status, attempts: 1, nextAt: updatedAt, reason: null, createdAt: updatedAt, updatedAt }) as Job;

  it('shows failed and maybe-done jobs, latest change first; counts the queue apart', () => {
    const jobs = [job('a.0', 'failed', '2026-01-01T10:00:00.000Z'), job('b.0', 'maybeDone', '2026-01-01T11:00:00.000Z'), job('c.0', 'done', '2026-01-01T12:00:00.000Z'), job('d.0', 'pending', '2026-01-01T12:00:00.000Z'), job('e.0', 'running', '2026-01-01T12:00:00.000Z')];
    const state = { ...emptyState(), jobs: Object.fromEntries(jobs.map((j) => [j.id, j])) };
    expect(stuckJobs(state).map((j) => j.id)).toEqual(['b.0', 'a.0']);
    expect(queuedCount(state)).toBe(2);
    expect(stuckJobs(null)).toEqual([]);
  });
});
