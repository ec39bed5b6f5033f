import { describe, expect, it } from 'vitest';
import type { State, Takeout } from '#protocol';
import { emptyState } from '#domain';
import { changeToBring, dishesOf, nextStep, riderOrders, telLink } from './rider-orders.ts';

/** A delivery takeout as the team's contract shapes it (team21.md), with what a case changes. */
function takeout(id: string, over: Partial<Takeout> = {}): Takeout {
  return {
    id, orderId: null, billId: null, billDay: null, code: `T-${id}`, pickupCode: id, businessDay: '2026-11-28', channel: 'phone', externalId: null,
    type: 'immediate', method: 0, status: 3, paid: false, customer: { name: 'Rosa', phone: '987654321' }, memberNo: null,
    delivery: { address: 'Av. Larco 123, Miraflores', reference: 'Frente al parque', receiverName: 'Rosa', receiverPhone: '987654321', contactPhone: '', distanceM: 1200, feeCents: 500, changeForCents: 10_000 },
    expectedAt: null, invoiceType: 'boleta', riderId: 'r-ana', ready: false, note: '', createdAt: `2026-11-28T20:${id.padStart(2, '0')}:00.000Z`, createdBy: null, paidAt: null,
    merchantReceivedAt: null, riderReceivedAt: null, pickedUpAt: null, deliveredAt: null, serviceAt: null, closedAt: null, cancelReason: '', collectCents: 6200,
    ...over,
  };
}
const stateWith = (list: Takeout[]): State => ({ ...emptyState(), takeouts: Object.fromEntries(list.map((t) => [t.id, t])) });

describe('the rider\'s orders', () => {
  it('lists mine (on the way first, then by time) and the delivery orders waiting for a rider; nothing else', () => {
    const s = stateWith([
      takeout('01', { status: 3 }),
      takeout('02', { status: 4 }),
      takeout('03', { status: 3, riderId: 'r-beto' }),
      takeout('04', { status: 2, riderId: null }),
      takeout('05', { status: 12, riderId: null, expectedAt: '2026-11-28T19:00:00.000Z' }),
      takeout('06', { status: 2, riderId: null, method: 1 }),
      takeout('07', { status: 7 }),
      takeout('08', { status: 0, riderId: null }),
      takeout('09', { status: 11 }),
    ]);
    const { mine, waiting } = riderOrders(s, 'r-ana');
    expect(mine.map((t) => t.id)).toEqual(['02', '01']);
    expect(waiting.map((t) => t.id)).toEqual(['05', '04']);
  });

  it('reads a replica without takeouts as no orders', () => {
    expect(riderOrders(emptyState(), 'r-ana')).toEqual({ mine: [], waiting: [] });
  });

  it.each([
    [3, 'pickedUp'],
    [4, 'delivered'],
    [2, null],
    [7, null],
  ] as const)('next step from status %i: %s', (status, step) => {
    expect(nextStep({ status })).toBe(step);
  });

  it.each([
    ['a S/ 100 bill for S/ 62', 6200, 10_000, { billCents: 10_000, changeCents: 3800 }],
    ['the exact amount', 6200, 6200, { billCents: 6200, changeCents: 0 }],
    ['a bill smaller than the amount (typed wrong): no negative change', 6200, 5000, { billCents: 5000, changeCents: 0 }],
    ['no bill said', 6200, 0, null],
    ['already paid', 0, 10_000, null],
  ] as const)('change to bring: %s', (_name, collect, bill, expected) => {
    expect(changeToBring(takeout('01', { collectCents: collect, delivery: { ...takeout('01').delivery!, changeForCents: bill } }))).toEqual(expected);
  });

  it('dials only digits and a leading plus', () => {
    expect(telLink('+51 987 654 321')).toBe('tel:+51987654321');
    expect(telLink('987-654-321"><script>')).toBe('tel:987654321');
  });
});

describe('what the rider carries', () => {
  it('lists the open order\'s portions still to serve, not the delivery fee\'s line', async () => {
    const { applyAll } = await import('#domain');
    const order = { id: 'o-1', lines: [
      { id: 'l-1', names: { es: 'Ceviche', en: 'Ceviche', zh: '酸橘汁腌鱼' }, specNames: null, qty: 3, cancelledQty: 1, returnedQty: 0 },
      { id: 'o-1:fee', names: { es: 'Delivery', en: 'Delivery', zh: 'Delivery' }, specNames: null, qty: 1, cancelledQty: 0, returnedQty: 0 },
      { id: 'l-2', names: { es: 'Chicha', en: 'Chicha', zh: '紫玉米汁' }, specNames: { es: '1 L', en: '1 L', zh: '1 升' }, qty: 1, cancelledQty: 1, returnedQty: 0 },
    ] };
    const s = { ...applyAll(emptyState(), []), orders: { 'o-1': order } } as unknown as State;
    expect(dishesOf(s, { orderId: 'o-1' }, (n) => n.es)).toEqual([{ key: 'l-1', name: 'Ceviche', qty: 2 }]);
    expect(dishesOf(s, { orderId: null }, (n) => n.es)).toEqual([]);
    expect(dishesOf(s, { orderId: '__proto__' }, (n) => n.es)).toEqual([]);
  });
});
