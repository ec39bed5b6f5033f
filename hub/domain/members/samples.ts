import type { Command } from '#protocol';
import { command, uid } from '../test-fixtures.ts';
import { ANA, ANA_FIELDS, BETO_FIELDS, cashRecharge } from './test-members.ts';

/**
 * Sample commands of the members feature, for the purity test (../purity.test.ts). On its
 * states nobody is a member yet: registrations are accepted, the rest refused (MEMBER_NOT_FOUND).
 */
export const SAMPLES: Command[] = [
  command('member.register', { memberId: ANA, ...ANA_FIELDS }),
  command('member.register', { memberId: uid(2210), ...BETO_FIELDS, phone: '12' }),
  command('member.update', { memberId: ANA, ...ANA_FIELDS, city: 'Arequipa' }),
  command('member.erase', { memberId: ANA, reason: 'Lo pidió' }),
  command('member.recharge', cashRecharge(ANA, 5_000, 9)),
  command('member.recharge', { ...cashRecharge(ANA, 5_000, 10), method: 4, bank: 'BCP', cardNo: '4557 8800 1234 5678', certificate: 'T-991', arrivedAt: '2025-03-14T15:00:00.000Z', print: true }),
  command('member.adjust', { memberId: ANA, entryId: uid(2220), cents: -100, reason: 'Corrección' }),
  command('member.reprintRecharge', { memberId: ANA, entryId: uid(2301) }),
  command('member.reprintRecharge', { memberId: '__proto__', entryId: '__proto__' }),
];
