import { describe, expect, it } from 'vitest';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { emptyJobBoard, type JobBoard, type LaneStatus, type PendingSummaryLine } from '#protocol';
import { canCorrect, centsOf, deadlineOf, documentNumber, documentsQuery, downloadPath, einvoiceJobsStamp, hasCdr, limaToday, pendingSummaryDays, rangeOf, referenceOf, statusTone } from './doc-view.ts';

const meta = (over: Partial<DocumentMeta> = {}): DocumentMeta => ({
  key: '03-B001-17',
  kind: '03',
  day: '2026-03-10',
  time: '13:05:00',
  series: 'B001',
  number: 17,
  customer: null,
  total: '118.00',
  billId: 'bill-1',
  reference: null,
  status: 'awaitingSummary',
  digest: 'abc',
  summaryId: null,
  lines: [],
  ticket: null,
  sunat: null,
  deadline: '2026-03-13',
  updatedAt: '2026-03-10T18:05:00.000Z',
  ...over,
});

describe('the period a preset means (Lima days)', () => {
  const custom = { from: '2026-01-05', to: '2026-01-01' };
  it.each([
    ['today', '2026-03-11', { from: '2026-03-11', to: '2026-03-11' }],
    // Wednesday: the week started on Monday the 9th.
    ['week', '2026-03-11', { from: '2026-03-09', to: '2026-03-11' }],
    // Monday: the week is that day alone.
    ['week', '2026-03-09', { from: '2026-03-09', to: '2026-03-09' }],
    // Sunday: back to Monday, across a month.
    ['week', '2026-03-01', { from: '2026-02-23', to: '2026-03-01' }],
    ['month', '2026-03-11', { from: '2026-03-01', to: '2026-03-11' }],
    // A custom range typed backwards is read earliest first.
    ['custom', '2026-03-11', { from: '2026-01-01', to: '2026-01-05' }],
  ] as const)('%s on %s', (preset, today, expected) => {
    expect(rangeOf(preset, today, custom)).toEqual(expected);
  });

  it('today is Lima’s day, not the device’s: 23:30 in Lima is already the next day in UTC', () => {
    expect(limaToday(new Date('2026-03-12T04:30:00Z'))).toBe('2026-03-11');
    expect(limaToday(new Date('2026-03-12T05:00:00Z'))).toBe('2026-03-12');
  });
});

describe('the query sent', () => {
  it.each([
    [[], [], 'from=2026-03-01&to=2026-03-11'],
    [['factura', 'boleta'], [], 'from=2026-03-01&to=2026-03-11&kinds=01%2C03'],
    [['summary'], ['rejected'], 'from=2026-03-01&to=2026-03-11&kinds=RC%2CRA&statuses=rejected'],
    [['note'], ['accepted', 'observed'], 'from=2026-03-01&to=2026-03-11&kinds=07&statuses=accepted%2Cobserved'],
  ] as const)('kinds %j, statuses %j', (kinds, statuses, expected) => {
    expect(documentsQuery({ from: '2026-03-01', to: '2026-03-11' }, kinds, statuses)).toBe(expected);
  });
});

describe('how a row reads', () => {
  it.each([
    ['accepted', 'ok'],
    ['observed', 'ok'],
    ['rejected', 'bad'],
    ['needsFix', 'bad'],
    ['filed', 'wait'],
    ['signed', 'wait'],
    ['awaitingSummary', 'wait'],
    ['sent', 'wait'],
  ] as const)('status %s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it.each([
    ['waiting, before the deadline', meta(), '2026-03-12', { day: '2026-03-13', overdue: false }],
    ['waiting, on the deadline day (inclusive)', meta(), '2026-03-13', { day: '2026-03-13', overdue: false }],
    ['waiting, past it: red', meta(), '2026-03-14', { day: '2026-03-13', overdue: true }],
    ['answered: no deadline', meta({ status: 'accepted' }), '2026-03-20', null],
    ['rejected: no deadline (a new document is needed)', meta({ status: 'rejected' }), '2026-03-20', null],
  ])('%s', (_label, m, today, expected) => {
    expect(deadlineOf(m, today)).toEqual(expected);
  });

  it.each([
    ['a boleta of a bill', meta(), true],
    ['a factura of a bill', meta({ kind: '01', key: '01-F001-3', series: 'F001' }), true],
    ['a rejected factura (nothing to correct at SUNAT)', meta({ kind: '01', status: 'rejected' }), false],
    ['a credit note', meta({ kind: '07', reference: '03-B001-17' }), false],
    ['a summary', meta({ kind: 'RC', key: 'RC-20260311-1', billId: null }), false],
    ['a document without its bill', meta({ billId: null }), false],
  ])('void/refund offered on %s: %s', (_label, m, expected) => {
    expect(canCorrect(m)).toBe(expected);
  });

  it('numbers, totals, downloads and the CDR', () => {
    expect(documentNumber(meta())).toBe('B001-17');
    expect(documentNumber(meta({ kind: 'RC', key: 'RC-20260311-2' }))).toBe('RC-20260311-2');
    expect([centsOf('118.00'), centsOf('0.5'), centsOf('1234'), centsOf('-3.10'), centsOf('abc'), centsOf('1.234')]).toEqual([11800, 50, 123400, -310, 0, 0]);
    expect(downloadPath(meta(), 'xml')).toBe('/api/einvoice/documents/2026-03-10/03-B001-17/xml');
    const answer = { code: '0', text: 'La Factura ha sido aceptada', notes: [], at: '2026-03-10T18:06:00Z' };
    expect(hasCdr(meta({ kind: '01', sunat: answer }))).toBe(true);
    // A boleta answered through its summary: the answer file is the summary's.
    expect(hasCdr(meta({ sunat: answer, summaryId: 'RC-20260311-1' }))).toBe(false);
    expect(hasCdr(meta())).toBe(false);
  });
});

describe('boletas waiting for their summary', () => {
  const line = (key: string, referenceDate: string): PendingSummaryLine => ({ key, referenceDate, line: {} as PendingSummaryLine['line'] });
  it('counts per day, oldest first; none without the slice', () => {
    const pending = { a: line('03-B001-1', '2026-03-11'), b: line('03-B001-2', '2026-03-10'), c: line('07-BC01-1', '2026-03-11') };
    expect(pendingSummaryDays(pending)).toEqual([
      { day: '2026-03-10', count: 1 },
      { day: '2026-03-11', count: 2 },
    ]);
    expect(pendingSummaryDays(undefined)).toEqual([]);
  });
});

describe('when the page and the banner ask again', () => {
  const lane = (key: string, kind: LaneStatus['kind'], waiting: number, over: Partial<LaneStatus> = {}): LaneStatus => ({ key, kind, printerId: null, waiting, running: 0, stuck: 0, nextAt: '2026-03-11T10:00:00Z', lastReason: null, ...over });
  const board = (lanes: LaneStatus[], einvoice = { waiting: 0, held: 0, stuck: 0 }): JobBoard => ({ ...emptyJobBoard(), lanes, einvoice });
  it('an e-invoice lane that moves changes the stamp; a printer\'s lane does not', () => {
    const printer = (waiting: number) => lane('printer:p1', 'print', waiting, { printerId: 'p1' });
    const before = einvoiceJobsStamp(board([printer(3), lane('einvoice.send', 'einvoice.send', 2)], { waiting: 2, held: 0, stuck: 0 }));
    expect(einvoiceJobsStamp(board([printer(9), lane('einvoice.send', 'einvoice.send', 2)], { waiting: 2, held: 0, stuck: 0 }))).toBe(before);
    expect(einvoiceJobsStamp(board([printer(3), lane('einvoice.send', 'einvoice.send', 1)], { waiting: 1, held: 0, stuck: 0 }))).not.toBe(before);
    expect(einvoiceJobsStamp(board([printer(3), lane('einvoice.send', 'einvoice.send', 2, { nextAt: '2026-03-11T10:01:00Z' })], { waiting: 2, held: 0, stuck: 0 }))).not.toBe(before);
    expect(einvoiceJobsStamp(board([printer(3)]))).not.toBe(before);
    expect(einvoiceJobsStamp(emptyJobBoard())).toBe(einvoiceJobsStamp(emptyJobBoard()));
  });
});

describe('what a credit note corrects, as a person reads it', () => {
  it.each([
    ['01-F001-1', { type: '01', number: 'F001-1' }],
    ['03-B001-12345678', { type: '03', number: 'B001-12345678' }],
    ['07-FC01-1', null],
    ['01-F001-', null],
    ['__proto__', null],
  ])('%s', (key, expected) => expect(referenceOf(key)).toEqual(expected));
});
