import { describe, expect, it } from 'vitest';
import type { PendingSummaryLine, State } from '#protocol';
import { daysToSummarize } from './summary-planner.ts';

/** Which days the hub summarizes by itself: every past Lima day with lines waiting, oldest first, never today. */
describe('daysToSummarize', () => {
  const pending = (key: string, referenceDate: string) => ({ key, referenceDate, line: {} }) as unknown as PendingSummaryLine;
  const stateWith = (...lines: PendingSummaryLine[]) => ({ pendingSummary: Object.fromEntries(lines.map((l) => [l.key, l])) }) as unknown as State;

  const cases: [string, State, string[]][] = [
    ['nothing waiting', stateWith(), []],
    ['only today', stateWith(pending('03-B001-1', '2026-05-10')), []],
    ['yesterday and today', stateWith(pending('03-B001-1', '2026-05-09'), pending('03-B001-2', '2026-05-10')), ['2026-05-09']],
    ['several lines of one day: the day once', stateWith(pending('03-B001-1', '2026-05-08'), pending('07-BC01-1', '2026-05-08')), ['2026-05-08']],
    ['older days first', stateWith(pending('03-B001-9', '2026-05-09'), pending('03-B001-1', '2026-04-30')), ['2026-04-30', '2026-05-09']],
    ['a line dated after today (clock moved back) waits', stateWith(pending('03-B001-1', '2026-05-11')), []],
  ];
  it.each(cases)('%s', (_name, state, expected) => {
    expect(daysToSummarize(state, '2026-05-10')).toEqual(expected);
  });
});
