import type { ClosedShift, Command } from '#protocol';
import { emptyTotals } from './totals.ts';
import { command } from '../test-fixtures.ts';

const CLOSED: ClosedShift = {
  id: 'sh-0', openedAt: '2026-11-23T14:00:00.000Z', openedBy: null, floatCents: 0, totals: emptyTotals(), moves: [],
  closedAt: '2026-11-23T22:00:00.000Z', closedBy: null, counts: [{ method: 'cash', expectedCents: 0, countedCents: 0, differenceCents: 0 }], note: '',
};

/** Sample commands of every shift command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('shift.open', { id: 'sh-1', floatCents: 10000 }),
  command('shift.cashMove', { id: 'mv-1', direction: 'in', amountCents: 2000, reason: 'Sencillo' }),
  command('shift.cashMove', { id: 'mv-2', direction: 'out', amountCents: 500, reason: 'Mercado' }),
  command('shift.close', { counted: { cash: 11500 }, note: '' }),
  // Internal: the shifts route hands in the closed shift it read from its day file.
  command('shift.printReport', { shift: CLOSED }),
  command('shift.printReport', { shift: CLOSED, printerId: 'no-such-printer' }),
];
