import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';
import { BILL_DAY, FULL, noteBill, REFUND_ID } from './test-refunds.ts';

/** Sample commands of the refunds feature, accepted and refused, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('refund.apply', { refundId: REFUND_ID, bill: noteBill(), billDay: BILL_DAY, request: FULL }),
  command('refund.apply', { refundId: REFUND_ID, bill: noteBill(), billDay: BILL_DAY, request: { kind: 'lines', lines: [{ lineId: '__proto__', qty: 1 }], reason: 'x', contactPhone: '' } }),
  command('refund.accept', { refundId: REFUND_ID }),
  command('refund.reject', { refundId: REFUND_ID, reason: 'Ya se consumió' }),
  command('refund.payOut', { refundId: REFUND_ID, bill: noteBill(), method: 'cash', operationNo: '' }),
  command('refund.finish', { refundId: REFUND_ID }),
];
