import type { Command } from '#protocol';
import { command, NO_CUSTOMER, P, T, tableDef, uid } from '../test-fixtures.ts';

/** The order the purity test's states hold on table S1 (orderAt's default). */
const ORDER = uid(1);

/** Sample commands of every dine-in command type, aimed at order ORDER on table S1, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('order.addCustomDish', { orderId: ORDER, lineId: uid(401), name: 'Tortilla', priceCents: 1500, qty: 1, unit: 'plato', remark: '' }),
  command('area.save', { id: 'area-new', name: 'Patio', sort: 2 }),
  command('table.save', tableDef(T.s1, 'S1 ventana', 3000)),
  command('table.save', tableDef('t-new', 'S2')),
  command('area.remove', { areaId: 'area-new' }),
  command('area.remove', { areaId: 'area-salon' }),
  command('area.reorder', { ids: ['area-new', 'area-salon'] }),
  command('table.addMany', { tables: [tableDef('t-m1', 'M1'), tableDef('t-m2', 'M2')] }),
  command('table.remove', { tableId: T.s2 }),
  command('table.remove', { tableId: T.s1 }),
  command('table.open', { tableId: T.s1, orderId: ORDER, people: 3, customer: NO_CUSTOMER }),
  command('table.open', { tableId: T.s2, orderId: uid(2), people: 3, customer: NO_CUSTOMER }),
  command('order.addLines', { orderId: ORDER, lines: [{ lineId: uid(301), productId: P.lomo.id, qty: 2, remark: '' }] }),
  command('order.addLines', { orderId: ORDER, lines: [{ lineId: uid(101), productId: P.lomo.id, qty: 2, remark: '' }] }),
  command('order.removeLine', { orderId: ORDER, lineId: uid(101) }),
  command('order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 1, reason: 'frío' }),
  command('order.returnLine', { orderId: ORDER, lineId: uid(101), qty: 5, reason: 'frío' }),
  command('order.send', { orderId: ORDER }),
  command('order.prebill', { orderId: ORDER }),
  command('order.cancelPrebill', { orderId: ORDER }),
  command('order.settleCash', { orderId: ORDER, receivedCents: 100000 }),
  command('order.settleCash', { orderId: ORDER, receivedCents: 1 }),
  command('table.clear', { tableId: T.s1 }),
];
