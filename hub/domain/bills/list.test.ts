import { describe, expect, it } from 'vitest';
import type { Bill, BillCorrections } from '#protocol';
import { ACCOUNT_CODES } from '#protocol';
import { testBill } from '../einvoice/test-bills.ts';
import { afterCursor, billRow, cursorText, matchesFilters, newestFirst, parseCursor, recordStateOf, type BillFilters } from './list.ts';

/** The bills page's list rules, table by table: record states, each filter, the order and the cursor. */

const BOLETA = { ...testBill([{ price: 3200, qty: 2 }], { paidAt: '2026-03-02T18:00:00.000Z' }), id: 'o-a', billNo: 17, orderNo: 41, tableName: 'Salón 5', tableId: 't-5' };
const NOTE: Bill = { ...testBill([{ price: 1000 }], { document: { kind: 'note', docId: '', name: '' }, fiscal: null }), id: 'o-b', billNo: 18, orderNo: 42 };
const YAPE: Bill = { ...NOTE, id: 'o-c', payments: [{ ...NOTE.payments[0]!, method: 'yape', accountCode: ACCOUNT_CODES.yape }] };
const WITHDRAWN: Bill = { ...NOTE, id: 'o-d', deleted: 2, withdrawReason: 'Cliente se fue', payments: [] };
const VOIDED: BillCorrections = { voided: true, corrections: [{ id: 'o-a-1', billId: 'o-a', billNo: 17, kind: 'void', lines: [], amountCents: 6400, reason: 'x', method: 'cash', at: '2026-03-03T15:00:00.000Z', by: 'owner-1' }] };
const REFUNDED: BillCorrections = { voided: false, corrections: [{ ...VOIDED.corrections[0]!, kind: 'refund', amountCents: 3200 }] };

describe('record state (SPEC.md delete flag 0/1/2)', () => {
  it.each([
    ['a paid bill', BOLETA, undefined, 'normal'],
    ['a paid bill partly refunded', BOLETA, REFUNDED, 'normal'],
    ['a bill voided after settlement', BOLETA, VOIDED, 'deleted'],
    ['a withdrawn order', WITHDRAWN, undefined, 'cancelled'],
    ['a withdrawn order, whatever corrections say', WITHDRAWN, VOIDED, 'cancelled'],
  ] as const)('%s: %s', (_, bill, corrections, state) => {
    expect(recordStateOf(bill, corrections)).toBe(state);
  });
});

describe('filters', () => {
  const all: BillFilters = { record: 'all' };
  it.each<[string, Bill, BillCorrections | undefined, BillFilters, boolean]>([
    ['no filter', BOLETA, undefined, all, true],
    ['table by name, any case', BOLETA, undefined, { ...all, table: 'salón 5' }, true],
    ['table by id', BOLETA, undefined, { ...all, table: 't-5' }, true],
    ['another table', BOLETA, undefined, { ...all, table: 'Salón 6' }, false],
    ['bill number', BOLETA, undefined, { ...all, no: '17' }, true],
    ['order number', BOLETA, undefined, { ...all, no: '41' }, true],
    ['fiscal series-number, any case', BOLETA, undefined, { ...all, no: 'b001-1' }, true],
    ['a number it has not', BOLETA, undefined, { ...all, no: '99' }, false],
    ['junk as a number', BOLETA, undefined, { ...all, no: '__proto__' }, false],
    ['method cash', BOLETA, undefined, { ...all, method: 'cash' }, true],
    ['method yape on a cash bill', BOLETA, undefined, { ...all, method: 'yape' }, false],
    ['method yape', YAPE, undefined, { ...all, method: 'yape' }, true],
    ['document boleta', BOLETA, undefined, { ...all, document: 'boleta' }, true],
    ['document note on a boleta', BOLETA, undefined, { ...all, document: 'note' }, false],
    ['record normal', BOLETA, REFUNDED, { record: 'normal' }, true],
    ['record deleted', BOLETA, VOIDED, { record: 'deleted' }, true],
    ['record normal on a voided bill', BOLETA, VOIDED, { record: 'normal' }, false],
    ['record cancelled', WITHDRAWN, undefined, { record: 'cancelled' }, true],
    ['record deleted on a withdrawn order', WITHDRAWN, undefined, { record: 'deleted' }, false],
  ])('%s', (_, bill, corrections, filters, expected) => {
    expect(matchesFilters(bill, corrections, filters)).toBe(expected);
  });
});

describe('the row', () => {
  it('carries the document number, methods once, the archive day and what was refunded', () => {
    const split: Bill = { ...BOLETA, payments: [BOLETA.payments[0]!, { ...BOLETA.payments[0]!, amountCents: 1 }, { ...YAPE.payments[0]! }] };
    expect(billRow(split, REFUNDED)).toMatchObject({ id: 'o-a', day: '2026-03-02', documentNo: 'B001-1', methods: ['cash', 'yape'], record: 'normal', refundedCents: 3200, document: 'boleta' });
    expect(billRow(NOTE, undefined)).toMatchObject({ documentNo: '', refundedCents: 0, record: 'normal' });
    // 23:30 in Lima on 2 March is 04:30 UTC on 3 March: the archive files it under the 2nd.
    expect(billRow({ ...NOTE, paidAt: '2026-03-03T04:30:00.000Z' }, undefined).day).toBe('2026-03-02');
  });
});

describe('order and cursor', () => {
  const rows = [
    { id: 'a', paidAt: '2026-03-02T18:00:00.000Z' },
    { id: 'c', paidAt: '2026-03-02T19:00:00.000Z' },
    { id: 'b', paidAt: '2026-03-02T18:00:00.000Z' },
  ];
  it('newest first, ties by id (a total order)', () => {
    expect([...rows].sort(newestFirst).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
  it('after a cursor: strictly older in that order, the cursor bill itself excluded', () => {
    const cursor = parseCursor(cursorText({ id: 'b', paidAt: '2026-03-02T18:00:00.000Z' }));
    expect(rows.filter((r) => afterCursor(r, cursor)).map((r) => r.id)).toEqual(['a']);
    expect(rows.filter((r) => afterCursor(r, null))).toHaveLength(3);
  });
  it.each(['', 'x', '2026-03-02T18:00:00.000Z', '2026-03-02T18:00:00.000Z~__proto__', '2026-02-30T18:00:00.000Z~a', 'a~b~c', '2026-03-02T18:00:00.000Z~../x'])('not a cursor: %j', (text) => {
    expect(parseCursor(text)).toBeNull();
  });
});
