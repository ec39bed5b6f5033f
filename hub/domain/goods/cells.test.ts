import { describe, expect, it } from 'vitest';
import { readPrice, readSpecs, readWhole, readYesNo, writePrice, writeSpecs } from './cells.ts';

describe('menu file cells', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['S/ 12.50', 1250],
    ['S/.12', 1200],
    ['0', 0],
    ['-1', null],
    ['1.234', null],
    ['', null],
  ])('price %j reads as %j céntimos', (cell, cents) => expect(readPrice(cell)).toBe(cents));

  it.each([
    [0, '0.00'],
    [1250, '12.50'],
    [123456, '1234.56'],
  ])('%i céntimos are written %j', (cents, text) => expect(writePrice(cents)).toBe(text));

  it.each([
    ['sí', true],
    ['Si', true],
    ['YES', true],
    ['是', true],
    ['1', true],
    ['x', true],
    ['no', false],
    ['否', false],
    ['0', false],
    ['tal vez', null],
  ])('yes/no %j reads as %j', (cell, value) => expect(readYesNo(cell, false)).toBe(value));

  it('an empty yes/no takes the column default', () => {
    expect([readYesNo('', true), readYesNo(' ', false)]).toEqual([true, false]);
  });

  it.each([
    ['12', 12],
    ['12.0', 12],
    ['0', 0],
    ['2.5', null],
    ['-1', null],
  ])('whole number %j reads as %j', (cell, n) => expect(readWhole(cell)).toBe(n));

  it.each([
    ['', []],
    ['Personal=25', [{ names: { es: 'Personal', en: '', zh: '' }, priceCents: 2500, vipPriceCents: null }]],
    ['Personal|Single|单人=25.00/22.50; Fuente=45', [
      { names: { es: 'Personal', en: 'Single', zh: '单人' }, priceCents: 2500, vipPriceCents: 2250 },
      { names: { es: 'Fuente', en: '', zh: '' }, priceCents: 4500, vipPriceCents: null },
    ]],
    ['1/2 pollo=30', [{ names: { es: '1/2 pollo', en: '', zh: '' }, priceCents: 3000, vipPriceCents: null }]],
    ['Grande', null],
    ['=10', null],
    ['Grande=10/8/6', null],
    ['Grande=diez', null],
  ])('sizes %j', (cell, specs) => expect(readSpecs(cell)).toEqual(specs));

  it('sizes written and read back are the same', () => {
    const specs = [
      { id: 'a', names: { es: 'Personal', en: 'Single', zh: '' }, priceCents: 2500, vipPriceCents: 2200, soldOut: false },
      { id: 'b', names: { es: 'Fuente', en: '', zh: '大份' }, priceCents: 4500, vipPriceCents: null, soldOut: false },
    ];
    expect(readSpecs(writeSpecs(specs))).toEqual(specs.map(({ names, priceCents, vipPriceCents }) => ({ names, priceCents, vipPriceCents })));
  });
});
