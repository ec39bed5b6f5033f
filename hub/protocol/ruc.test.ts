import { describe, expect, it } from 'vitest';
import { isValidRuc, rucCheckDigit } from './ruc.ts';

describe('RUC validation (SUNAT: 11 digits, prefix 10/15/16/17/20, modulus 11 check digit)', () => {
  it.each([
    ['20131312955', true, 'SUNAT itself: 2·5+0·4+1·3+3·2+1·7+3·6+1·5+2·4+9·3+5·2 = 94, 94 mod 11 = 6, 11-6 = 5'],
    ['20100047218', true, 'a company (20)'],
    ['20601030013', true, 'a newer company (20)'],
    ['15504061491', true, 'prefix 15'],
    ['10100000020', true, 'remainder 1: 11-1 = 10 is written 0'],
    ['10100000071', true, 'remainder 0: 11-0 = 11 is written 1'],
    ['20131312954', false, 'wrong check digit'],
    ['10100000021', false, 'check digit 10 taken as 1 instead of 0'],
    ['30131312955', false, 'unknown prefix 30'],
    ['11100000020', false, 'unknown prefix 11'],
    ['2013131295', false, '10 digits'],
    ['201313129550', false, '12 digits'],
    ['2013131295A', false, 'a letter'],
    [' 20131312955', false, 'a space (the form trims before asking)'],
    ['', false, 'empty'],
  ])('%s -> %s (%s)', (ruc, valid) => {
    expect(isValidRuc(ruc)).toBe(valid);
  });

  it('computes the check digit from the first ten', () => {
    expect(rucCheckDigit('2013131295')).toBe(5);
    expect(rucCheckDigit('1010000002')).toBe(0);
    expect(rucCheckDigit('1010000007')).toBe(1);
  });
});
