import { describe, expect, it } from 'vitest';
import { nightlyDue } from './planner.ts';

/** When the nightly backup is asked for (README.md "When"): the business day began at 09:00Z (closing hour 4, Lima). */
describe('nightlyDue', () => {
  const dayStart = '2026-11-29T09:00:00.000Z';
  const base = { dayStart, exportInHand: false, backupInHand: false, seq: 500 };
  it.each([
    ['never backed up', { ...base, last: null }, true],
    ['last night before the closing hour, sales since', { ...base, last: { createdAt: '2026-11-28T09:05:00.000Z', seq: 300 } }, true],
    ['already made since the closing hour', { ...base, last: { createdAt: '2026-11-29T09:01:00.000Z', seq: 300 } }, false],
    ['nothing changed since the last one (closed day)', { ...base, last: { createdAt: '2026-11-28T09:05:00.000Z', seq: 500 } }, false],
    ['the export still running: after it', { ...base, exportInHand: true, last: null }, false],
    ['a backup job already in hand', { ...base, backupInHand: true, last: null }, false],
    ['a whole backup with an unreadable header (time unknown), sales since', { ...base, last: { createdAt: null, seq: null } }, true],
  ] as const)('%s -> %s', (_label, input, due) => {
    expect(nightlyDue(input)).toBe(due);
  });
});
