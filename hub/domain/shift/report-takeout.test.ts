import { describe, expect, it } from 'vitest';
import type { Bill, ClosedShift, DomainEvent } from '#protocol';
import { applyAll } from '../apply.ts';
import { testBill } from '../einvoice/test-bills.ts';
import { aggregateBills } from '../reports/aggregate.ts';
import { asTakeout } from '../reports/test-takeout.ts';
import { heldPay, R, ridersRestaurant } from '../riders/test-riders.ts';
import { exec } from '../test-fixtures.ts';
import { shiftReportOf } from './report.ts';
import { pay } from './test-shift.ts';

/**
 * The shift report's take-away and delivery summaries come from each STORED bill's `takeout`
 * (issue 21: it used to count any bill with a lunch box as take-away), and its cash per rider
 * from the shift's own rows (hub/domain/riders/README.md).
 */

const ctx = { closingHour: 4, categoryOf: () => ({ id: 'c', name: 'C' }) };
const at = (minute: number) => new Date(Date.parse('2025-03-14T18:00:00.000Z') + minute * 60_000).toISOString();
const bill = (no: number, cents: number, over: Partial<Bill> = {}): Bill => ({ ...testBill([{ price: cents }], { fiscal: null, paidAt: at(no) }), id: `b-${no}`, billNo: no, orderNo: no, people: 1, ...over });
const names: Record<string, string> = { [R.ana]: 'Ana Rojas', [R.beto]: 'Beto Paz' };

function reportOf(bills: Bill[], shift: ClosedShift) {
  return shiftReportOf({ shift, figures: aggregateBills(bills, [], ctx), bills, corrections: [], register: '1', restaurant: 'Cevichería', nameOf: (id) => (id ? (names[id] ?? id) : ''), writeOffs: { count: 0, cents: 0 } });
}

describe('dine-in, take-away and delivery from the stored bill', () => {
  // Each row: the bills and what each summary holds [bills, cents].
  const rows: { name: string; bills: Bill[]; dineIn: [number, number]; takeAway: [number, number]; delivery: [number, number] }[] = [
    { name: 'a table with a lunch box stays dine-in', bills: [bill(1, 3000, { lunchBoxCents: 100 })], dineIn: [1, 3000], takeAway: [0, 0], delivery: [0, 0] },
    { name: 'a counter order picked up', bills: [asTakeout(bill(1, 2500))], dineIn: [0, 0], takeAway: [1, 2500], delivery: [0, 0] },
    { name: 'a phone order picked up at the store (method 1)', bills: [asTakeout(bill(1, 1800), { channel: 'phone', method: 1 })], dineIn: [0, 0], takeAway: [1, 1800], delivery: [0, 0] },
    { name: 'a phone order delivered (method 0)', bills: [asTakeout(bill(1, 6200), { channel: 'phone', method: 0, riderId: R.ana })], dineIn: [0, 0], takeAway: [0, 0], delivery: [1, 6200] },
    { name: 'a web order delivered', bills: [asTakeout(bill(1, 4000), { channel: 'web:shop-1', method: 0 })], dineIn: [0, 0], takeAway: [0, 0], delivery: [1, 4000] },
    {
      name: 'all of them, and a withdrawn takeout counts nowhere',
      bills: [bill(1, 3000), asTakeout(bill(2, 2500)), asTakeout(bill(3, 6200), { channel: 'phone', method: 0 }), asTakeout(bill(4, 900, { deleted: 2 }))],
      dineIn: [1, 3000],
      takeAway: [1, 2500],
      delivery: [1, 6200],
    },
  ];
  it.each(rows)('$name', ({ bills, dineIn, takeAway, delivery }) => {
    let state = ridersRestaurant();
    state = applyAll(state, bills.map((b): DomainEvent => ({ type: 'order.settled', bill: b })));
    const closed = exec(state, 'shift.close', { counted: { cash: 10_000 + bills.filter((b) => b.deleted !== 2).reduce((n, b) => n + b.receivedCents - b.changeCents, 0) }, note: '' }, { now: at(90), actor: { staffId: R.owner, deviceId: 'till' } });
    const event = closed.events.find((e) => e.type === 'shift.closed');
    if (event?.type !== 'shift.closed') throw new Error('not closed');
    const r = reportOf(bills, event.shift);
    expect(r.channels.map((c) => [c.key, c.bills, c.cents])).toEqual([['dineIn', ...dineIn], ['takeAway', ...takeAway], ['delivery', ...delivery]]);
    // The summaries add up to the shift's sales.
    expect(r.channels.reduce((n, c) => n + c.cents, 0)).toBe(r.salesCents);
    // Each transaction names its channel and, for a takeout, its order code (it has no table).
    for (const x of r.transactions) {
      const b = bills.find((bb) => bb.id === x.billId)!;
      const ref = (b as { takeout?: { channel: string; code: string } }).takeout;
      expect([x.channel, x.takeoutCode]).toEqual(ref ? [ref.channel === 'counter' ? 'counter' : ref.channel === 'phone' ? 'phone' : 'web', ref.code] : ['dineIn', '']);
    }
  });
});

describe('cash per rider in the shift report', () => {
  it('shows each rider\'s collected, handed in and still held, by name; a rider without cash is not listed', () => {
    const owner = { now: at(60), actor: { staffId: R.owner, deviceId: 'till' } };
    const bills = [
      asTakeout(bill(1, 6200, { payments: [heldPay(R.ana, 10_000)], receivedCents: 10_000, changeCents: 3800 }), { channel: 'phone', method: 0, riderId: R.ana }),
      asTakeout(bill(2, 3500, { payments: [heldPay(R.beto, 3500)], receivedCents: 3500, changeCents: 0 }), { channel: 'phone', method: 0, riderId: R.beto }),
      bill(3, 1000, { payments: [pay('cash', 1000)], receivedCents: 1000, changeCents: 0 }),
    ];
    let s = applyAll(ridersRestaurant(), bills.map((b): DomainEvent => ({ type: 'order.settled', bill: b })));
    s = exec(s, 'rider.handIn', { id: 'hi-1', riderId: R.ana, cents: 6000 }, owner).state;
    s = exec(s, 'rider.handIn', { id: 'hi-2', riderId: R.beto, cents: 3500 }, owner).state;
    const closed = exec(s, 'shift.close', { counted: { cash: 10_000 + 1000 + 6000 + 3500 }, note: '' }, owner);
    const event = closed.events.find((e) => e.type === 'shift.closed');
    if (event?.type !== 'shift.closed') throw new Error('not closed');
    expect(event.shift.counts).toEqual([{ method: 'cash', expectedCents: 20_500, countedCents: 20_500, differenceCents: 0 }]);
    const r = reportOf(bills, event.shift);
    expect(r.riderCash).toEqual([
      { riderId: R.ana, name: 'Ana Rojas', collectedCents: 6200, handedInCents: 6000, handIns: 1, heldCents: 200, deliveries: 1 },
      { riderId: R.beto, name: 'Beto Paz', collectedCents: 3500, handedInCents: 3500, handIns: 1, heldCents: 0, deliveries: 1 },
    ]);
    // The sales still count the riders' cash as cash received (a cash sale is a cash sale).
    expect(r.byMethod).toEqual([expect.objectContaining({ method: 'cash', cents: 6200 + 3500 + 1000 })]);
  });
});

describe('deliveries per rider in the shift report', () => {
  it('counts the delivered bills naming each rider, paid ones (no cash) too; pick-ups and withdrawn ones not', () => {
    const bills = [
      asTakeout(bill(1, 4000), { channel: 'web:tienda', method: 0, riderId: R.beto }),
      asTakeout(bill(2, 2000), { channel: 'phone', method: 0, riderId: R.beto }),
      asTakeout(bill(3, 2000), { channel: 'phone', method: 1, riderId: R.ana }),
      asTakeout(bill(4, 900, { deleted: 2 }), { channel: 'phone', method: 0, riderId: R.ana }),
    ];
    const s = applyAll(ridersRestaurant(), bills.map((b): DomainEvent => ({ type: 'order.settled', bill: b })));
    const closed = exec(s, 'shift.close', { counted: { cash: 10_000 + 8000 }, note: '' }, { now: at(90), actor: { staffId: R.owner, deviceId: 'till' } });
    const event = closed.events.find((e) => e.type === 'shift.closed');
    if (event?.type !== 'shift.closed') throw new Error('not closed');
    expect(reportOf(bills, event.shift).riderCash).toEqual([{ riderId: R.beto, name: 'Beto Paz', collectedCents: 0, handedInCents: 0, handIns: 0, heldCents: 0, deliveries: 2 }]);
  });
});
