import { describe, expect, it } from 'vitest';
import { counterErrors, counterPayload, EMPTY_COUNTER_DRAFT, limaDate, lunchBoxCents, type CounterDraft } from './counter-order.ts';

const DAY = '2026-11-28';
const NOON = new Date('2026-11-28T12:00:00-05:00');
const draft = (d: Partial<CounterDraft>): CounterDraft => ({ ...EMPTY_COUNTER_DRAFT, ...d });
const ids = { takeoutId: 't1', orderId: 'o1' };

describe('counter order draft', () => {
  it.each([
    ['nothing typed is fine (name and phone optional)', {}, 1, {}],
    ['an empty cart', {}, 0, { cart: 'cartEmpty' }],
    ['a mobile with spaces', { phone: '987 654 321' }, 1, {}],
    ['a mobile with +51', { phone: '+51 987-654-321' }, 1, {}],
    ['a landline', { phone: '01 4445555' }, 1, { phone: 'phone' }],
    ['eight digits', { phone: '98765432' }, 1, { phone: 'phone' }],
    ['letters', { phone: '98765432x' }, 1, { phone: 'phone' }],
    ['a reservation without a time', { type: 'reservation' as const }, 1, { pickupTime: 'required' }],
    ['a reservation at 25:00', { type: 'reservation' as const, pickupTime: '25:00' }, 1, { pickupTime: 'time' }],
    ['a reservation already gone', { type: 'reservation' as const, pickupTime: '11:00' }, 1, { pickupTime: 'timePassed' }],
    ['a reservation later today', { type: 'reservation' as const, pickupTime: '13:30' }, 1, {}],
    ['a time on a take-away is ignored', { pickupTime: 'xx' }, 1, {}],
    ['lunch boxes without a price', { lunchBox: 'perItem' as const }, 1, { lunchBoxPrice: 'amount' }],
    ['lunch boxes at nothing', { lunchBox: 'perOrder' as const, lunchBoxPrice: '0' }, 1, { lunchBoxPrice: 'amount' }],
    ['lunch boxes at S/ 1', { lunchBox: 'perOrder' as const, lunchBoxPrice: '1' }, 1, {}],
  ])('%s', (_, d, lines, expected) => {
    expect(counterErrors(draft(d), lines, DAY, NOON)).toEqual(expected);
  });

  it('a pickup time is on the Lima calendar day: after midnight it is today, not the business day still open', () => {
    expect(limaDate(new Date('2026-11-29T05:30:00Z'))).toBe('2026-11-29'); // 00:30 in Lima
    expect(limaDate(new Date('2026-11-29T04:30:00Z'))).toBe('2026-11-28'); // 23:30 in Lima
    const tenPastMidnight = new Date('2026-11-29T00:10:00-05:00');
    expect(counterErrors(draft({ type: 'reservation', pickupTime: '00:40' }), 1, limaDate(tenPastMidnight), tenPastMidnight)).toEqual({});
  });

  it('lunch boxes per portion count portions, per order one', () => {
    expect(lunchBoxCents(draft({ lunchBox: 'perItem', lunchBoxPrice: '0.50' }), 3)).toBe(150);
    expect(lunchBoxCents(draft({ lunchBox: 'perOrder', lunchBoxPrice: '1' }), 3)).toBe(100);
    expect(lunchBoxCents(draft({ lunchBox: 'perOrder', lunchBoxPrice: '1' }), 0)).toBe(0);
    expect(lunchBoxCents(draft({ lunchBox: 'none', lunchBoxPrice: '1' }), 3)).toBe(0);
  });

  it('the payload: counter, pickup at the store, phone reduced to 9 digits, sent to the kitchen', () => {
    const lines = [{ lineId: 'l1', productId: 'p-101', qty: 2, remark: '' }];
    expect(counterPayload(draft({ name: ' Ana ', phone: '+51 987 654 321', payLater: true }), ids, lines, DAY)).toEqual({
      ...ids,
      channel: 'counter',
      type: 'takeaway',
      method: 1,
      customer: { name: 'Ana', phone: '987654321' },
      invoiceType: 'note',
      lines,
      payLater: true,
      send: true,
    });
  });

  it('a reservation carries its pickup time in Lima; lunch boxes ride along', () => {
    const p = counterPayload(draft({ type: 'reservation', pickupTime: '19:30', lunchBox: 'perItem', lunchBoxPrice: '0.5' }), ids, [], DAY);
    expect(p.expectedAt).toBe('2026-11-28T19:30:00-05:00');
    expect(p.lunchBox).toEqual({ mode: 'perItem', priceCents: 50 });
    expect(p.customer).toEqual({ name: '', phone: '' });
  });
});
