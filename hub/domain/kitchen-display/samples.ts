import type { Command, KitchenTicket } from '#protocol';
import { command, NOW, uid } from '../test-fixtures.ts';

/** A kitchen ticket as the printing rules capture it (tests change what they need). */
export function kitchenTicket(over: Partial<KitchenTicket> = {}): KitchenTicket {
  return {
    station: 'st-hot',
    stationName: 'Cocina caliente',
    orderId: uid(700),
    orderNo: 12,
    table: 'S1',
    waiter: 'Rosa',
    people: 4,
    at: NOW,
    marker: 'new',
    reason: '',
    lines: [{ lineId: uid(701), name: 'Lomo saltado', qty: 2, remark: 'sin cebolla', held: false }],
    ...over,
  };
}

/** Sample commands of every kitchen display command, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('kds.show', { ticketId: `${uid(702)}.0`, printerId: 'pr-screen', reprint: false, ticket: kitchenTicket() }),
  command('kds.bump', { ticketId: `${uid(702)}.0` }),
  command('kds.recall', { station: 'st-hot' }),
  command('kds.dismissRetired', { station: 'st-hot' }),
];
