import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#protocol';
import { isJobRunnerRecord, visibleActivity } from './activity-noise.ts';

const entry = (seq: number, type: string, staffId: string | null, deviceId: string): ActivityEntry => ({ seq, at: '2026-01-01T12:00:00.000Z', staffId, deviceId, type, detail: {} });

describe('the job runner in the activity view', () => {
  const entries = [
    entry(1, 'table.open', 'staff-1', 'dev-a'),
    entry(2, 'job.start', null, 'hub'),
    entry(3, 'job.finish', null, 'hub'),
    entry(4, 'job.retry', 'staff-1', 'dev-a'),
    entry(5, 'job.recover', null, 'hub'),
    entry(6, 'staff.signedIn', null, 'hub'),
    entry(7, 'job.start', null, 'hub'),
  ];

  it('hides what only the runner wrote, keeps what people did to jobs and the hub notes that are not jobs', () => {
    const { shown, hidden } = visibleActivity(entries, '');
    expect(shown.map((e) => e.seq)).toEqual([1, 4, 6]);
    expect(hidden).toBe(4);
    expect(visibleActivity(entries, 'order').hidden).toBe(4);
  });

  it('shows every job record when the filter asks for jobs', () => {
    expect(visibleActivity(entries, 'job')).toEqual({ shown: entries, hidden: 0 });
  });

  it('a device that calls itself "hub" but has a person is not the runner', () => {
    expect(isJobRunnerRecord(entry(8, 'job.start', 'staff-1', 'hub'))).toBe(false);
    expect(isJobRunnerRecord(entry(9, 'job.start', null, 'dev-a'))).toBe(false);
  });
});
