import type { Command } from '#protocol';
import { testBill } from '../einvoice/test-bills.ts';
import { command } from '../test-fixtures.ts';

/** A closed boleta as the archive holds it: a gift, a discounted line, 10 % off the order, a tip. */
const BILL = testBill([{ price: 3200, qty: 2, gifted: 1 }, { price: 600, qty: 3 }, { price: 3800, discount: 800 }], { orderDiscount: { kind: 'percent', percent: 10 }, tip: 500 });

/** Sample commands of every bills command type, accepted and refused, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('bill.correct', { bill: BILL, request: { kind: 'void', lines: [], reason: 'Cliente se retiró', method: 'cash' } }),
  command('bill.correct', { bill: BILL, request: { kind: 'refund', lines: [{ lineId: 'l-2', qty: 2 }], reason: 'Frío', method: 'yape' } }),
  command('bill.correct', { bill: BILL, request: { kind: 'refund', lines: [{ lineId: 'l-2', qty: 9 }], reason: 'Demasiado', method: 'cash' } }),
  command('bill.correct', { bill: { ...BILL, fiscal: undefined, document: { kind: 'note', docId: '', name: '' } }, request: { kind: 'refund', lines: [{ lineId: 'l-1', qty: 1 }], reason: 'Frío', method: 'cash' } }),
  command('bill.reprint', { bill: BILL }),
  command('bill.reprint', { bill: BILL, printerId: 'no-such-printer' }),
  command('bill.reprint', { bill: { ...BILL, deleted: 2 } }),
];
