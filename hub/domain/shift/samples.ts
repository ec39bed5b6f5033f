import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

/** Sample commands of every shift command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('shift.open', { id: 'sh-1', floatCents: 10000 }),
  command('shift.cashMove', { id: 'mv-1', direction: 'in', amountCents: 2000, reason: 'Sencillo' }),
  command('shift.cashMove', { id: 'mv-2', direction: 'out', amountCents: 500, reason: 'Mercado' }),
  command('shift.close', { counted: { cash: 11500 }, note: '' }),
];
