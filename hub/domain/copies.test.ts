import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DomainEvent, Order, PendingSummaryLine, Reservation, State } from '#protocol';
import { apply } from './apply.ts';
import * as records from './records.ts';
import { emptyState } from './registry.ts';
import { exec, openTable, orderAt, T, uid } from './test-fixtures.ts';

/**
 * Issue 20: an applier copies a collection at most once per event. Each case
 * here failed before its fix, when the applier copied the collection once
 * per id it touched (withOwn/withoutOwn in a loop: a summary of 500 lines
 * made 500 copies of every waiting line). records.ts is wrapped to count the
 * copies that happen, each named by the size of what was copied.
 */

const copies: { fn: string; size: number }[] = [];

vi.mock('./records.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./records.ts')>();
  const counted =
    <A extends unknown[]>(fn: string, f: (records: Readonly<Record<string, unknown>>, ...rest: A) => Record<string, unknown>) =>
    (input: Readonly<Record<string, unknown>>, ...rest: A) => {
      const out = f(input, ...rest);
      if (out !== input) copies.push({ fn, size: Object.keys(input).length });
      return out;
    };
  return {
    ...real,
    withOwn: counted('withOwn', real.withOwn),
    withoutOwn: counted('withoutOwn', real.withoutOwn),
    withChanges: counted('withChanges', real.withChanges as never),
  };
});

afterEach(() => {
  copies.length = 0;
});

/** Copies of a collection of `from` to `to` entries (what it holds before the event and as it shrinks) made while folding `event`. */
function copiesOf(state: State, event: DomainEvent, from: number, to: number): number {
  copies.length = 0;
  apply(state, event);
  return copies.filter((c) => c.size >= to && c.size <= from).length;
}

function pending(n: number): PendingSummaryLine {
  return { key: `03-B001-${n}`, referenceDate: '2025-03-14', line: { index: 0, type: '03', series: 'B001', number: n, customer: { type: '-', id: '-', name: '-' }, status: '1', totals: {} } } as unknown as PendingSummaryLine;
}

function reservation(n: number): Reservation {
  return { id: uid(5000 + n), no: n, tableId: T.s1, day: '2025-03-13' } as unknown as Reservation;
}

describe('one copy of a collection per event, whatever it touches', () => {
  it('a daily summary of 500 lines copies the waiting lines once, not once per line', () => {
    const waiting = Object.fromEntries(Array.from({ length: 700 }, (_, i) => [pending(i).key, pending(i)]));
    const s: State = { ...emptyState(), pendingSummary: waiting };
    const keys = Object.keys(waiting).slice(0, 500);
    const event = { type: 'einvoice.summaryPlanned', summary: {}, keys } as unknown as DomainEvent;
    expect(copiesOf(s, event, 700, 200)).toBe(1);
    expect(copies.length).toBe(1);
    expect(Object.keys(apply(s, event).pendingSummary)).toHaveLength(200);
  });

  it('a day of reservations filed leaves the upcoming ones in one copy', () => {
    const upcoming = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [reservation(i).id, reservation(i)]));
    const s: State = { ...emptyState(), upcomingReservations: upcoming };
    const event: DomainEvent = { type: 'reservation.filed', reservations: Array.from({ length: 40 }, (_, i) => reservation(i)) };
    expect(copiesOf(s, event, 600, 560)).toBe(1);
    expect(Object.keys(apply(s, event).upcomingReservations)).toHaveLength(560);
  });

  it('merging tables drops the absorbed orders in one copy of the orders', () => {
    let s = openTable(openTable(orderAt('sent'), T.s2, uid(2)), T.vip, uid(3));
    // Other open orders (counter sales, say), so the orders are told apart from the three tables by their number.
    const others = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [uid(900 + i), { ...s.orders[uid(2)]!, id: uid(900 + i), tableId: '' }]));
    s = { ...s, orders: { ...s.orders, ...others } };
    const order = s.orders[uid(1)]!;
    const merged: Order = { ...order, mergedTableIds: [T.s2, T.vip] };
    const ordersBefore = Object.keys(s.orders).length;
    const event: DomainEvent = { type: 'tables.merged', order: merged, absorbedOrderIds: [uid(2), uid(3)] };
    // One copy drops both absorbed orders; putOrder's write of the merged order is the second.
    expect(copiesOf(s, event, ordersBefore, ordersBefore - 1)).toBe(1);
    s = apply(s, event);
    expect(Object.keys(s.orders).sort()).toEqual([uid(1), ...Object.keys(others)].sort());
  });

  it('a merged order moving on changes its group\'s tables in one copy', () => {
    let s = openTable(openTable(orderAt('ordered'), T.s2, uid(2)), T.vip, uid(3));
    s = apply(s, { type: 'tables.merged', order: { ...s.orders[uid(1)]!, mergedTableIds: [T.s2, T.vip] }, absorbedOrderIds: [uid(2), uid(3)] });
    const tables = Object.keys(s.tables).length;
    const sent = exec(s, 'order.send', { orderId: uid(1) });
    const before = s;
    copies.length = 0;
    const after = sent.events.reduce(apply, before);
    expect(copies.filter((c) => c.size === tables)).toHaveLength(1);
    for (const id of [T.s1, T.s2, T.vip]) {
      expect(after.tables[id]!.status).toBe(sent.state.tables[id]!.status);
      expect(after.tables[id]!.status, 'the send moves every table of the group').not.toBe(before.tables[id]!.status);
    }
  });
});

describe('the daily summary counters do not pile up, one a day', () => {
  const numbered = (s: State, series: string, number = 1) => apply(s, { type: 'fiscal.numbered', series, number, billId: '' });
  it.each<[string, Record<string, number>, string, Record<string, number>]>([
    ['a new day drops the days before', { B001: 40, 'RC-20250312': 2, 'RC-20250313': 1 }, 'RC-20250314', { B001: 40, 'RC-20250314': 1 }],
    ['the same day counts on', { B001: 40, 'RC-20250314': 1 }, 'RC-20250314', { B001: 40, 'RC-20250314': 2 }],
    ['a clock set back keeps the later day', { 'RC-20250315': 3 }, 'RC-20250314', { 'RC-20250315': 3, 'RC-20250314': 1 }],
    ['a boleta leaves the counters as they are', { 'RC-20250313': 1 }, 'B001', { 'RC-20250313': 1, B001: 1 }],
    ['a series named like a counter but not one', { 'RC-20250313': 1 }, 'RC-2025', { 'RC-20250313': 1, 'RC-2025': 1 }],
  ])('%s', (_label, before, series, after) => {
    const s: State = { ...emptyState(), fiscalNumbers: before };
    const number = (before[series] ?? 0) + 1;
    expect(numbered(s, series, number).fiscalNumbers).toEqual(after);
  });

  it('a year of summaries leaves one counter', () => {
    let s: State = { ...emptyState(), fiscalNumbers: { B001: 1 } };
    const day0 = Date.parse('2025-01-01T12:00:00Z');
    for (let d = 0; d < 365; d++) s = numbered(s, `RC-${new Date(day0 + d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')}`);
    expect(Object.keys(s.fiscalNumbers)).toEqual(['B001', 'RC-20251231']);
  });
});

// The real records.ts still behaves (the wrapper above only counts).
it('withChanges stores and drops in one copy, and returns its input when nothing changes', () => {
  const input = { a: 1, b: 2 };
  expect(records.withChanges(input, [], records.NO_IDS)).toBe(input);
  expect(records.withChanges(input, [], new Set(['zz']))).toBe(input);
  const out = records.withChanges(input, [['__proto__', 3], ['c', 4]], new Set(['a']));
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  expect(Object.keys(out)).toEqual(['b', '__proto__', 'c']);
  expect(input).toEqual({ a: 1, b: 2 });
});
