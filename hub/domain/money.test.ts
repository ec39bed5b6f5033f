import { describe, expect, it } from 'vitest';
import { formatSoles, minSpendFeeCents, parseCents } from './money.ts';

describe('parseCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 0.05 ', 5],
    ['1000000', 100000000],
  ])('reads %j as %i céntimos', (input, cents) => expect(parseCents(input)).toBe(cents));

  it.each(['', 'abc', '12.345', '-3', '1.2.3', '12.'])('refuses %j', (input) => expect(parseCents(input)).toBeNull());
});

describe('formatSoles', () => {
  it.each([
    [0, 'S/ 0.00'],
    [5, 'S/ 0.05'],
    [123456, 'S/ 1,234.56'],
    [-250, '-S/ 2.50'],
  ])('%i -> %s', (cents, text) => expect(formatSoles(cents)).toBe(text));
});

describe('minSpendFeeCents', () => {
  it.each([
    [5000, 0, 0],
    [5000, 20000, 15000],
    [25000, 20000, 0],
    [20000, 20000, 0],
  ])('subtotal %i with minimum %i -> fee %i', (subtotal, min, fee) => expect(minSpendFeeCents(subtotal, min)).toBe(fee));
});
