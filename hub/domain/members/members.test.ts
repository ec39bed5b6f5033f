import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { everyMember, memberById, memberIdByDoc, memberIdByNo, memberIdByPhone, memberShortName, normalisePhone, RECENT_ENTRIES } from '#protocol';
import { ctxAt, decideOn, deepFreeze, exec, menuState, uid } from '../test-fixtures.ts';
import { ANA, ANA_FIELDS, BETO, cashRecharge, membersState } from './test-members.ts';

/** Decides a command that must be refused: the code, and the state it was given unchanged (frozen, compared). */
function refusedWith<K extends CommandType>(s: State, type: K, payload: CommandPayload<K>, code: string, ctx = ctxAt()): void {
  const before = structuredClone(s);
  deepFreeze(s);
  const d = decideOn(s, type, payload, ctx);
  expect(d.ok ? 'accepted' : d.code).toBe(code);
  expect(s).toEqual(before);
}

describe('normalising a phone', () => {
  it.each([
    ['987654321', '987654321'],
    ['+51 987 654 321', '987654321'],
    ['51987654321', '987654321'],
    ['987-654-321', '987654321'],
    ['(+51) 987 654 321', '987654321'],
    ['887654321', null],
    ['98765432', null],
    ['+52 987654321', null],
    ['', null],
  ])('%s → %s', (text, want) => expect(normalisePhone(text)).toBe(want));
});

describe('member.register', () => {
  it('numbers members from 000001, normalises phone and document, indexes them', () => {
    const s = membersState();
    const ana = memberById(s, ANA)!;
    const beto = memberById(s, BETO)!;
    expect([ana.no, beto.no]).toEqual(['000001', '000002']);
    expect(ana.phone).toBe('987654321');
    expect(beto.docId).toBe('AB123456');
    expect(memberIdByPhone(s, '987 654 321')).toBe(ANA);
    expect(memberIdByNo(s, '2')).toBe(BETO);
    expect(memberIdByDoc(s, 2, 'ab123456')).toBe(BETO);
    expect(memberShortName(ana)).toBe('Ana P.');
    expect([...everyMember(s)].map((m) => m.id).sort()).toEqual([ANA, BETO].sort());
  });

  it('answers the new number', () => {
    const r = exec(menuState(), 'member.register', { memberId: ANA, ...ANA_FIELDS });
    expect(r.result).toEqual({ memberNo: '000001' });
  });

  it('takes "other" without a document', () => {
    const s = exec(menuState(), 'member.register', { memberId: ANA, ...ANA_FIELDS, regMethod: 3, docId: '' }).state;
    expect(memberById(s, ANA)!.docId).toBe('');
  });

  it('takes a birthday 150 years back and refuses 151', () => {
    expect(decideOn(menuState(), 'member.register', { memberId: ANA, ...ANA_FIELDS, birthday: '1875-01-01' }).ok).toBe(true);
    refusedWith(menuState(), 'member.register', { memberId: ANA, ...ANA_FIELDS, birthday: '1874-12-31' }, 'BIRTHDAY_INVALID');
  });

  const refusals: [string, Partial<CommandPayload<'member.register'>>, string][] = [
    ['a phone that is not a Peruvian mobile', { phone: '12345' }, 'PHONE_INVALID'],
    ['an empty name', { name: '' }, 'REQUIRED_FIELD'],
    ['an empty last name', { lastName: '' }, 'REQUIRED_FIELD'],
    ['an e-mail without a domain', { email: 'ana@' }, 'EMAIL_INVALID'],
    ['a DNI of 7 digits', { docId: '1234567' }, 'DOC_ID_INVALID'],
    ['a DNI with letters', { docId: '1234567A' }, 'DOC_ID_INVALID'],
    ['a DNI without its number', { docId: '' }, 'REQUIRED_FIELD'],
    ['a passport of 3 characters', { regMethod: 2, docId: 'AB1' }, 'DOC_ID_INVALID'],
    ['a birthday 200 years ahead', { birthday: '2225-01-01' }, 'BIRTHDAY_INVALID'],
    ['Ana\'s phone typed another way', { phone: '51 987654321', docId: '87654321' }, 'MEMBER_PHONE_TAKEN'],
    ['Beto\'s passport in lower case', { phone: '955555555', regMethod: 2, docId: 'ab-123456' }, 'MEMBER_DOC_TAKEN'],
  ];
  it.each(refusals)('refuses %s', (_label, over, code) => {
    refusedWith(membersState(), 'member.register', { memberId: uid(2299), ...ANA_FIELDS, ...over }, code);
  });

  it('refuses an id already registered', () => {
    refusedWith(membersState(), 'member.register', { memberId: ANA, ...ANA_FIELDS, phone: '955555555', docId: '87654321' }, 'DUPLICATE_ID');
  });

  it('a DNI and a passport with the same number are two documents', () => {
    const s = exec(membersState(), 'member.register', { memberId: uid(2298), ...ANA_FIELDS, phone: '955555555', regMethod: 2, docId: '12345678' }).state;
    expect(memberIdByDoc(s, 2, '12345678')).toBe(uid(2298));
    expect(memberIdByDoc(s, 1, '12345678')).toBe(ANA);
  });

  it('takes ids objects answer to as plain keys', () => {
    const s = exec(menuState(), 'member.register', { memberId: uid(2297), ...ANA_FIELDS, phone: '999999999', docId: '11111111' }).state;
    expect(memberById(s, '__proto__')).toBeUndefined();
    expect(memberById(s, 'constructor')).toBeUndefined();
  });
});

describe('on a device (no members slices: hub/presenters/slices.ts)', () => {
  it.each([
    ['member.register', { memberId: ANA, ...ANA_FIELDS }],
    ['member.update', { memberId: ANA, ...ANA_FIELDS }],
    ['member.erase', { memberId: ANA, reason: 'x' }],
    ['member.recharge', cashRecharge(ANA, 100, 60)],
    ['member.adjust', { memberId: ANA, entryId: uid(2700), cents: 100, reason: 'x' }],
    ['member.reprintRecharge', { memberId: ANA, entryId: uid(2301) }],
  ] as const)('%s is refused, never throws (the hub decides it)', (type, payload) => {
    const { members: _a, memberByPhone: _b, memberByNo: _c, memberByDoc: _d, memberCounters: _e, ...device } = membersState();
    const d = decideOn(device as State, type, payload as never);
    expect(d.ok).toBe(false);
  });
});

describe('member.update', () => {
  it('moves the phone and document indexes with the member', () => {
    const s = exec(membersState(), 'member.update', { memberId: ANA, ...ANA_FIELDS, phone: '955 555 555', docId: '87654321' }).state;
    expect(memberIdByPhone(s, '987654321')).toBeUndefined();
    expect(memberIdByPhone(s, '955555555')).toBe(ANA);
    expect(memberIdByDoc(s, 1, '12345678')).toBeUndefined();
    expect(memberIdByDoc(s, 1, '87654321')).toBe(ANA);
    expect(memberById(s, ANA)!.balanceCents).toBe(10_000);
    expect(memberById(s, ANA)!.no).toBe('000001');
  });

  it('keeps the member\'s own phone (no MEMBER_PHONE_TAKEN against themself)', () => {
    expect(decideOn(membersState(), 'member.update', { memberId: ANA, ...ANA_FIELDS, city: 'Cusco' }).ok).toBe(true);
  });

  it.each([
    ['an unknown member', { memberId: uid(9) }, 'MEMBER_NOT_FOUND'],
    ['__proto__', { memberId: '__proto__' }, 'MEMBER_NOT_FOUND'],
    ['Beto\'s phone', { phone: '912345678' }, 'MEMBER_PHONE_TAKEN'],
    ['a bad e-mail', { email: 'no arroba' }, 'EMAIL_INVALID'],
  ] as const)('refuses %s', (_label, over, code) => {
    refusedWith(membersState(), 'member.update', { memberId: ANA, ...ANA_FIELDS, ...over }, code);
  });
});

describe('member.erase', () => {
  const erased = () => exec(membersState(), 'member.erase', { memberId: ANA, reason: 'Lo pidió el socio' }).state;

  it('blanks the personal data, frees phone and document, keeps number, balance and ledger', () => {
    const s = erased();
    const m = memberById(s, ANA)!;
    expect(m).toMatchObject({ phone: '', name: '', lastName: '', email: '', docId: '', address: '', birthday: '', no: '000001', balanceCents: 10_000, entries: 1 });
    expect(m.erasedAt).not.toBeNull();
    expect(memberIdByPhone(s, '987654321')).toBeUndefined();
    expect(memberIdByDoc(s, 1, '12345678')).toBeUndefined();
    expect(memberIdByNo(s, '000001')).toBe(ANA);
  });

  it("blanks the transfer payer's name in the recent entries the member's page shows, keeps the money", () => {
    const paid = exec(membersState(), 'member.recharge', { ...cashRecharge(ANA, 5_000, 9), method: 4, bank: 'BCP', cardNo: '4557 1234', accountName: 'Ana Pérez' }).state;
    expect(memberById(paid, ANA)!.recent[0]!.recharge!.accountName).toBe('Ana Pérez');
    const s = exec(paid, 'member.erase', { memberId: ANA, reason: 'Lo pidió el socio' }).state;
    const m = memberById(s, ANA)!;
    expect(JSON.stringify(m)).not.toContain('Ana Pérez');
    expect(m.recent.map((e) => e.cents)).toEqual(memberById(paid, ANA)!.recent.map((e) => e.cents));
    expect(m.recent[0]!.recharge).toMatchObject({ bank: 'BCP', cardNo: '1234', amountCents: 5_000 });
    expect(m.balanceCents).toBe(15_000);
  });

  it('never gives the number again, and the phone may register anew', () => {
    const s = exec(erased(), 'member.register', { memberId: uid(2296), ...ANA_FIELDS });
    expect(s.result.memberNo).toBe('000003');
  });

  it.each([
    ['an erased member again', erased, { memberId: ANA, reason: 'x' }, 'MEMBER_ERASED'],
    ['without a reason', membersState, { memberId: ANA, reason: '' }, 'REASON_REQUIRED'],
    ['an unknown member', membersState, { memberId: uid(9), reason: 'x' }, 'MEMBER_NOT_FOUND'],
  ] as const)('refuses %s', (_label, build, payload, code) => {
    refusedWith(build(), 'member.erase', payload, code);
  });

  it('an erased member is not recharged, updated or charged; an owner may still adjust their balance out', () => {
    refusedWith(erased(), 'member.recharge', cashRecharge(ANA, 100, 50), 'MEMBER_ERASED');
    refusedWith(erased(), 'member.update', { memberId: ANA, ...ANA_FIELDS }, 'MEMBER_ERASED');
    const s = exec(erased(), 'member.adjust', { memberId: ANA, entryId: uid(2400), cents: -10_000, reason: 'Devuelto en efectivo' }).state;
    expect(memberById(s, ANA)!.balanceCents).toBe(0);
  });
});

describe('member.recharge', () => {
  it('credits amount + bonus, counts the shift, numbers the order, keeps the last 4 card digits', () => {
    const r = exec(membersState(), 'member.recharge', { ...cashRecharge(BETO, 5_000, 2), bonusCents: 500, method: 4, bank: 'BCP', cardNo: '4557 8800 1234 5678', certificate: 'T-9', print: true });
    const e = r.events[0]!;
    expect(e.type).toBe('member.ledgerEntered');
    if (e.type !== 'member.ledgerEntered') return;
    expect(e.entry).toMatchObject({ kind: 'recharge', cents: 5_500, balanceAfterCents: 5_500, seq: 0, memberNo: '000002', id: uid(2302) });
    expect(e.entry.recharge).toMatchObject({ no: 2, method: 4, amountCents: 5_000, bonusCents: 500, cardNo: '5678', bank: 'BCP', shiftId: 'sh-test' });
    expect(e.print).toBe(true);
    expect(r.result).toEqual({ rechargeNo: 2, memberNo: '000002' });
    expect(r.state.memberCounters.rechargeNo).toBe(2);
  });

  it('a Yape recharge names its operation', () => {
    expect(decideOn(membersState(), 'member.recharge', { ...cashRecharge(ANA, 100, 3), method: 3, operationNo: '12345678' }).ok).toBe(true);
  });

  const noShift = (): State => exec(membersState(), 'shift.close', { counted: { cash: 10_000 }, note: '' }).state;
  it.each([
    ['without an open shift', noShift, cashRecharge(ANA, 100, 4), 'NO_OPEN_SHIFT'],
    ['by scan code without the operation number', membersState, { ...cashRecharge(ANA, 100, 5), method: 3 }, 'OPERATION_NO_REQUIRED'],
    ['by remittance without the bank', membersState, { ...cashRecharge(ANA, 100, 6), method: 4, cardNo: '1234' }, 'MEMBER_BANK_REQUIRED'],
    ['by remittance without the card number', membersState, { ...cashRecharge(ANA, 100, 7), method: 4, bank: 'BCP', cardNo: 'xx' }, 'MEMBER_CARD_REQUIRED'],
    ['of an unknown member', membersState, cashRecharge(uid(9), 100, 8), 'MEMBER_NOT_FOUND'],
    ['with the id of a recharge already made (a retry)', membersState, cashRecharge(ANA, 100, 1), 'DUPLICATE_ID'],
  ] as const)('refuses a recharge %s', (_label, build, payload, code) => {
    refusedWith(build(), 'member.recharge', payload, code);
  });
});

describe('member.adjust', () => {
  it('moves the balance either way, with the approver', () => {
    const s = exec(membersState(), 'member.adjust', { memberId: ANA, entryId: uid(2401), cents: -2_500, reason: 'Cobro duplicado' }, { ...ctxAt(), approver: 'staff-mgr' });
    const m = memberById(s.state, ANA)!;
    expect(m.balanceCents).toBe(7_500);
    expect(m.recent[0]).toMatchObject({ kind: 'adjust', cents: -2_500, approver: 'staff-mgr', reason: 'Cobro duplicado', seq: 1 });
  });

  it('takes the balance exactly to 0', () => {
    const s = exec(membersState(), 'member.adjust', { memberId: ANA, entryId: uid(2402), cents: -10_000, reason: 'x' }).state;
    expect(memberById(s, ANA)!.balanceCents).toBe(0);
  });

  it.each([
    ['below zero by one céntimo', { cents: -10_001 }, 'INSUFFICIENT_BALANCE'],
    ['without a reason', { reason: '' }, 'REASON_REQUIRED'],
    ['of an unknown member', { memberId: uid(9) }, 'MEMBER_NOT_FOUND'],
    ['with the id of an entry already made', { entryId: uid(2301) }, 'DUPLICATE_ID'],
  ] as const)('refuses an adjustment %s', (_label, over, code) => {
    refusedWith(membersState(), 'member.adjust', { memberId: ANA, entryId: uid(2403), cents: -100, reason: 'x', ...over }, code);
  });
});

describe('member.reprintRecharge', () => {
  it('asks for a recharge slip again', () => {
    const d = decideOn(membersState(), 'member.reprintRecharge', { memberId: ANA, entryId: uid(2301) });
    expect(d.ok && d.events[0]?.type).toBe('member.rechargeReprinted');
  });

  it('refuses an entry that is not a recharge', () => {
    const s = exec(membersState(), 'member.adjust', { memberId: ANA, entryId: uid(2404), cents: 100, reason: 'x' }).state;
    refusedWith(s, 'member.reprintRecharge', { memberId: ANA, entryId: uid(2404) }, 'RECHARGE_NOT_FOUND');
    refusedWith(s, 'member.reprintRecharge', { memberId: ANA, entryId: '__proto__' }, 'RECHARGE_NOT_FOUND');
  });
});

describe('the recent entries', () => {
  it('keep the last RECENT_ENTRIES, newest first, while the count goes on', () => {
    let s = membersState();
    for (let i = 0; i < 25; i++) s = exec(s, 'member.adjust', { memberId: ANA, entryId: uid(2500 + i), cents: 1, reason: 'x' }).state;
    const m = memberById(s, ANA)!;
    expect(m.entries).toBe(26);
    expect(m.recent).toHaveLength(RECENT_ENTRIES);
    expect(m.recent.map((e) => e.seq)).toEqual(Array.from({ length: RECENT_ENTRIES }, (_, i) => 25 - i));
    expect(m.balanceCents).toBe(10_025);
  });
});
