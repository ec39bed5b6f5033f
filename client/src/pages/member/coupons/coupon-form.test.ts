import { describe, expect, it } from 'vitest';
import { batchErrors, batchFieldError, EMPTY_BATCH, expiryBounds, solesToCents, type BatchDraft } from './coupon-form.ts';

const TODAY = '2026-11-28';
const GOOD: BatchDraft = { prefix: 'verano', name: 'Verano 2027', soles: '10', category: 2, expiresOn: '2027-03-31', quantity: '100' };

describe('the new-batch form', () => {
  it.each([
    ['10', 1000], ['7.5', 750], ['7,50', 750], ['0.01', 1], [' 12.30 ', 1230],
    ['0', null], ['-5', null], ['1.234', null], ['abc', null], ['', null], ['10000.01', null], ['1e3', null],
  ])('reads %j soles as %j cents', (text, cents) => {
    expect(solesToCents(text)).toBe(cents);
  });

  it('the expiry picker spans ±150 years', () => {
    expect(expiryBounds(TODAY)).toEqual({ min: '1876-11-28', max: '2176-11-28' });
  });

  it('a complete draft has no errors', () => {
    expect(batchErrors(GOOD, TODAY)).toEqual({});
  });

  it('an empty draft names every field as required', () => {
    expect(batchErrors(EMPTY_BATCH, TODAY)).toEqual({ prefix: 'required', name: 'required', soles: 'required', expiresOn: 'required', quantity: 'required' });
  });

  it.each([
    ['prefix', 'VER-ANO', 'prefixInvalid'], ['prefix', 'A'.repeat(13), 'prefixInvalid'], ['prefix', '__proto__', 'prefixInvalid'],
    ['soles', '0', 'amountInvalid'], ['expiresOn', '2177-01-01', 'dateInvalid'], ['expiresOn', '1800-01-01', 'dateInvalid'],
    ['expiresOn', '31/03/2027', 'dateInvalid'], ['quantity', '0', 'quantityInvalid'], ['quantity', '10001', 'quantityInvalid'],
    ['quantity', '2.5', 'quantityInvalid'], ['name', '   ', 'required'],
  ] as const)('%s %j → %s', (field, value, error) => {
    expect(batchFieldError({ ...GOOD, [field]: value }, field, TODAY)).toBe(error);
  });
});
