import { describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { aggregateBills } from './aggregate.ts';
import { channelOf, serviceOf } from './channel.ts';
import { emptyFigures } from './figures.ts';
import { mergeFigures } from './merge.ts';
import { CTX, reportBill, withdrawnBill } from './test-reports.ts';
import { asTakeout } from './test-takeout.ts';

/** The order report by channel (issue 21): read from the stored bill's `takeout`, never from live state. */

const table = (paidAt = '2026-03-02T19:00:00.000Z') => reportBill([{ price: 3000 }], { paidAt });
/** A bill whose `takeout` is whatever an archive line holds (older, newer or damaged). */
const withRef = (ref: unknown): Bill => Object.assign({}, table(), { takeout: ref });

describe('channel and service of a stored bill', () => {
  const rows: [string, Bill, string, string][] = [
    ['a table\'s bill', table(), 'dineIn', 'dineIn'],
    ['a table\'s bill with a lunch box', reportBill([{ price: 3000 }], { lunchBox: { mode: 'perOrder', priceCents: 100 } }), 'dineIn', 'dineIn'],
    ['the counter, picked up', asTakeout(table()), 'counter', 'takeAway'],
    ['a phone order delivered', asTakeout(table(), { channel: 'phone', method: 0 }), 'phone', 'delivery'],
    ['a phone order picked up', asTakeout(table(), { channel: 'phone', method: 1 }), 'phone', 'takeAway'],
    ['a web shop\'s order delivered', asTakeout(table(), { channel: 'web:tienda', method: 0 }), 'web', 'delivery'],
    ['a channel a newer hub wrote', asTakeout(table(), { channel: 'kiosk' }), 'web', 'takeAway'],
    ['a channel named __proto__', asTakeout(table(), { channel: '__proto__' }), 'web', 'takeAway'],
    ['takeout: null (damaged)', withRef(null), 'dineIn', 'dineIn'],
    ['takeout: a string (damaged)', withRef('counter'), 'dineIn', 'dineIn'],
    ['takeout without a method', withRef({ channel: 'counter' }), 'counter', 'takeAway'],
  ];
  it.each(rows)('%s: %s, %s', (_name, bill, channel, service) => {
    expect([channelOf(bill), serviceOf(bill)]).toEqual([channel, service]);
  });
});

describe('byChannel in the sales figures', () => {
  const bills = [
    table('2026-03-02T13:00:00.000Z'),
    asTakeout(table('2026-03-02T13:10:00.000Z')),
    asTakeout(table('2026-03-02T13:20:00.000Z'), { channel: 'phone', method: 0 }),
    asTakeout(table('2026-03-02T13:30:00.000Z'), { channel: 'web:tienda', method: 0 }),
    asTakeout(table('2026-03-02T13:40:00.000Z'), { channel: 'web:rappi', method: 0 }),
    withdrawnBill([{ price: 900 }]),
  ];

  it('always has the four rows, in order, adding up to the bills and sales (a withdrawn order counts nowhere)', () => {
    const f = aggregateBills(bills, [], CTX);
    expect(f.byChannel.map((r) => [r.key, r.bills, r.cents])).toEqual([['dineIn', 1, 3000], ['counter', 1, 3000], ['phone', 1, 3000], ['web', 2, 6000]]);
    expect(f.byChannel.reduce((n, r) => n + r.bills, 0)).toBe(f.bills);
    expect(f.byChannel.reduce((n, r) => n + r.cents, 0)).toBe(f.salesCents);
    expect(aggregateBills([], [], CTX).byChannel.map((r) => r.key)).toEqual(['dineIn', 'counter', 'phone', 'web']);
  });

  it('merges by channel: days added up equal the whole, in the same order', () => {
    const whole = aggregateBills(bills, [], CTX);
    const parts = mergeFigures(aggregateBills(bills.slice(0, 2), [], CTX), aggregateBills(bills.slice(2), [], CTX));
    expect(parts.byChannel).toEqual(whole.byChannel);
    expect(mergeFigures(emptyFigures(), whole)).toEqual(whole);
  });

  it('reads figures kept before channels existed (no byChannel) without failing', () => {
    const { byChannel: _gone, ...old } = aggregateBills(bills.slice(0, 1), [], CTX);
    const merged = mergeFigures(old as never, aggregateBills(bills.slice(1), [], CTX));
    expect(merged.byChannel.map((r) => r.key)).toEqual(['dineIn', 'counter', 'phone', 'web']);
  });
});
