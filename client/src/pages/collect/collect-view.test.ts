import { describe, expect, it } from 'vitest';
import type { SalesFigures } from '#protocol';
import { emptyFigures } from '#hub/domain/reports/index.ts';
import { dayText } from '../../ui/dates.ts';
import { DISH_COUNT, rangeOf, rangeProblem, sectionsOf, totalsOf, wrapLabel, type Labels, type RangeKind } from './collect-view.ts';

const LABELS: Labels = {
  weekday: (d) => `wd${d}`,
  day: (day) => `d:${day}`,
  method: (m) => `m:${m}`,
  staff: (id) => (id === '' ? 'hub' : `s:${id}`),
  channel: (key) => `ch:${key}`,
  customCategory: 'custom!',
  discounts: { line: 'line', order: 'order', gifts: 'gifts', returns: 'returns', refunds: 'refunds', withdrawn: 'withdrawn' },
};

describe('the range a button means (ending today, the current business day)', () => {
  const custom = { from: '2026-01-02', to: '2026-01-09' };
  it.each<[RangeKind, string, { from: string; to: string }]>([
    ['today', '2026-11-20', { from: '2026-11-20', to: '2026-11-20' }],
    // 2026-11-20 is a Friday: the week runs from Monday the 16th.
    ['week', '2026-11-20', { from: '2026-11-16', to: '2026-11-20' }],
    ['week', '2026-11-16', { from: '2026-11-16', to: '2026-11-16' }],
    // A Sunday belongs to the week that began the Monday before.
    ['week', '2026-11-22', { from: '2026-11-16', to: '2026-11-22' }],
    // Across a month and a year end.
    ['week', '2027-01-01', { from: '2026-12-28', to: '2027-01-01' }],
    ['month', '2026-11-20', { from: '2026-11-01', to: '2026-11-20' }],
    ['month', '2026-03-01', { from: '2026-03-01', to: '2026-03-01' }],
    ['custom', '2026-11-20', custom],
  ])('%s on %s', (kind, today, expected) => expect(rangeOf(kind, today, custom)).toEqual(expected));

  it.each([
    [{ from: '2026-01-02', to: '2026-01-01' }, 'order'],
    [{ from: '', to: '2026-01-01' }, 'order'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'tooLong'],
    [{ from: '2025-01-01', to: '2026-02-05' }, null],
    [{ from: '2026-01-01', to: '2026-01-01' }, null],
  ] as const)('custom %j: %s', (r, problem) => expect(rangeProblem(r)).toBe(problem));
});

/** Figures with some of everything (the hub's shape, made by hand). */
function figures(): SalesFigures {
  const f = emptyFigures();
  f.bills = 3;
  f.people = 7;
  f.salesCents = 10_000;
  f.byHour = f.byHour.map((r) => (r.key === '13' ? { ...r, bills: 2, cents: 7000, people: 5 } : r.key === '15' ? { ...r, bills: 1, cents: 3000, people: 2 } : r));
  f.byWeekday = f.byWeekday.map((r) => (r.key === '5' ? { ...r, bills: 3, cents: 10_000, people: 7 } : r));
  f.byDay = [{ key: '2026-11-20', name: '2026-11-20', bills: 3, cents: 10_000, people: 7 }];
  f.byCategory = [{ key: 'c-1', name: 'Fondos', bills: 3, cents: 9000, people: 7 }, { key: 'custom', name: 'Fuera de carta', bills: 1, cents: 1000, people: 2 }];
  f.byDish = Array.from({ length: 14 }, (_, i) => ({ key: `p-${i}`, name: `Dish ${i}`, categoryId: 'c-1', qty: i === 13 ? 0 : 14 - i, cents: (14 - i) * 100, giftQty: i === 13 ? 1 : 0, giftCents: 0, returnQty: 0, returnCents: 0 }));
  f.byStaff = [{ key: 'st-1', name: '', bills: 2, cents: 7000, people: 5 }, { key: '', name: '', bills: 1, cents: 3000, people: 2 }];
  f.byMethod = [{ method: 'cash', count: 2, cents: 6000, usdCents: 0 }, { method: 'yape', count: 1, cents: 4000, usdCents: 0 }];
  f.giftCents = 500;
  f.giftQty = 1;
  return f;
}

describe('the sections the page charts', () => {
  it('an empty range has nothing to chart', () => expect(sectionsOf(emptyFigures(), LABELS)).toEqual([]));

  it('every breakdown with rows, labelled, in page order; the sales ones add up to the sales', () => {
    const f = figures();
    const s = sectionsOf(f, LABELS);
    expect(s.map((x) => x.id)).toEqual(['hour', 'weekday', 'day', 'category', 'topDishes', 'bottomDishes', 'staff', 'method', 'discounts']);
    const by = (id: string) => s.find((x) => x.id === id)!;
    // Hours from the first to the last with a sale, the quiet one between kept.
    expect(by('hour').rows.map((r) => [r.label, r.cents])).toEqual([['13:00', 7000], ['14:00', 0], ['15:00', 3000]]);
    expect(by('weekday').rows.map((r) => r.label)).toEqual(['wd1', 'wd2', 'wd3', 'wd4', 'wd5', 'wd6', 'wd7']);
    for (const id of ['hour', 'weekday', 'day', 'staff']) expect(totalsOf(by(id).rows)).toEqual({ count: 3, cents: 10_000 });
    expect(by('day').chart).toBe('bar');
    // Days are the page's words for them, never the ISO key.
    expect(by('day').rows.map((r) => r.label)).toEqual(['d:2026-11-20']);
    expect(by('category').rows.map((r) => r.label)).toEqual(['Fondos', 'custom!']);
    expect(by('staff').rows.map((r) => r.label)).toEqual(['s:st-1', 'hub']);
    expect(by('method').rows.map((r) => [r.label, r.count])).toEqual([['m:cash', 2], ['m:yape', 1]]);
    expect(by('discounts').rows).toEqual([{ key: 'gifts', label: 'gifts', count: 1, cents: 500 }]);
  });

  it('top dishes by money, bottom ones by portions, never the same dish twice, unsold ones left out', () => {
    const s = sectionsOf(figures(), LABELS);
    const top = s.find((x) => x.id === 'topDishes')!.rows;
    const bottom = s.find((x) => x.id === 'bottomDishes')!.rows;
    expect(top).toHaveLength(DISH_COUNT);
    expect(top[0]).toMatchObject({ label: 'Dish 0', count: 14, cents: 1400 });
    expect(bottom.map((r) => r.label)).toEqual(['Dish 12', 'Dish 11', 'Dish 10']);
    expect(top.some((r) => bottom.some((b) => b.key === r.key))).toBe(false);
  });

  it('several days draw a line; names like __proto__ are plain rows', () => {
    const f = figures();
    f.byDay = [{ key: '2026-11-19', name: '', bills: 1, cents: 1, people: 1 }, { key: '2026-11-20', name: '', bills: 1, cents: 1, people: 1 }];
    f.byTable = [{ key: '__proto__', name: '__proto__', bills: 1, cents: 5, people: 1 }];
    const s = sectionsOf(f, LABELS);
    expect(s.find((x) => x.id === 'day')!.chart).toBe('line');
    expect(s.find((x) => x.id === 'table')!.rows).toEqual([{ key: '__proto__', label: '__proto__', count: 1, cents: 5 }]);
  });
});

describe('days as people write them (never ISO on the report)', () => {
  it.each([
    ['es', '2026-11-28', '28/11/2026'],
    ['en', '2026-11-28', '11/28/2026'],
    ['zh', '2026-11-28', '2026/11/28'],
    ['es', '2026-01-01', '01/01/2026'],
    ['es', 'not a day', 'not a day'],
  ])('%s %s -> %s', (lang, day, text) => expect(dayText(day, lang)).toBe(text));
});

describe('wrapLabel: a chart label in lines that fit beside or under a bar', () => {
  it.each<[string, number, string | string[]]>([
    ['Ceviche', 18, 'Ceviche'],
    ['Ceviche clásico de pescado', 18, ['Ceviche clásico de', 'pescado']],
    ['Lomo saltado con papas fritas y arroz blanco extra', 12, ['Lomo saltado', 'con papas', 'fritas y…']],
    ['Supercalifragilístico', 12, ['Supercalifragilístico']],
    ['宫保鸡丁配米饭和汤', 12, '宫保鸡丁配米饭和汤'],
    ['  a   b  ', 3, ['a b']],
  ])('%s (%i)', (label, max, lines) => expect(wrapLabel(label, max)).toEqual(lines));
});

describe('sales by channel (issue 21)', () => {
  const withChannels = (bills: [number, number, number, number]): SalesFigures => {
    const f = emptyFigures();
    f.bills = bills.reduce((a, b) => a + b, 0);
    f.byChannel = f.byChannel.map((r, i) => ({ ...r, bills: bills[i]!, cents: bills[i]! * 1000 }));
    return f;
  };
  it('charts the channels that had bills, once anything came in other than at a table', () => {
    const s = sectionsOf(withChannels([3, 2, 0, 1]), LABELS).find((x) => x.id === 'channel');
    expect(s?.rows.map((r) => [r.label, r.count, r.cents])).toEqual([['ch:dineIn', 3, 3000], ['ch:counter', 2, 2000], ['ch:web', 1, 1000]]);
    expect(s?.totals).toBe(true);
  });
  it('leaves the chart out for a restaurant of tables only, and for figures kept before channels', () => {
    expect(sectionsOf(withChannels([5, 0, 0, 0]), LABELS).some((x) => x.id === 'channel')).toBe(false);
    const old = withChannels([5, 0, 0, 0]) as Partial<SalesFigures>;
    delete old.byChannel;
    expect(sectionsOf(old as SalesFigures, LABELS).some((x) => x.id === 'channel')).toBe(false);
  });
});
