import { describe, expect, it } from 'vitest';
import { suggestedDay } from './suggested-day.ts';

/**
 * Which day the exports page offers first (closing hour 4 by default: a sale
 * at 01:30 belongs to the evening before). The archive is a list of paid-at
 * instants; each case also counts how many reads it took (a week at a time).
 */
const NOW = new Date('2026-11-28T17:00:00.000Z'); // 12:00 in Lima, Saturday the 28th
const archive = (paidAt: readonly string[]) => {
  const reads: [string, string][] = [];
  const read = (from: string, to: string) => {
    reads.push([from, to]);
    return Promise.resolve(paidAt.filter((p) => p >= from && p < to).map((p) => ({ paidAt: p })));
  };
  return { read, reads };
};

describe('suggestedDay', () => {
  it.each([
    { name: 'today has a bill: today', paid: ['2026-11-28T16:00:00.000Z', '2026-11-20T20:00:00.000Z'], day: '2026-11-28', why: 'today', reads: 1 },
    { name: 'today none, last night did: yesterday as the last day with sales', paid: ['2026-11-28T03:00:00.000Z'], day: '2026-11-27', why: 'lastSales', reads: 2 },
    { name: 'closed on Friday: Thursday, the latest of the week', paid: ['2026-11-25T20:00:00.000Z', '2026-11-27T01:00:00.000Z'], day: '2026-11-26', why: 'lastSales', reads: 2 },
    { name: 'a bill 17 days ago: found in the third week', paid: ['2026-11-11T20:00:00.000Z'], day: '2026-11-11', why: 'lastSales', reads: 4 },
    { name: 'nothing in five weeks: yesterday, as before', paid: ['2026-09-01T20:00:00.000Z'], day: '2026-11-27', why: 'yesterday', reads: 6 },
    { name: 'a fresh restaurant: yesterday', paid: [], day: '2026-11-27', why: 'yesterday', reads: 6 },
  ])('$name', async ({ paid, day, why, reads }) => {
    const a = archive(paid);
    expect(await suggestedDay({ settings: {} } as never, NOW, a.read)).toEqual({ ok: true, day, why });
    expect(a.reads).toHaveLength(reads);
    // The weeks read touch end to end, newest first, never overlapping.
    for (let i = 1; i < a.reads.length; i++) expect(a.reads[i]![1]).toBe(a.reads[i - 1]![0]);
  });
});
