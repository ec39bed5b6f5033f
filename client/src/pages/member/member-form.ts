import { normalisePhone, type Gender, type Member, type MemberFields, type RegMethod } from '#protocol';

/** The register/edit form as typed (strings), before it becomes `member.register`'s payload. */
export type MemberDraft = {
  phone: string; lastName: string; name: string; email: string; gender: Gender;
  city: string; address: string; birthday: string; regMethod: RegMethod; docId: string;
};

export type DraftField = keyof MemberDraft;
/** Keys of members.form.* (SPEC.md's messages). */
export type FieldError = 'required' | 'phoneInvalid' | 'emailInvalid' | 'dniInvalid' | 'birthdayInvalid';

export const EMPTY_DRAFT: MemberDraft = { phone: '', lastName: '', name: '', email: '', gender: 0, city: '', address: '', birthday: '', regMethod: 1, docId: '' };

/** SPEC.md's mandatory fields (the document number too: it is how a member is found at the till). */
export const REQUIRED_FIELDS: readonly DraftField[] = ['phone', 'lastName', 'name', 'docId'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The earliest and latest birthday the date picker allows: ±150 years from today (SPEC.md). */
export function birthdayBounds(today: string): { min: string; max: string } {
  const year = Number(today.slice(0, 4));
  return { min: `${year - 150}${today.slice(4)}`, max: `${year + 150}${today.slice(4)}` };
}

/** The message a field shows (on change and on blur), or null. Pure: the form and its test share it. */
export function fieldError(draft: MemberDraft, field: DraftField, today: string): FieldError | null {
  const value = String(draft[field]).trim();
  if (REQUIRED_FIELDS.includes(field) && value === '') return 'required';
  if (field === 'phone' && normalisePhone(value) === null) return 'phoneInvalid';
  if (field === 'email' && value !== '' && !EMAIL.test(value)) return 'emailInvalid';
  if (field === 'docId' && draft.regMethod === 1 && !/^\d{8}$/.test(value)) return 'dniInvalid';
  if (field === 'birthday' && value !== '') {
    const { min, max } = birthdayBounds(today);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < min || value > max) return 'birthdayInvalid';
  }
  return null;
}

/** Every field's message at once (on save). */
export function draftErrors(draft: MemberDraft, today: string): Partial<Record<DraftField, FieldError>> {
  const out: Partial<Record<DraftField, FieldError>> = {};
  for (const f of Object.keys(draft) as DraftField[]) {
    const e = fieldError(draft, f, today);
    if (e) out[f] = e;
  }
  return out;
}

/** The command's fields: phone normalised, blanks left out. */
export function draftFields(draft: MemberDraft): MemberFields {
  return {
    phone: normalisePhone(draft.phone) ?? draft.phone.trim(),
    lastName: draft.lastName.trim(),
    name: draft.name.trim(),
    email: draft.email.trim(),
    gender: draft.gender,
    city: draft.city.trim(),
    address: draft.address.trim(),
    birthday: draft.birthday,
    regMethod: draft.regMethod,
    docId: draft.docId.trim().toUpperCase(),
  };
}

export function draftOf(m: Member): MemberDraft {
  return { phone: m.phone, lastName: m.lastName, name: m.name, email: m.email, gender: m.gender, city: m.city, address: m.address, birthday: m.birthday, regMethod: m.regMethod, docId: m.docId };
}
