import { describe, expect, it } from 'vitest';
import type { Bill, CorrectionRequest, DomainEvent, EventOf, State } from '#protocol';
import { applyAll } from '../apply.ts';
import { testBill } from '../einvoice/test-bills.ts';
import { deepFreeze } from '../test-fixtures.ts';
import { correct, fiscalState, refund, VOID } from './test-bills.ts';

/**
 * Voids and refunds of closed bills: every refusal with its code and an
 * unchanged state, the amounts, and the credit note numbered in the same
 * record (its document's arithmetic: credit-note.property.test.ts; its XML
 * against SUNAT: ../einvoice/documents.sunat.test.ts).
 */

/** 2 ceviches at S/ 32 (one gifted), 3 chichas at S/ 6, a lomo at S/ 38 with S/ 8 off; 10 % off the order; S/ 5 tip. */
function dinner(over: Partial<Bill> = {}): Bill {
  const bill = testBill(
    [
      { price: 3200, qty: 2, gifted: 1, name: 'Ceviche' },
      { price: 600, qty: 3, name: 'Chicha morada' },
      { price: 3800, qty: 1, discount: 800, name: 'Lomo saltado' },
    ],
    { orderDiscount: { kind: 'percent', percent: 10 }, tip: 500 },
  );
  return { ...bill, ...over };
}
// Subtotal 32 + 18 + 30 = 80.00; 10 % off = 8.00; tip 5.00: total 77.00.
const TOTAL = 7700;

const step = (s: State, bill: Bill, request: CorrectionRequest): State => {
  const d = correct(s, bill, request);
  if (!d.ok) throw new Error(d.code);
  return applyAll(s, d.events);
};
/** The decision's events by type, jobs by kind; printouts left out (the printing feature's own tests have them). */
const kinds = (d: { ok: true; events: DomainEvent[] }) =>
  d.events.map((e) => (e.type === 'job.created' ? `job:${e.job.kind}` : e.type)).filter((k) => k !== 'job:print' && k !== 'job:drawer.kick');
const eventOf = <T extends DomainEvent['type']>(d: { ok: true; events: DomainEvent[] }, type: T) => d.events.find((e): e is EventOf<T> => e.type === type);

describe('bill.correct refuses, changing nothing', () => {
  const refunded = step(fiscalState(), dinner(), refund([{ lineId: 'l-2', qty: 2 }]));
  const voided = step(fiscalState(), dinner(), VOID);
  const cases: { name: string; state: State; bill?: Bill; request: CorrectionRequest; code: string }[] = [
    { name: 'a second void', state: voided, request: VOID, code: 'BILL_ALREADY_VOIDED' },
    { name: 'a refund after a void', state: voided, request: refund([{ lineId: 'l-2', qty: 1 }]), code: 'BILL_ALREADY_VOIDED' },
    { name: 'a refund naming no line', state: fiscalState(), request: refund([]), code: 'REFUND_LINES_REQUIRED' },
    { name: 'a line the bill does not have', state: fiscalState(), request: refund([{ lineId: 'l-9', qty: 1 }]), code: 'REFUND_TOO_LARGE' },
    { name: '__proto__ as a line id', state: fiscalState(), request: refund([{ lineId: '__proto__', qty: 1 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'constructor as a line id', state: fiscalState(), request: refund([{ lineId: 'constructor', qty: 1 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'more portions than were sold', state: fiscalState(), request: refund([{ lineId: 'l-2', qty: 4 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'the gifted portion (never paid for)', state: fiscalState(), request: refund([{ lineId: 'l-1', qty: 2 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'the same line twice, past what was sold', state: fiscalState(), request: refund([{ lineId: 'l-2', qty: 2 }, { lineId: 'l-2', qty: 2 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'more than earlier refunds left', state: refunded, request: refund([{ lineId: 'l-2', qty: 2 }]), code: 'REFUND_TOO_LARGE' },
    { name: 'a withdrawn order (nothing was charged)', state: fiscalState(), bill: dinner({ deleted: 2 }), request: VOID, code: 'BILL_NOT_FOUND' },
    { name: 'a numbered bill once the settings are gone', state: fiscalState(null), request: VOID, code: 'FISCAL_SETTINGS_REQUIRED' },
  ];
  it.each(cases)('$name → $code', ({ state, bill, request, code }) => {
    const s = deepFreeze(state);
    const before = JSON.stringify(s);
    expect(correct(s, bill ?? dinner(), request)).toMatchObject({ ok: false, code });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('bill.correct: a void', () => {
  it('of a boleta: gives back the total, numbers a note in BC01 on it, queues it for the summary, one record', () => {
    const s = fiscalState();
    const d = correct(s, dinner(), VOID);
    if (!d.ok) throw new Error(d.code);
    expect(kinds(d)).toEqual(['bill.corrected', 'fiscal.numbered', 'einvoice.summaryQueued', 'job:einvoice.send']);
    const { correction, document } = eventOf(d, 'bill.corrected')!;
    expect(correction).toMatchObject({ billId: 'o-1', kind: 'void', amountCents: TOTAL, method: 'cash', by: 'owner-1', at: '2026-03-05T15:00:00.000Z' });
    expect(correction.lines).toEqual([{ lineId: 'l-1', qty: 1 }, { lineId: 'l-2', qty: 3 }, { lineId: 'l-3', qty: 1 }]);
    expect(correction.creditNote).toEqual({ type: '07', series: 'BC01', number: 1, of: { type: '03', series: 'B001', number: 1 } });
    expect(document).toMatchObject({ type: '07', series: 'BC01', number: 1, issueDate: '2026-03-05', issueTime: '10:00:00', reference: { type: '03', series: 'B001', number: 1, reasonCode: '01', reason: 'Cliente se retiró' } });
    expect(document!.totals.payable).toBe('77.00');
    expect(document!.totals.charges).toBe('5.00');
    // The gift is credited too (free, nothing charged), so the note mirrors the whole boleta.
    expect(document!.lines.filter((l) => l.free).map((l) => l.description)).toEqual(['Ceviche']);
    expect(eventOf(d, 'fiscal.numbered')).toEqual({ type: 'fiscal.numbered', series: 'BC01', number: 1, billId: 'o-1' });
    expect(eventOf(d, 'einvoice.summaryQueued')!.pending).toMatchObject({ key: '07-BC01-1', referenceDate: '2026-03-05', line: { type: '07', status: '1', reference: { type: '03', series: 'B001', number: 1 } } });
    expect(d.events.flatMap((e) => (e.type === 'job.created' && e.job.kind === 'einvoice.send' ? [e.job] : []))[0]).toMatchObject({ kind: 'einvoice.send', payload: { key: '07-BC01-1', document } });
    const after = applyAll(s, d.events);
    expect(after.billCorrections['o-1']).toEqual({ voided: true, corrections: [correction] });
    expect(after.fiscalNumbers).toEqual({ BC01: 1 });
  });

  it('of a factura: a note in FC01, sent alone (not queued for a summary)', () => {
    const bill = dinner({ fiscal: { type: '01', series: 'F001', number: 7 }, document: { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' } });
    const d = correct(fiscalState(), bill, VOID);
    if (!d.ok) throw new Error(d.code);
    expect(kinds(d)).toEqual(['bill.corrected', 'fiscal.numbered', 'job:einvoice.send']);
    const { document } = eventOf(d, 'bill.corrected')!;
    expect(document).toMatchObject({ series: 'FC01', customer: { idType: '6', idNumber: '20100070970' }, reference: { type: '01', series: 'F001', number: 7 } });
    expect(document!.paymentTerms).toBeUndefined();
  });

  it('of a sale note: recorded, no number, no document, no job', () => {
    const d = correct(fiscalState(), dinner({ fiscal: undefined, document: { kind: 'note', docId: '', name: '' } }), VOID);
    if (!d.ok) throw new Error(d.code);
    expect(kinds(d)).toEqual(['bill.corrected']);
    expect(eventOf(d, 'bill.corrected')).toMatchObject({ correction: { amountCents: TOTAL } });
    expect(eventOf(d, 'bill.corrected')!.correction.creditNote).toBeUndefined();
  });

  it('after a partial refund: gives back the rest, and the two add up to the total', () => {
    const bill = dinner();
    let s = fiscalState();
    const first = correct(s, bill, refund([{ lineId: 'l-2', qty: 2 }, { lineId: 'l-3', qty: 1 }]));
    if (!first.ok) throw new Error(first.code);
    // 2 chichas (12.00) and the lomo (30.00) = 42.00, less 10 % = 37.80.
    expect(eventOf(first, 'bill.corrected')!.correction.amountCents).toBe(3780);
    expect(eventOf(first, 'bill.corrected')!.document!.reference?.reasonCode).toBe('07');
    s = applyAll(s, first.events);
    const second = correct(s, bill, VOID);
    if (!second.ok) throw new Error(second.code);
    const { correction, document } = eventOf(second, 'bill.corrected')!;
    expect(correction.amountCents).toBe(TOTAL - 3780);
    expect(correction.lines).toEqual([{ lineId: 'l-1', qty: 1 }, { lineId: 'l-2', qty: 1 }]);
    expect(correction.creditNote?.number).toBe(2);
    expect(document!.totals.payable).toBe('39.20');
    expect(applyAll(s, second.events).fiscalNumbers).toEqual({ BC01: 2 });
  });

  it('after every portion was refunded and nothing else was charged: recorded as voided, nothing left to credit, no note', () => {
    const bill = testBill([{ price: 1000, qty: 2 }]);
    const s = step(fiscalState(), bill, refund([{ lineId: 'l-1', qty: 2 }]));
    const d = correct(s, bill, VOID);
    if (!d.ok) throw new Error(d.code);
    expect(kinds(d)).toEqual(['bill.corrected']);
    expect(eventOf(d, 'bill.corrected')!.correction).toMatchObject({ kind: 'void', amountCents: 0, lines: [] });
    expect(applyAll(s, d.events).billCorrections['o-1']?.voided).toBe(true);
  });
});

describe('bill.correct: refunds', () => {
  const cases = [
    { name: 'one chicha of three', lines: [{ lineId: 'l-2', qty: 1 }], amount: 540 },
    { name: 'the discounted lomo', lines: [{ lineId: 'l-3', qty: 1 }], amount: 2700 },
    { name: 'the paid ceviche', lines: [{ lineId: 'l-1', qty: 1 }], amount: 2880 },
    { name: 'every paid portion: the bill less its tip', lines: [{ lineId: 'l-1', qty: 1 }, { lineId: 'l-2', qty: 3 }, { lineId: 'l-3', qty: 1 }], amount: 7200 },
  ];
  it.each(cases)('$name: S/ $amount céntimos back, a note for exactly that', ({ lines, amount }) => {
    const d = correct(fiscalState(), dinner(), refund(lines, 'yape'));
    if (!d.ok) throw new Error(d.code);
    const { correction, document } = eventOf(d, 'bill.corrected')!;
    expect(correction).toMatchObject({ kind: 'refund', amountCents: amount, method: 'yape', lines });
    expect(Math.round(Number(document!.totals.payable) * 100)).toBe(amount);
    expect(document!.totals.charges).toBe('0.00');
  });

  it('one portion at a time gives back exactly what all at once would', () => {
    const bill = dinner();
    let s = fiscalState();
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = correct(s, bill, refund([{ lineId: 'l-2', qty: 1 }]));
      if (!d.ok) throw new Error(d.code);
      amounts.push(eventOf(d, 'bill.corrected')!.correction.amountCents);
      s = applyAll(s, d.events);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(1620);
    expect(s.billCorrections['o-1']?.corrections.map((c) => c.creditNote?.number)).toEqual([1, 2, 3]);
    expect(correct(s, bill, refund([{ lineId: 'l-2', qty: 1 }]))).toMatchObject({ ok: false, code: 'REFUND_TOO_LARGE' });
  });

  it('decided twice on the same state: the same correction (ids derived, never random)', () => {
    const s = fiscalState();
    const a = correct(s, dinner(), refund([{ lineId: 'l-2', qty: 1 }]), undefined, 'same-command');
    const b = correct(s, dinner(), refund([{ lineId: 'l-2', qty: 1 }]), undefined, 'same-command');
    expect(a).toEqual(b);
  });
});
