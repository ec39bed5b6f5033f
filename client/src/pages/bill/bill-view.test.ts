import { describe, expect, it } from 'vitest';
import { detailPath, EMPTY_FILTERS, methodsText, queryOf, rangeOf, tooLong, type Filters } from './bill-view.ts';

/** The bills page's ranges and queries, table by table (2026-03-05 is a Thursday). */

const TODAY = '2026-03-05';

describe('range presets', () => {
  it.each<[string, Partial<Filters>, { from: string; to: string }]>([
    ['today', { preset: 'today' }, { from: TODAY, to: TODAY }],
    ['this week from Monday', { preset: 'week' }, { from: '2026-03-02', to: TODAY }],
    ['this month from the 1st', { preset: 'month' }, { from: '2026-03-01', to: TODAY }],
    ['custom', { preset: 'custom', from: '2026-02-01', to: '2026-02-10' }, { from: '2026-02-01', to: '2026-02-10' }],
    ['custom backwards: swapped', { preset: 'custom', from: '2026-02-10', to: '2026-02-01' }, { from: '2026-02-01', to: '2026-02-10' }],
    ['custom with one day', { preset: 'custom', from: '2026-02-10', to: '' }, { from: '2026-02-10', to: '2026-02-10' }],
  ])('%s', (_, f, range) => {
    expect(rangeOf({ ...EMPTY_FILTERS, ...f }, TODAY)).toEqual(range);
  });

  it('a Sunday belongs to the week that began on Monday', () => {
    expect(rangeOf({ ...EMPTY_FILTERS, preset: 'week' }, '2026-03-08')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it.each([
    ['2026-01-01', '2026-04-02', false],
    ['2026-01-01', '2026-04-03', true],
  ])('%s to %s too long: %s', (from, to, long) => {
    expect(tooLong({ from, to })).toBe(long);
  });
});

describe('the query', () => {
  it('leaves out empty filters and trims text', () => {
    expect(queryOf(EMPTY_FILTERS, TODAY)).toBe(`from=${TODAY}&to=${TODAY}`);
    const q = new URLSearchParams(queryOf({ ...EMPTY_FILTERS, table: ' Mesa 2 ', no: 'B001-17', method: 'yape', document: 'boleta', record: 'deleted' }, TODAY, 'c~1'));
    expect(Object.fromEntries(q)).toEqual({ from: TODAY, to: TODAY, table: 'Mesa 2', no: 'B001-17', method: 'yape', document: 'boleta', record: 'deleted', cursor: 'c~1' });
  });

  it('a detail address escapes the id and day', () => {
    expect(detailPath({ id: 'a&b', day: TODAY })).toBe(`/pages/bill/indexone?id=a%26b&day=${TODAY}`);
  });
});

describe('methodsText', () => {
  const name = (m: string) => ({ cash: 'Efectivo', visa: 'Visa', yape: 'Yape' })[m] ?? m;
  it.each<[string, { methods: ('cash' | 'visa' | 'yape')[]; depositCents: number }, string]>([
    ['the methods paid at the till', { methods: ['visa', 'cash'], depositCents: 0 }, 'Visa + Efectivo'],
    // First-day test: the S/ 60 Yape deposit was missing from the list while the detail credited it.
    ['a reservation deposit credited: named after them', { methods: ['visa', 'cash'], depositCents: 6000 }, 'Visa + Efectivo + Adelanto de reserva'],
    ['a deposit that paid it all', { methods: [], depositCents: 5000 }, 'Adelanto de reserva'],
  ])('%s', (_, row, expected) => {
    expect(methodsText(row, name, 'Adelanto de reserva')).toBe(expected);
  });
});
