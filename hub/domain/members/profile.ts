import type { CommandPayload, ErrorCode, Member, MemberFields, State } from '#protocol';
import { docKeyOf, memberById, memberIdByPhone, memberNoOf, normaliseDocId, normalisePhone } from '#protocol';
import { bucketGet } from '#protocol';
import { accept, hubOnly, refuse, type DecideContext, type Decision } from '../decision.ts';

/** The personal fields as stored: normalised, checked. */
type CleanFields = Pick<Member, 'phone' | 'lastName' | 'name' | 'email' | 'gender' | 'city' | 'address' | 'birthday' | 'regMethod' | 'docId'>;
type Checked = { ok: true; fields: CleanFields } | { ok: false; code: ErrorCode; message?: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const DNI = /^\d{8}$/;
const OTHER_DOC = /^[A-Z0-9]{4,20}$/;
/** SPEC.md section 5: a birthday within 150 years before or after today. */
const BIRTHDAY_YEARS = 150;

function birthdayFits(day: string, now: string): boolean {
  if (day === '') return true;
  const year = Number(day.slice(0, 4));
  const thisYear = Number(now.slice(0, 4));
  return Math.abs(year - thisYear) <= BIRTHDAY_YEARS;
}

/**
 * Checks and normalises the fields of a registration or an edit for member `memberId`:
 * the phone to 9 digits, the document upper-case without spaces; the phone and the
 * document must not be another live member's (one index read each, never a walk).
 */
export function checkFields(s: State, f: MemberFields, memberId: string, now: string): Checked {
  const phone = normalisePhone(f.phone);
  if (phone === null) return { ok: false, code: 'PHONE_INVALID', message: 'phone' };
  if (f.name === '') return { ok: false, code: 'REQUIRED_FIELD', message: 'name' };
  if (f.lastName === '') return { ok: false, code: 'REQUIRED_FIELD', message: 'lastName' };
  const email = f.email ?? '';
  if (email !== '' && !EMAIL.test(email)) return { ok: false, code: 'EMAIL_INVALID' };
  const docId = normaliseDocId(f.docId ?? '');
  // A DNI or a passport names its number; "other" may leave it out.
  if (docId === '' && f.regMethod !== 3) return { ok: false, code: 'REQUIRED_FIELD', message: 'docId' };
  if (docId !== '' && !(f.regMethod === 1 ? DNI : OTHER_DOC).test(docId)) return { ok: false, code: 'DOC_ID_INVALID' };
  const birthday = f.birthday ?? '';
  if (!birthdayFits(birthday, now)) return { ok: false, code: 'BIRTHDAY_INVALID' };
  const phoneOwner = memberIdByPhone(s, phone);
  if (phoneOwner !== undefined && phoneOwner !== memberId) return { ok: false, code: 'MEMBER_PHONE_TAKEN' };
  const docOwner = docId === '' ? undefined : bucketGet(s.memberByDoc, docKeyOf(f.regMethod, docId));
  if (docOwner !== undefined && docOwner !== memberId) return { ok: false, code: 'MEMBER_DOC_TAKEN' };
  return {
    ok: true,
    fields: { phone, lastName: f.lastName, name: f.name, email, gender: f.gender, city: f.city ?? '', address: f.address ?? '', birthday, regMethod: f.regMethod, docId },
  };
}

/** The member a command names, live (not erased), or why not. */
export function liveMember(s: State, memberId: string): Member | Decision {
  const m = memberById(s, memberId);
  if (!m) return refuse('MEMBER_NOT_FOUND', 'memberId');
  return m.erasedAt === null ? m : refuse('MEMBER_ERASED');
}
export const refused = (x: Member | Decision): x is Decision => 'ok' in x;

export function register(s: State, p: CommandPayload<'member.register'>, ctx: DecideContext): Decision {
  // A device's replica has no members slices (hub-only): only the hub numbers and checks a member.
  if (!s.memberCounters) return hubOnly();
  if (memberById(s, p.memberId)) return refuse('DUPLICATE_ID', 'memberId');
  const checked = checkFields(s, p, p.memberId, ctx.now);
  if (!checked.ok) return refuse(checked.code, checked.message);
  const no = memberNoOf(s.memberCounters.memberNo + 1);
  // The counter only grows, so a number is never given twice; this guards data restored by hand.
  if (bucketGet(s.memberByNo, no) !== undefined) return refuse('DUPLICATE_CODE', no);
  const member: Member = {
    id: p.memberId,
    no,
    ...checked.fields,
    balanceCents: 0,
    entries: 0,
    recent: [],
    createdAt: ctx.now,
    createdBy: ctx.actor.staffId,
    updatedAt: ctx.now,
    erasedAt: null,
  };
  return accept([{ type: 'member.registered', member }], { memberNo: no });
}

export function update(s: State, p: CommandPayload<'member.update'>, ctx: DecideContext): Decision {
  const m = liveMember(s, p.memberId);
  if (refused(m)) return m;
  const checked = checkFields(s, p, m.id, ctx.now);
  if (!checked.ok) return refuse(checked.code, checked.message);
  return accept([{ type: 'member.updated', member: { ...m, ...checked.fields, updatedAt: ctx.now } }], { memberNo: m.no });
}

/** Personal data erased on request: blanked and unindexed by the applier; number, balance and ledger stay. */
export function erase(s: State, p: CommandPayload<'member.erase'>, ctx: DecideContext): Decision {
  const m = liveMember(s, p.memberId);
  if (refused(m)) return m;
  if (p.reason === '') return refuse('REASON_REQUIRED');
  return accept([{ type: 'member.erased', memberId: m.id, at: ctx.now, by: ctx.actor.staffId, reason: p.reason }], { memberNo: m.no });
}
