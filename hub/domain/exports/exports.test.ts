import { describe, expect, it } from 'vitest';
import type { Job, State } from '#protocol';
import { emptyState } from '../registry.ts';
import { requestExport } from './request.ts';
import { CATCH_UP_DAYS, daysToExport } from './plan.ts';
import { EXPORT_REACTORS } from './reactions.ts';

const ctx = (now: string) => ({ now, actor: { staffId: null, deviceId: 'hub' } });
const job = (day: string, status: Job['status'], kind: 'export.day' | 'export.deliver' = 'export.day'): Job =>
  ({ id: `c.${day}`, kind, payload: kind === 'export.day' ? { day } : { day, target: 'mail' }, status, attempts: 0, nextAt: '', reason: null, createdAt: '', updatedAt: '' }) as Job;

describe('which days the closing hour exports', () => {
  it.each([
    // [current business day, exported days, jobs, expected]
    ['2026-11-24', [], [], ['2026-11-23']],
    ['2026-11-24', ['2026-11-23'], [], []],
    ['2026-11-24', ['2026-11-20'], [], ['2026-11-21', '2026-11-22', '2026-11-23']],
    // Back to the newest exported day only: an older gap is the owner's to fill from the page.
    ['2026-11-24', ['2026-11-20', '2026-11-22'], [], ['2026-11-23']],
    ['2026-11-24', ['2026-11-20'], [job('2026-11-22', 'failed')], ['2026-11-21', '2026-11-23']],
    ['2026-11-24', [], [job('2026-11-23', 'pending')], []],
    ['2026-11-24', [], [job('2026-11-23', 'pending', 'export.deliver')], ['2026-11-23']],
    ['2026-03-01', ['2026-02-27'], [], ['2026-02-28']],
  ] as const)('current %s, exported %j → %j', (current, exported, jobs, expected) => {
    expect(daysToExport(current, exported, jobs)).toEqual(expected);
  });

  it(`catches up at most ${CATCH_UP_DAYS} missed nights`, () => {
    const days = daysToExport('2026-11-24', ['2025-01-01'], []);
    expect(days).toHaveLength(CATCH_UP_DAYS);
    expect(days.at(-1)).toBe('2026-11-23');
    expect(days[0]).toBe('2026-10-24');
  });
});

describe('export.run', () => {
  const s: State = emptyState();
  // Closing hour 4 (the default): 2026-11-24 03:59 Lima is still business day 2026-11-23.
  const beforeClose = '2026-11-24T08:59:00.000Z';
  it.each([
    ['2026-11-23', beforeClose, true],
    ['2026-11-22', beforeClose, true],
    ['2026-11-24', beforeClose, false],
    ['2026-11-24', '2026-11-24T09:00:00.000Z', true],
    ['2026-02-30', beforeClose, false],
    ['2026-13-01', beforeClose, false],
  ] as const)('%s at %s: accepted %s', (day, now, ok) => {
    const d = requestExport(s, { day, what: 'all' }, ctx(now));
    expect(d.ok).toBe(ok);
    if (d.ok) expect(d.events).toEqual([{ type: 'export.requested', day, what: 'all' }]);
    else expect(d).toMatchObject({ code: 'INCORRECT_INPUT', message: 'day' });
  });

  it('causes the folder and the mail jobs; a resend only the mail', () => {
    const react = EXPORT_REACTORS['export.requested']!;
    expect(react({ type: 'export.requested', day: '2026-11-23', what: 'all' }, s, beforeClose)).toEqual([
      { kind: 'export.day', payload: { day: '2026-11-23' } },
      { kind: 'export.deliver', payload: { day: '2026-11-23', target: 'mail' } },
    ]);
    expect(react({ type: 'export.requested', day: '2026-11-23', what: 'mail' }, s, beforeClose)).toEqual([{ kind: 'export.deliver', payload: { day: '2026-11-23', target: 'mail' } }]);
  });
});
