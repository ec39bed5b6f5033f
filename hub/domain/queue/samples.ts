import type { Command } from '#protocol';
import { command, T, uid } from '../test-fixtures.ts';

/** Sample commands of every queue command, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('queue.take', { entryId: uid(601), people: 4, name: 'Rosa', phone: '987654321' }),
  command('queue.call', { entryId: uid(601) }),
  command('queue.seat', { entryId: uid(601), tableId: T.s2, orderId: uid(602) }),
  command('queue.noShow', { entryId: uid(601) }),
  command('queue.cancel', { entryId: uid(601) }),
];
