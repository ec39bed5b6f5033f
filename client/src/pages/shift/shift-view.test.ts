import { describe, expect, it } from 'vitest';
import type { Shift } from '#protocol';
import { emptyTotals } from '#hub/domain/shift/totals.ts';
import { countedOf, countLines, differenceOf, figuresOf, receivedRows, toneOf } from './shift-view.ts';

const shift = (over: Partial<Shift> = {}): Shift => ({ id: 'sh-1', openedAt: '2026-03-02T13:00:00.000Z', openedBy: null, floatCents: 10_000, totals: emptyTotals(), moves: [], ...over });
const busy = shift({
  totals: { ...emptyTotals(), salesCount: 2, salesCents: 7_000, receivedByMethod: { cash: 5_000, visa: 3_000 }, changeCents: 1_000, refundsByMethod: { cash: 500 } },
  moves: [{ id: 'm1', direction: 'out', amountCents: 2_000, reason: 'Mercado', at: '', by: null }],
});

describe('shift page figures', () => {
  it.each([
    [150, 'over'],
    [-1, 'short'],
    [0, 'even'],
  ] as const)('a difference of %i is %s', (cents, tone) => expect(toneOf(cents)).toBe(tone));

  it('lists every expected method, cash first, and works out the typed difference', () => {
    const lines = countLines(busy);
    expect(lines.map((l) => [l.method, l.expectedCents])).toEqual([
      ['cash', 11_500],
      ['visa', 3_000],
    ]);
    expect(differenceOf({ ...lines[0]!, text: '112,50' })).toBe(-250);
    expect(differenceOf({ ...lines[0]!, text: '' })).toBeNull();
    expect(differenceOf({ ...lines[0]!, text: 'doce' })).toBeNull();
  });

  it('builds the counted payload, or names the first method not typed', () => {
    const lines = countLines(busy);
    expect(countedOf([{ ...lines[0]!, text: '115' }, { ...lines[1]!, text: '30' }])).toEqual({ ok: true, counted: { cash: 11_500, visa: 3_000 } });
    expect(countedOf([{ ...lines[0]!, text: '115' }, lines[1]!])).toEqual({ ok: false, method: 'visa' });
  });

  it('sums the figures block', () => {
    expect(figuresOf(busy)).toMatchObject({ outCents: 2_000, inCents: 0, refundCents: 500, expectedCash: 11_500 });
    // S/ 50 handed over in cash, S/ 10 back: the drawer kept S/ 40 (issue 18 item 15).
    expect(receivedRows(busy.totals)).toEqual([
      { method: 'cash', cents: 4_000 },
      { method: 'visa', cents: 3_000 },
    ]);
    expect(figuresOf(shift()).expectedCash).toBe(10_000);
  });
});
