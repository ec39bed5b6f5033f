import type { Command } from '#protocol';
import { command, uid } from '../test-fixtures.ts';

/** The order the purity test's states hold on table S1, and its lines (orderAt: 2 ceviche, 1 chicha). */
const ORDER = uid(1);
const CEVICHE = uid(101);
const CHICHA = uid(102);

/** Sample commands of every kitchen command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('order.holdLines', { orderId: ORDER, lineIds: [CEVICHE] }),
  command('order.fire', { orderId: ORDER }),
  command('order.fire', { orderId: ORDER, lineIds: [CEVICHE] }),
  command('order.rush', { orderId: ORDER }),
  command('order.giftLine', { orderId: ORDER, lineId: CHICHA, qty: 1, reason: 'Cliente frecuente' }),
  command('order.giftLine', { orderId: ORDER, lineId: CHICHA, qty: 9, reason: 'Cliente frecuente' }),
  command('order.cancelLine', { orderId: ORDER, lineId: CEVICHE, qty: 1, reason: 'Se equivocó', toStock: true }),
  command('order.withdraw', { orderId: ORDER, reason: 'El cliente se fue' }),
  command('order.reorder', { orderId: ORDER, lines: [{ fromLineId: CEVICHE, lineId: uid(501) }] }),
  command('order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: 'Sin culantro' }),
];
