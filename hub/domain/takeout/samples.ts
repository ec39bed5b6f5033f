import type { Command, CommandPayload } from '#protocol';
import { command, P, uid } from '../test-fixtures.ts';

/** Takeout ids the samples name (the purity test runs them on states without takeouts too: refusals are fine). */
export const SAMPLE_TAKEOUT = uid(2100);
const DELIVERY = { address: 'Av. Larco 123, Miraflores', reference: 'Frente al parque', receiverName: 'Ana', receiverPhone: '987654321', contactPhone: '', distanceM: 1500, feeCents: 500, changeForCents: 10_000 };

/** A phone delivery order with one dish, sent to the kitchen. */
export const SAMPLE_CREATE: CommandPayload<'takeout.create'> = {
  takeoutId: SAMPLE_TAKEOUT,
  orderId: uid(2101),
  channel: 'phone',
  type: 'immediate',
  method: 0,
  customer: { name: 'Ana Torres', phone: '987654321' },
  delivery: DELIVERY,
  invoiceType: 'note',
  lines: [{ lineId: uid(2102), productId: P.ceviche.id, qty: 1, remark: '' }],
  send: true,
};

/** Sample commands of the takeout feature, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('takeout.create', SAMPLE_CREATE),
  command('takeout.create', { ...SAMPLE_CREATE, takeoutId: uid(2103), orderId: uid(2104), channel: 'counter', type: 'takeaway', method: 1, delivery: undefined, payLater: true, lines: [{ lineId: uid(2105), productId: P.lomo.id, qty: 2, remark: 'sin ají' }] }),
  command('takeout.intake', {
    takeoutId: uid(2106),
    orderId: uid(2107),
    channelId: 'web-shop',
    externalId: 'W-1001',
    customer: { name: 'Luis', phone: '+51987654321' },
    delivery: DELIVERY,
    method: 0,
    type: 'immediate',
    lines: [{ lineId: uid(2108), productId: P.chicha.id, qty: 1, remark: '' }],
    note: '<b>timbre roto</b>',
    paidByChannel: true,
  }),
  command('takeout.addLines', { takeoutId: SAMPLE_TAKEOUT, lines: [{ lineId: uid(2109), productId: P.agua.id, qty: 1, remark: '' }], customLines: [{ lineId: uid(2110), name: 'Cubiertos', priceCents: 0, qty: 1, unit: '', remark: '' }], send: true }),
  command('takeout.accept', { takeoutId: uid(2106) }),
  command('takeout.refuse', { takeoutId: uid(2106), reason: 'Fuera de zona' }),
  command('takeout.cancel', { takeoutId: SAMPLE_TAKEOUT, reason: 'El cliente llamó' }),
  command('takeout.markReady', { takeoutId: SAMPLE_TAKEOUT }),
  command('takeout.assignRider', { takeoutId: SAMPLE_TAKEOUT, riderId: 'rider-1' }),
  command('takeout.pickedUp', { takeoutId: SAMPLE_TAKEOUT }),
  command('takeout.delivered', { takeoutId: SAMPLE_TAKEOUT, collectedCents: 10_000 }),
  command('takeout.handOver', { takeoutId: uid(2103) }),
  command('takeout.close', { takeoutId: SAMPLE_TAKEOUT }),
];
