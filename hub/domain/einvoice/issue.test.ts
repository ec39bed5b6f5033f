import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf, SaleDocument, State } from '#protocol';
import { fiscalKey } from '#protocol';
import { applyAll } from '../apply.ts';
import { addLines, ctxAt, decideOn, deepFreeze, exec, LATER, menuState, openTable, P, product, T, uid } from '../test-fixtures.ts';
import { SAMPLE_FISCAL } from './samples.ts';
import { fiscalDocumentOf } from './tax.ts';

/**
 * What settling a boleta or factura causes besides its number: the document
 * computed (a bill it cannot be computed for is refused), the boleta queued
 * for its day's summary and the e-invoice job, all in the settlement's record.
 */

const AT = ctxAt(LATER, 'cajera-1');
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const BOLETA_DNI: SaleDocument = { kind: 'boleta', docId: '45678912', name: 'Ana Quispe' };
const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' };
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
const BAG = 'p-bolsa';

/** Fiscal settings saved, a bag on the menu at `bagCents`, an order of a ceviche (and a bag) sent on S1. */
function ready(bagCents: number, withBag: boolean): State {
  let s = exec(menuState(), 'product.save', product(BAG, '900', bagCents)).state;
  s = exec(s, 'fiscal.saveSettings', { ...SAMPLE_FISCAL, bagProductIds: [BAG] }).state;
  s = openTable(s, T.s1, uid(1));
  s = addLines(s, uid(1), [{ lineId: uid(11), productId: P.ceviche.id, qty: 1 }, ...(withBag ? [{ lineId: uid(12), productId: BAG, qty: 1 }] : [])]);
  return exec(s, 'order.send', { orderId: uid(1) }).state;
}

function settle(s: State, document: SaleDocument, cents: number) {
  return decideOn(s, 'order.settle', { orderId: uid(1), payments: [{ method: 'cash', amountCents: cents }], document, print: false }, AT);
}

const ofType = <T extends DomainEvent['type']>(events: readonly DomainEvent[], type: T) => events.filter((e): e is EventOf<T> => e.type === type);

describe('settling a boleta or factura issues its document in the same record', () => {
  const cases = [
    { name: 'boleta, consumidor final', doc: BOLETA, type: '03', queued: true, buyer: { idType: '-', idNumber: '-', name: 'CLIENTES VARIOS' } },
    { name: 'boleta with a DNI', doc: BOLETA_DNI, type: '03', queued: true, buyer: { idType: '1', idNumber: '45678912', name: 'Ana Quispe' } },
    { name: 'factura (goes to SUNAT alone, never in a summary)', doc: FACTURA, type: '01', queued: false, buyer: { idType: '6', idNumber: '20100070970', name: 'Supermercados SAC' } },
  ] as const;
  it.each(cases)('$name', ({ doc, type, queued, buyer }) => {
    const s = deepFreeze(ready(100, true));
    const d = settle(s, doc, 3300);
    if (!d.ok) throw new Error(d.code);
    const [settled] = ofType(d.events, 'order.settled');
    const document = fiscalDocumentOf(settled!.bill, s.fiscal!);
    if (!document.ok) throw new Error(document.code);
    expect(document.document).toMatchObject({ type, number: 1, customer: buyer, issueDate: '2025-03-14' });
    expect(document.document.totals.payable).toBe('33.00');
    // The job carries the document the rules computed, named by its key, and its bill (the documents page opens it to void).
    const jobs = ofType(d.events, 'job.created').map((e) => e.job).filter((j) => j.kind === 'einvoice.send');
    expect(jobs).toEqual([expect.objectContaining({ kind: 'einvoice.send', payload: { key: fiscalKey(document.document), billId: settled!.bill.id, document: document.document }, status: 'pending' })]);
    const pending = ofType(d.events, 'einvoice.summaryQueued').map((e) => e.pending);
    if (!queued) return expect(pending).toEqual([]);
    expect(pending).toEqual([
      {
        key: `03-B001-1`,
        referenceDate: '2025-03-14',
        line: { index: 0, type: '03', series: 'B001', number: 1, customer: buyer, status: '1', totals: { taxable: '27.54', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '4.96', icbper: '0.50', payable: '33.00' } },
      },
    ]);
    expect(applyAll(s, d.events).pendingSummary).toEqual({ '03-B001-1': pending[0] });
  });

  it('a sale note issues nothing: no number, no document, no summary line, no e-invoice job', () => {
    const d = settle(ready(100, true), NOTE, 3300);
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type).filter((t) => t !== 'job.created')).toEqual(['order.settled']);
    expect(ofType(d.events, 'job.created').filter((e) => e.job.kind.startsWith('einvoice'))).toEqual([]);
  });

  it('refuses a boleta whose bag is priced below its ICBPER (no number used, nothing queued)', () => {
    // March 2025: ICBPER S/ 0.50 a bag; this bag costs S/ 0.30.
    const bagRate = { ...SAMPLE_FISCAL, bagProductIds: [BAG], rates: { ...SAMPLE_FISCAL.rates, icbper: [{ from: '2019-08-01', cents: 50 }] } };
    const s = deepFreeze(exec(ready(30, true), 'fiscal.saveSettings', bagRate).state);
    expect(settle(s, BOLETA, 3230)).toEqual({ ok: false, code: 'BAG_PRICE_BELOW_ICBPER' });
    expect(s.fiscalNumbers).toEqual({});
    expect(s.pendingSummary).toEqual({});
    // The same bill as a sale note is no e-invoice and settles.
    expect(settle(s, NOTE, 3230).ok).toBe(true);
  });
});
