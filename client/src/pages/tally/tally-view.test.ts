import { describe, expect, it } from 'vitest';
import type { TallyEntry, TallySummary } from '#protocol';
import { emptyState } from '#domain';
import { categoriesOf, entriesNewestFirst, methodRows, nameOf, needsNote, shiftDay } from './tally-view.ts';

describe('tally view', () => {
  it.each([
    ['expense', ['market', 'gas', 'wages', 'tips', 'otherExpense']],
    ['income', ['otherIncome']],
  ] as const)('the %s chips', (kind, expected) => {
    expect(categoriesOf(kind)).toEqual(expected);
  });

  it.each([
    ['market', false],
    ['otherExpense', true],
    ['otherIncome', true],
  ] as const)('%s needs a note: %s', (category, expected) => {
    expect(needsNote(category)).toBe(expected);
  });

  it('lists the methods with money in the usual order', () => {
    const summary = { salesByMethod: { yape: 300, cash: 1200, visa: 0 } } as unknown as TallySummary;
    expect(methodRows(summary)).toEqual([
      { method: 'cash', cents: 1200 },
      { method: 'yape', cents: 300 },
    ]);
  });

  it('reads newest first', () => {
    const e = (id: string, at: string) => ({ id, at }) as TallyEntry;
    expect(entriesNewestFirst([e('a', '2026-03-10T10:00:00Z'), e('b', '2026-03-10T12:00:00Z')]).map((x) => x.id)).toEqual(['b', 'a']);
  });

  it.each([
    ['2026-03-10', 1, '2026-03-11'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
  ] as const)('%s %i day(s) on is %s', (day, n, expected) => {
    expect(shiftDay(day, n)).toBe(expected);
  });

  it('names a person, or shows their id when the staff list lacks them, including prototype names', () => {
    const s = { ...emptyState(), staff: { 'st-1': { id: 'st-1', name: 'Rosa', code: '1', roleId: 'owner', disabled: false, hasPin: true, hasPassword: false } } } as ReturnType<typeof emptyState>;
    expect(nameOf(s, 'st-1')).toBe('Rosa');
    expect(nameOf(s, 'constructor')).toBe('constructor');
    expect(nameOf(s, null)).toBe('—');
  });
});
