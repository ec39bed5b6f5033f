import { describe, expect, it } from 'vitest';
import { birthdayBounds, draftErrors, EMPTY_DRAFT, fieldError, type MemberDraft } from './member-form.ts';

const TODAY = '2026-11-28';
const ok: MemberDraft = { ...EMPTY_DRAFT, phone: '987 654 321', lastName: 'Pérez', name: 'Ana', docId: '12345678' };

describe('member form validation (SPEC.md messages)', () => {
  it.each([
    ['phone', '', 'required'],
    ['phone', '12345', 'phoneInvalid'],
    ['phone', '+51 987654321', null],
    ['name', '   ', 'required'],
    ['email', 'ana@', 'emailInvalid'],
    ['email', 'ana@x.pe', null],
    ['email', '', null],
    ['docId', '1234567', 'dniInvalid'],
    ['docId', '12345678', null],
    ['birthday', '1870-01-01', 'birthdayInvalid'],
    ['birthday', '1990-05-02', null],
    ['birthday', '2177-01-01', 'birthdayInvalid'],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(fieldError({ ...ok, [field]: value }, field, TODAY)).toBe(expected);
  });

  it('a passport is not held to 8 digits', () => {
    expect(fieldError({ ...ok, regMethod: 2, docId: 'AB12345' }, 'docId', TODAY)).toBeNull();
  });

  it('a complete draft has no errors; an empty one names every required field', () => {
    expect(draftErrors(ok, TODAY)).toEqual({});
    expect(Object.keys(draftErrors(EMPTY_DRAFT, TODAY)).sort()).toEqual(['docId', 'lastName', 'name', 'phone']);
  });

  it('the date picker spans ±150 years', () => {
    expect(birthdayBounds(TODAY)).toEqual({ min: '1876-11-28', max: '2176-11-28' });
  });
});
