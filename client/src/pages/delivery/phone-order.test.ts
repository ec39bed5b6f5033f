import { describe, expect, it } from 'vitest';
import { distanceMetres, draftErrors, EMPTY_DRAFT, expectedAtOf, peruMobile, phoneOrderPayload, type PhoneOrderDraft } from './phone-order.ts';

/** The new phone order form's rules, field by field (hub rules: PHONE_INVALID, DELIVERY_ADDRESS_REQUIRED). */

const DAY = '2026-11-28';
const NOW = new Date('2026-11-28T23:00:00.000Z'); // 18:00 in Lima
const OK: PhoneOrderDraft = { ...EMPTY_DRAFT, name: 'José', phone: '987 654 321', address: 'Av. Larco 345' };

describe('Peruvian mobiles', () => {
  it.each<[string, string | null]>([
    ['987654321', '987654321'],
    ['987 654 321', '987654321'],
    ['+51 987-654-321', '987654321'],
    ['51987654321', '987654321'],
    ['(+51) 987.654.321', '987654321'],
    ['887654321', null],
    ['98765432', null],
    ['9876543210', null],
    ['01 4445566', null],
    ['+52987654321', null],
    ['9876５4321', null],
    ['', null],
  ])('%s → %s', (typed, mobile) => {
    expect(peruMobile(typed)).toBe(mobile);
  });
});

describe('field errors', () => {
  it('a complete delivery has none', () => {
    expect(draftErrors(OK, 2, 5000, DAY, NOW)).toEqual({});
  });

  it.each<[string, Partial<PhoneOrderDraft>, number, Record<string, string>]>([
    ['empty cart', {}, 0, { cart: 'cartEmpty' }],
    ['no phone', { phone: ' ' }, 1, { phone: 'required' }],
    ['a landline', { phone: '014445566' }, 1, { phone: 'phone' }],
    ['a bad receiver phone', { receiverPhone: '12345' }, 1, { receiverPhone: 'phone' }],
    ['a bad contact phone', { contactPhone: '8' }, 1, { contactPhone: 'phone' }],
    ['no address for a delivery', { address: '' }, 1, { address: 'required' }],
    ['a fee that is no amount', { fee: '5,555' }, 1, { fee: 'amount' }],
    ['a negative tip', { tip: '-2' }, 1, { tip: 'amount' }],
    ['a distance past 100 km', { distanceKm: '150' }, 1, { distanceKm: 'distance' }],
    ['a distance with words', { distanceKm: '2 km' }, 1, { distanceKm: 'distance' }],
    ['an hour that is none', { expectedTime: '25:00' }, 1, { expectedTime: 'time' }],
    ['an hour already gone', { expectedTime: '17:30' }, 1, { expectedTime: 'timePassed' }],
    ['pays with less than the total', { payWith: '50', fee: '5' }, 1, { payWith: 'payWithShort' }],
  ])('%s', (_, over, lines, errors) => {
    expect(draftErrors({ ...OK, ...over }, lines, 5000, DAY, NOW)).toEqual(errors);
  });

  it('a pickup at the store needs no address and its fee is not counted', () => {
    expect(draftErrors({ ...OK, method: 1, address: '', fee: '5', payWith: '50' }, 1, 5000, DAY, NOW)).toEqual({});
  });

  it('a later hour today is fine, and so is the exact total as the note', () => {
    expect(draftErrors({ ...OK, expectedTime: '19:30', payWith: '55', fee: '5' }, 1, 5000, DAY, NOW)).toEqual({});
  });
});

describe('the takeout.create payload', () => {
  const ids = { takeoutId: 't', orderId: 'o' };
  const lines = [{ lineId: 'l', productId: 'p-101', qty: 2, remark: '' }];

  it('a delivery as soon as possible: phones reduced, the receiver is the caller', () => {
    const p = phoneOrderPayload({ ...OK, fee: '5', distanceKm: '2,5', payWith: '100', reference: ' Puerta verde ' }, ids, lines, DAY);
    expect(p).toEqual({
      takeoutId: 't',
      orderId: 'o',
      channel: 'phone',
      type: 'immediate',
      method: 0,
      customer: { name: 'José', phone: '987654321' },
      delivery: { address: 'Av. Larco 345', reference: 'Puerta verde', receiverName: 'José', receiverPhone: '987654321', contactPhone: '', distanceM: 2500, feeCents: 500, changeForCents: 10000 },
      invoiceType: 'note',
      lines,
      payLater: true,
      send: true,
    });
  });

  it('for an hour: a reservation at that Lima time; a pickup carries no delivery details', () => {
    const p = phoneOrderPayload({ ...OK, method: 1, expectedTime: '20:15', sendNow: false, payLater: false, tip: '3,5', note: ' Sin cubiertos ' }, ids, lines, DAY);
    expect(p).toMatchObject({ type: 'reservation', method: 1, expectedAt: '2026-11-28T20:15:00-05:00', send: false, payLater: false, tipCents: 350, note: 'Sin cubiertos' });
    expect(p.delivery).toBeUndefined();
    expect(Date.parse(p.expectedAt!)).toBe(Date.parse('2026-11-29T01:15:00Z'));
  });

  it.each([
    ['', 0],
    ['3', 3000],
    ['0.8', 800],
    ['12,25', 12250],
    ['100', 100000],
    ['100.000', 100000],
    ['100.001', null],
    ['100.1', null],
    ['x', null],
  ])('distance "%s" km → %s m', (typed, metres) => {
    expect(distanceMetres(typed)).toBe(metres);
  });

  it.each([
    ['07:05', '2026-11-28T07:05:00-05:00'],
    ['7:05', null],
    ['24:00', null],
  ])('expected time %s', (time, at) => {
    expect(expectedAtOf(DAY, time)).toBe(at);
  });
});
