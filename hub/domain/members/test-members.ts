import type { CommandPayload, State } from '#protocol';
import { ctxAt, exec, menuState, uid } from '../test-fixtures.ts';

/** Test members: Ana (DNI) and Beto (passport); ids the tests and samples name. */
export const ANA = uid(2201);
export const BETO = uid(2202);

export const ANA_FIELDS: Omit<CommandPayload<'member.register'>, 'memberId'> = {
  phone: '+51 987 654 321',
  lastName: 'Pérez',
  name: 'Ana',
  email: 'ana@example.pe',
  gender: 2,
  city: 'Lima',
  address: 'Av. Larco 123',
  birthday: '1990-05-01',
  regMethod: 1,
  docId: '12345678',
};

export const BETO_FIELDS: Omit<CommandPayload<'member.register'>, 'memberId'> = {
  phone: '912345678',
  lastName: 'Quispe',
  name: 'Beto',
  gender: 1,
  regMethod: 2,
  docId: 'ab 123 456',
};

/** A cash recharge of `cents` for `memberId` (needs the test restaurant's open shift). */
export function cashRecharge(memberId: string, cents: number, n: number): CommandPayload<'member.recharge'> {
  return { memberId, rechargeId: uid(2300 + n), amountCents: cents, method: 2, print: false };
}

/** The test restaurant (open shift) with Ana registered and S/ 100 recharged, and Beto registered with no balance. */
export function membersState(): State {
  let s = menuState();
  s = exec(s, 'member.register', { memberId: ANA, ...ANA_FIELDS }).state;
  s = exec(s, 'member.register', { memberId: BETO, ...BETO_FIELDS }).state;
  s = exec(s, 'member.recharge', cashRecharge(ANA, 10_000, 1), ctxAt()).state;
  return s;
}
