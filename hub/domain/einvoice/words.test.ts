import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './words.ts';

describe('numbers in Spanish words (legend 1000)', () => {
  const cases: [number, string][] = [
    [0, 'CERO'],
    [1, 'UNO'],
    [15, 'QUINCE'],
    [16, 'DIECISÉIS'],
    [21, 'VEINTIUNO'],
    [22, 'VEINTIDÓS'],
    [30, 'TREINTA'],
    [31, 'TREINTA Y UNO'],
    [99, 'NOVENTA Y NUEVE'],
    [100, 'CIEN'],
    [101, 'CIENTO UNO'],
    [118, 'CIENTO DIECIOCHO'],
    [200, 'DOSCIENTOS'],
    [555, 'QUINIENTOS CINCUENTA Y CINCO'],
    [999, 'NOVECIENTOS NOVENTA Y NUEVE'],
    [1000, 'MIL'],
    [1001, 'MIL UNO'],
    [2024, 'DOS MIL VEINTICUATRO'],
    [21_000, 'VEINTIÚN MIL'],
    [31_500, 'TREINTA Y UN MIL QUINIENTOS'],
    [100_000, 'CIEN MIL'],
    [101_000, 'CIENTO UN MIL'],
    [999_999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
    [1_000_000, 'UN MILLÓN'],
    [1_000_001, 'UN MILLÓN UNO'],
    [2_500_000, 'DOS MILLONES QUINIENTOS MIL'],
    [21_000_000, 'VEINTIÚN MILLONES'],
    [101_101_101, 'CIENTO UN MILLONES CIENTO UN MIL CIENTO UNO'],
    [1_000_000_000, 'MIL MILLONES'],
  ];
  it.each(cases)('%i → %s', (n, words) => expect(numberInWords(n)).toBe(words));

  it('refuses what is no whole amount', () => {
    for (const bad of [-1, 1.5, Number.NaN, 1e12]) expect(() => numberInWords(bad)).toThrow(RangeError);
  });
});

describe('the amount legend', () => {
  const cases: [number, string][] = [
    [11800, 'SON: CIENTO DIECIOCHO CON 00/100 SOLES'],
    [5, 'SON: CERO CON 05/100 SOLES'],
    [100_050, 'SON: MIL CON 50/100 SOLES'],
    [123_456_789, 'SON: UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE CON 89/100 SOLES'],
  ];
  it.each(cases)('%i céntimos → %s', (cents, text) => expect(amountInWords(cents)).toBe(text));
});
