import type { Command } from '#protocol';
import { command, P, T, uid } from '../test-fixtures.ts';

const ORDER = uid(1);
const PARKED = uid(601);

/** Sample commands of every pending command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('pending.hangUp', { parkedId: PARKED, label: 'Sr. Pérez', people: 4, lines: [{ lineId: uid(602), productId: P.lomo.id, qty: 2, remark: '' }] }),
  command('order.hangUp', { orderId: ORDER, parkedId: uid(603), label: '', lines: [] }),
  command('pending.addLines', { parkedId: PARKED, lines: [{ lineId: uid(604), productId: null, qty: 1, remark: '', custom: { name: 'Torta', priceCents: 900, unit: '' } }] }),
  command('pending.removeLine', { parkedId: PARKED, lineId: uid(602) }),
  command('pending.resume', { parkedId: PARKED, tableId: T.s2, orderId: uid(605) }),
  command('pending.discard', { parkedId: PARKED }),
];
