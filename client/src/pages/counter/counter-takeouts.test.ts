import { describe, expect, it } from 'vitest';
import type { State, Takeout } from '#protocol';
import { boardColumns, counterTab, counterTakeouts } from './counter-takeouts.ts';
import { spokenCode, speechLang } from './speech.ts';

/** A takeout with only what the counter reads; the rest as a fresh counter order. */
function takeout(id: string, t: Partial<Takeout>): Takeout {
  return {
    id,
    orderId: `o-${id}`,
    billId: null,
    billDay: null,
    code: `T-${id}`,
    pickupCode: id,
    businessDay: '2026-11-28',
    channel: 'counter',
    externalId: null,
    type: 'takeaway',
    method: 1,
    status: 2,
    paid: false,
    customer: { name: '', phone: '' },
    memberNo: null,
    delivery: null,
    expectedAt: null,
    invoiceType: 'note',
    riderId: null,
    ready: false,
    note: '',
    createdAt: `2026-11-28T12:00:${id.slice(-2)}.000Z`,
    createdBy: null,
    paidAt: null,
    merchantReceivedAt: null,
    riderReceivedAt: null,
    pickedUpAt: null,
    deliveredAt: null,
    serviceAt: null,
    closedAt: null,
    cancelReason: '',
    collectCents: 0,
    ...t,
  };
}

const stateWith = (list: Takeout[]) => ({ takeouts: Object.fromEntries(list.map((t) => [t.id, t])) }) as unknown as State;

describe('counter takeouts', () => {
  it.each([
    ['unpaid, cooking', { paid: false, ready: false }, 'toBePaid'],
    ['unpaid, ready', { paid: false, ready: true }, 'toBePaid'],
    ['paid, cooking', { paid: true, ready: false }, 'preparing'],
    ['paid, ready', { paid: true, ready: true }, 'ready'],
  ] as const)('%s goes to %s', (_, t, tab) => {
    expect(counterTab(takeout('001', t))).toBe(tab);
  });

  it('only pickups at the store in received or to be paid, oldest first; deliveries and unaccepted web orders are not the counter’s', () => {
    const s = stateWith([
      takeout('003', { paid: true, ready: true }),
      takeout('001', { status: 12 }),
      takeout('002', { method: 0, channel: 'phone' }),
      takeout('004', { status: 0, channel: 'web:shop' }),
      takeout('005', { status: 1, channel: 'web:shop', paid: true }),
      takeout('006', { status: 2, channel: 'phone', paid: true }),
    ]);
    expect(counterTakeouts(s).map((t) => t.id)).toEqual(['001', '003', '006']);
    const board = boardColumns(s);
    expect(board.preparing.map((t) => t.pickupCode)).toEqual(['001', '006']);
    expect(board.ready.map((t) => t.pickupCode)).toEqual(['003']);
  });

  it('a replica without the slice (a role that does not get it) shows nothing', () => {
    expect(counterTakeouts({} as State)).toEqual([]);
  });

  it('codes are read digit by digit, in the page language', () => {
    expect(spokenCode('042')).toBe('0 4 2');
    expect([speechLang('es'), speechLang('en'), speechLang('zh')]).toEqual(['es-PE', 'en-US', 'zh-CN']);
  });
});
