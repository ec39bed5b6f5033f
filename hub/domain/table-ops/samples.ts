import type { Command } from '#protocol';
import { command, T, uid } from '../test-fixtures.ts';

/** The order the purity test's states hold on table S1. */
const ORDER = uid(1);

/** Sample commands of every table operation, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('table.openMany', { tables: [{ tableId: T.s2, orderId: uid(501), people: 2 }, { tableId: T.vip, orderId: uid(502), people: 6 }] }),
  command('table.change', { fromTableId: T.s1, toTableId: T.s2 }),
  command('table.merge', { tableId: T.s2, otherTableIds: [T.s1] }),
  command('order.copyTo', { fromOrderId: ORDER, toTableId: T.s2, orderId: uid(503), people: 2, lines: [{ fromLineId: uid(101), lineId: uid(504) }] }),
  command('order.moveLines', { fromOrderId: ORDER, toTableId: T.s2, orderId: uid(505), people: 2, lines: [{ lineId: uid(101), qty: 1, newLineId: uid(506) }] }),
  command('drawer.open', { reason: 'cambio' }),
];
