import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

const R = '7d1c0c1e-4f7b-4a57-9a43-2f0f1d5b9a01';

/** Sample commands of every reservation command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('reservation.create', { reservationId: R, tableId: 't-s1', people: 4, at: '2030-01-01T20:00:00-05:00', customerName: 'Ana', phone: '987654321', depositCents: 5000, remarks: '', reason: 'family' }),
  command('reservation.payDeposit', { reservationId: R, payment: { method: 'yape', amountCents: 5000, operationNo: '12345678' }, print: true }),
  command('reservation.depositFailed', { reservationId: R }),
  command('reservation.ready', { reservationId: R }),
  command('reservation.arrive', { reservationId: R, orderId: '7d1c0c1e-4f7b-4a57-9a43-2f0f1d5b9a02' }),
  command('reservation.finish', { reservationId: R }),
  command('reservation.cancel', { reservationId: R, reason: 'cambio de planes', deposit: { action: 'refund' } }),
  command('reservation.noShow', { reservationId: R, deposit: { action: 'keep' } }),
];
