import { describe, expect, it } from 'vitest';
import { TAKEOUT_STATUS as S, type Takeout, type TakeoutStatus } from './contract.ts';
import { actionsFor, canAddDishes, changeToBringCents, needsSending, paidByShop, matchesSearch, phoneDigits, riderLastStep, sortLive, tabCounts, type TakeoutAction } from './takeout-view.ts';

/** A delivery takeout with every field at a plain value; `over` changes what a case is about. */
function takeout(over: Partial<Takeout> = {}): Takeout {
  return {
    id: 'to-1',
    orderId: 'o-1',
    billId: null,
    billDay: null,
    code: 'T-0042',
    pickupCode: '042',
    businessDay: '2026-11-28',
    channel: 'phone',
    externalId: null,
    type: 'immediate',
    method: 0,
    status: S.received,
    paid: false,
    customer: { name: 'José Pérez', phone: '987654321' },
    memberNo: null,
    delivery: { address: 'Av. Larco 345, Miraflores', reference: 'Puerta verde', receiverName: 'Ana Ríos', receiverPhone: '912345678', contactPhone: '', distanceM: 2500, feeCents: 500, changeForCents: 10000 },
    expectedAt: null,
    invoiceType: 'note',
    riderId: null,
    ready: false,
    createdAt: '2026-11-28T18:00:00.000Z',
    createdBy: null,
    paidAt: null,
    merchantReceivedAt: null,
    riderReceivedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    serviceAt: null,
    closedAt: null,
    cancelReason: '',
    note: '',
    collectCents: 6500,
    ...over,
  };
}

describe('search: code, pickup code, phone, name', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['T-0042', true],
    ['t-0042', true],
    ['42', true],
    ['042', true],
    ['jose', true],
    ['JOSÉ', true],
    ['ana rios', true],
    ['987654321', true],
    ['987 654 321', true],
    ['+51 987 654 321', true],
    ['654', true],
    ['912345', true],
    ['999', false],
    ['maria', false],
    ['calle 4', false],
    ['7', false],
  ])('"%s" → %s', (query, found) => {
    expect(matchesSearch(takeout(), query)).toBe(found);
  });

  it('a takeout without delivery details is found by the customer alone', () => {
    expect(matchesSearch(takeout({ delivery: null }), '912345')).toBe(false);
    expect(matchesSearch(takeout({ delivery: null }), '98765')).toBe(true);
  });

  it.each([
    ['+51987654321', '987654321'],
    ['51987654321', '987654321'],
    ['987-654-321', '987654321'],
    ['', ''],
  ])('phone digits of %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });
});

describe('tabs and order', () => {
  it('counts every live takeout in "all" and in its status tab; a paid web order is new too', () => {
    const list = [S.submitted, S.paid, S.received, S.toBePaid, S.riderReceived, S.pickedUp, S.delivered, S.done].map((status) => ({ status }));
    expect(tabCounts(list)).toEqual({ all: 8, new: 2, received: 1, toBePaid: 1, riderReceived: 1, pickedUp: 1, delivered: 1, done: 1 });
  });

  it('new web orders first, then the soonest due', () => {
    const list = [
      takeout({ code: 'T-3', status: S.received, expectedAt: '2026-11-28T19:00:00.000Z' }),
      takeout({ code: 'T-1', status: S.pickedUp, createdAt: '2026-11-28T17:00:00.000Z' }),
      takeout({ code: 'T-2', status: S.submitted, createdAt: '2026-11-28T18:30:00.000Z' }),
      takeout({ code: 'T-4', status: S.toBePaid, createdAt: '2026-11-28T18:10:00.000Z' }),
    ];
    expect(sortLive(list).map((t) => t.code)).toEqual(['T-2', 'T-4', 'T-3', 'T-1']);
  });
});

describe('actions by status', () => {
  const cases: [string, Partial<Takeout>, TakeoutAction[]][] = [
    ['a web order waiting', { status: S.submitted, channel: 'web:shop' }, ['accept', 'refuse']],
    ['a web order paid by the channel', { status: S.paid, paid: true }, ['accept', 'refuse']],
    ['a delivery received, unpaid', { status: S.received }, ['assignRider', 'pay', 'markReady', 'addDishes', 'reprintKitchen', 'cancel']],
    ['a delivery to be paid, ready', { status: S.toBePaid, ready: true }, ['assignRider', 'pay', 'addDishes', 'reprintKitchen', 'cancel']],
    ['a delivery received, paid', { status: S.received, paid: true }, ['assignRider', 'markReady']],
    ['a pickup paid', { status: S.received, method: 1, paid: true, delivery: null }, ['handOver', 'markReady']],
    ['a pickup to be paid', { status: S.toBePaid, method: 1, delivery: null }, ['pay', 'markReady', 'addDishes', 'reprintKitchen', 'cancel']],
    ['with its rider', { status: S.riderReceived, riderId: 'r-1' }, ['pickedUp', 'assignRider', 'pay', 'markReady', 'addDishes', 'reprintKitchen', 'reprintSlip', 'cancel']],
    ['with its rider, ready', { status: S.riderReceived, riderId: 'r-1', ready: true }, ['pickedUp', 'assignRider', 'pay', 'addDishes', 'reprintKitchen', 'reprintSlip', 'cancel']],
    ['on its way', { status: S.pickedUp, riderId: 'r-1' }, ['delivered', 'pay', 'reprintKitchen', 'reprintSlip', 'cancel']],
    ['on its way, paid', { status: S.pickedUp, riderId: 'r-1', paid: true }, ['delivered', 'reprintSlip']],
    ['delivered', { status: S.delivered, riderId: 'r-1' }, ['close']],
    ['done', { status: S.done }, ['close']],
    ['closed', { status: S.closed }, []],
    ['cancelled', { status: S.cancelled }, []],
    ['refused', { status: S.refused }, []],
    ['no open order (a paid one is a bill)', { status: S.toBePaid, orderId: null }, ['assignRider', 'markReady', 'cancel']],
  ];
  it.each(cases)('%s', (_, over, actions) => {
    expect(actionsFor(takeout(over))).toEqual(actions);
  });

  it('every status has its answer (none throws, the unknown 5 and 9 offer nothing)', () => {
    for (const status of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) expect(Array.isArray(actionsFor(takeout({ status: status as TakeoutStatus })))).toBe(true);
    expect(actionsFor(takeout({ status: 5 as TakeoutStatus }))).toEqual([]);
  });
});

describe("the rider's last status and the change", () => {
  it.each<[string, Partial<Takeout>, ReturnType<typeof riderLastStep>]>([
    ['no rider', {}, null],
    ['assigned', { riderId: 'r', riderReceivedAt: '2026-11-28T18:05:00Z' }, { step: 'riderReceived', at: '2026-11-28T18:05:00Z' }],
    ['picked up', { riderId: 'r', riderReceivedAt: '2026-11-28T18:05:00Z', pickedUpAt: '2026-11-28T18:15:00Z' }, { step: 'pickedUp', at: '2026-11-28T18:15:00Z' }],
    ['delivered', { riderId: 'r', riderReceivedAt: 'a', pickedUpAt: 'b', deliveredAt: 'c' }, { step: 'delivered', at: 'c' }],
  ])('%s', (_, over, step) => {
    expect(riderLastStep(takeout(over))).toEqual(step);
  });

  it.each<[string, Partial<Takeout>, number]>([
    ['pays S/ 100 for S/ 65', {}, 3500],
    ['pays exactly', { delivery: { ...takeout().delivery!, changeForCents: 0 } }, 0],
    ['already paid', { paid: true }, 0],
    ['a note smaller than the bill brings nothing', { delivery: { ...takeout().delivery!, changeForCents: 5000 } }, 0],
    ['no delivery details', { delivery: null }, 0],
  ])('change to bring: %s', (_, over, cents) => {
    expect(changeToBringCents(takeout(over))).toBe(cents);
  });
});

describe('"send to the kitchen"', () => {
  const order = (lines: { id: string; sentBatch: number | null }[]) => ({ id: 'o-1', lines });
  it.each<[string, Partial<Takeout>, { id: string; sentBatch: number | null }[], boolean]>([
    ['a web order waiting: "accept" sends it', { status: S.submitted }, [{ id: 'l', sentBatch: null }], false],
    ['an order for later, accepted', { status: S.toBePaid }, [{ id: 'l', sentBatch: null }], true],
    ['all sent', { status: S.received }, [{ id: 'l', sentBatch: 1 }], false],
    ['only the fee line is unsent (it never goes to the kitchen)', { status: S.received }, [{ id: 'l', sentBatch: 1 }, { id: 'o-1:fee', sentBatch: null }], false],
    ['delivered', { status: S.delivered }, [{ id: 'l', sentBatch: null }], false],
  ])('%s', (_, over, lines, offered) => {
    expect(needsSending(takeout(over), order(lines))).toBe(offered);
  });
});

describe('adding dishes (takeout.addLines: unpaid, 0, 1, 2, 3, 12)', () => {
  it.each<[string, Partial<Takeout>, boolean]>([
    ['received, unpaid', { status: S.received }, true],
    ['a web order waiting', { status: S.submitted }, true],
    ['with its rider', { status: S.riderReceived }, true],
    ['to be paid', { status: S.toBePaid }, true],
    ['paid', { status: S.received, paid: true }, false],
    ['on its way', { status: S.pickedUp }, false],
    ['delivered', { status: S.delivered }, false],
    ['no open order', { status: S.received, orderId: null }, false],
  ])('%s', (_, over, can) => {
    expect(canAddDishes(takeout(over))).toBe(can);
  });
});

describe('a web order its shop was paid for', () => {
  it.each([
    ['paid by the shop, not yet recorded at the till', { paid: false, paidAt: '2025-03-14T18:00:00.000Z' }, true],
    ['recorded at the till (a bill)', { paid: true, paidAt: '2025-03-14T18:05:00.000Z' }, false],
    ['not paid at all', { paid: false, paidAt: null }, false],
  ] as const)('%s → %s', (_name, t, expected) => {
    expect(paidByShop(t)).toBe(expected);
  });
});
