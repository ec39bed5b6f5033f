import type { Command } from '#protocol';
import { command, uid } from '../test-fixtures.ts';

/** Sample commands of every on-account command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('account.settle', { billId: uid(77), payments: [{ method: 'cash', amountCents: 5_000 }] }),
  command('account.settle', { billId: uid(77), payments: [{ method: 'yape', amountCents: 1_000, operationNo: '12345678' }] }),
  command('account.writeOff', { billId: uid(77), reason: 'se mudó' }),
];
