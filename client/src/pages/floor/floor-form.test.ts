import { describe, expect, it } from 'vitest';
import type { Area, State } from '#protocol';
import { exec, menuState, tableDef } from '#hub/domain/test-fixtures.ts';
import { areasInOrder, batchNames, batchProblem, batchTables, centsToSoles, movedIds, solesToCents, suggestBatch, tablesOf, textAfterRefusal } from './floor-form.ts';

/** The floor setup page's arithmetic: names of "add N tables", soles typed, areas moved. */

function floor(): State {
  let s = exec(menuState(), 'area.save', { id: 'area-terraza', name: 'terraza', sort: 1 }).state;
  s = exec(s, 'table.addMany', { tables: [tableDef('t-m9', 'M9', 0, { areaId: 'area-terraza', sort: 7 }), tableDef('t-m2', 'M2', 0, { areaId: 'area-terraza', sort: 7 })] }).state;
  return s;
}
const area = (s: State, id: string): Area => s.areas[id]!;

describe('suggestBatch', () => {
  it.each<[string, () => State, string, { prefix: string; from: number }]>([
    ['the letters the area uses, after its highest number', floor, 'area-terraza', { prefix: 'M', from: 10 }],
    ['the test restaurant (S1, S2, VIP): S3', menuState, 'area-salon', { prefix: 'S', from: 3 }],
    ['an area without tables: its first letter, in capitals', () => exec(floor(), 'area.save', { id: 'a-patio', name: 'patio', sort: 2 }).state, 'a-patio', { prefix: 'P', from: 1 }],
    ['an area whose letter is taken elsewhere: after the floor\'s highest', () => exec(floor(), 'area.save', { id: 'a-m', name: 'Mezanine', sort: 2 }).state, 'a-m', { prefix: 'M', from: 10 }],
  ])('%s', (_label, build, areaId, expected) => {
    const s = build();
    expect(suggestBatch(s, area(s, areaId))).toEqual(expected);
  });

  it('no area yet: M1', () => expect(suggestBatch({ tables: {} }, undefined)).toEqual({ prefix: 'M', from: 1 }));
});

describe('batches', () => {
  it('M1..M10', () => expect(batchNames('M', 1, 10)).toEqual(['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9', 'M10']));
  it('the prefix is trimmed; an empty one numbers alone', () => expect([batchNames(' T ', 3, 2), batchNames('', 1, 2)]).toEqual([['T3', 'T4'], ['1', '2']]));

  it.each<[string, { prefix: string; from: number; count: number; seats: number }, ReturnType<typeof batchProblem>]>([
    ['a good batch', { prefix: 'M', from: 1, count: 10, seats: 4 }, null],
    ['none', { prefix: 'M', from: 1, count: 0, seats: 4 }, 'count'],
    ['more than 50 at once', { prefix: 'M', from: 1, count: 51, seats: 4 }, 'count'],
    ['a fraction', { prefix: 'M', from: 1, count: 2.5, seats: 4 }, 'count'],
    ['a negative start', { prefix: 'M', from: -1, count: 2, seats: 4 }, 'from'],
    ['no seats', { prefix: 'M', from: 1, count: 2, seats: 0 }, 'seats'],
    ['a prefix that makes names too long', { prefix: 'x'.repeat(29), from: 10, count: 1, seats: 2 }, 'nameTooLong'],
  ])('%s', (_label, form, problem) => expect(batchProblem(form)).toBe(problem));

  it('the tables go after every table of the floor, numbered in a row', () => {
    let n = 0;
    const tables = batchTables(floor(), { areaId: 'area-terraza', prefix: 'M', from: 10, count: 3, seats: 2, type: 'hall' }, () => `id-${++n}`);
    expect(tables.map((t) => [t.id, t.name, t.sort, t.seats, t.areaId])).toEqual([
      ['id-1', 'M10', 8, 2, 'area-terraza'],
      ['id-2', 'M11', 9, 2, 'area-terraza'],
      ['id-3', 'M12', 10, 2, 'area-terraza'],
    ]);
  });

  it('an area lists its tables by position, then by name with numbers in order', () => {
    expect(tablesOf(floor(), 'area-terraza').map((t) => t.name)).toEqual(['M2', 'M9']);
  });
});

describe('soles typed for a minimum consumption', () => {
  it.each<[string, number | null]>([
    ['', 0],
    ['50', 5000],
    ['50.5', 5050],
    ['50,50', 5050],
    [' 200 ', 20000],
    ['99999.99', 9999999],
    ['-5', null],
    ['5.555', null],
    ['abc', null],
    ['100000', null],
  ])('%j -> %j', (text, cents) => expect(solesToCents(text)).toBe(cents));

  it('shows céntimos back as soles, nothing for none', () => expect([centsToSoles(5050), centsToSoles(0)]).toEqual(['50.50', '']));
});

describe('areas moved up and down', () => {
  const areas = areasInOrder(floor());
  it('in the map order', () => expect(areas.map((a) => a.name)).toEqual(['Salón', 'terraza']));
  it.each<[number, -1 | 1, string[]]>([
    [1, -1, ['area-terraza', 'area-salon']],
    [0, 1, ['area-terraza', 'area-salon']],
    [0, -1, ['area-salon', 'area-terraza']],
    [1, 1, ['area-salon', 'area-terraza']],
  ])('moving %i by %i', (index, by, ids) => expect(movedIds(areas, index, by)).toEqual(ids));
});

describe('textAfterRefusal', () => {
  it.each<[string, string, string, string]>([
    ['the field left empty: the refused name comes back to be corrected', '', 'Terraza', 'Terraza'],
    ['the next area already being typed: kept, never wiped', 'Barra', 'Terraza', 'Barra'],
    ['typed again the same: kept', 'Terraza', 'Terraza', 'Terraza'],
  ])('%s', (_, now, sent, expected) => {
    expect(textAfterRefusal(now, sent)).toBe(expected);
  });
});
