import { describe, expect, it } from 'vitest';
import type { Job, State } from '#protocol';
import { deepFreeze, menuState } from '../test-fixtures.ts';
import { dropJobs, legacyJobs } from './migration-6.ts';
import { jobAt } from './test-jobs.ts';

/** Store migration 6: the jobs leave the state (the engine moved them into its job table first). */
describe('migration 6: jobs leave the state', () => {
  const withJobs = (jobs: unknown): State => ({ ...menuState(), jobs }) as unknown as State;

  it.each<[string, unknown, string[]]>([
    ['the jobs in the order they were made (key order)', { 'z.0': jobAt('z.0', 'pending'), 'a.0': jobAt('a.0', 'failed') }, ['z.0', 'a.0']],
    ['no jobs', {}, []],
    ['a record of the wrong shape', [jobAt('a.0', 'pending')], []],
    ['null', null, []],
    ['an entry whose id is not its key, or not a job', { 'a.0': jobAt('b.0', 'pending'), 'c.0': 7, 'd.0': jobAt('d.0', 'done') }, ['d.0']],
  ])('legacyJobs: %s', (_label, jobs, ids) => {
    expect(legacyJobs(deepFreeze(withJobs(jobs))).map((j: Job) => j.id)).toEqual(ids);
  });

  it('legacyJobs of a state without them is empty; dropJobs of one leaves it as it is', () => {
    const s = deepFreeze(menuState());
    expect(legacyJobs(s)).toEqual([]);
    expect(dropJobs(s)).toBe(s);
  });

  it('dropJobs removes the slice and nothing else, without changing its argument (frozen)', () => {
    const s = deepFreeze(withJobs({ 'a.0': jobAt('a.0', 'pending') }));
    const out = dropJobs(s);
    expect(Object.hasOwn(out, 'jobs')).toBe(false);
    expect(out).toEqual(menuState());
    expect(Object.hasOwn(s, 'jobs')).toBe(true);
  });
});
