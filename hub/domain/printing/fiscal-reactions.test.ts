import { describe, expect, it } from 'vitest';
import { SALE_NOTE, type BillCorrection, type DomainEvent, type FiscalDocument, type Job, type SaleDocument, type State } from '#protocol';
import { SAMPLE_FISCAL } from '../einvoice/samples.ts';
import { fiscalDocumentOf } from '../einvoice/tax.ts';
import { testBill, testSettings } from '../einvoice/test-bills.ts';
import { reactions } from '../jobs/reactions.ts';
import { addLines, ctxAt, exec, LATER, openTable, P, T, uid } from '../test-fixtures.ts';
import { fiscalQrData } from './documents/fiscal-qr.ts';
import { createdJobs, paperText, printer, stationMenu, summary, withPrinters } from './test-printers.ts';

/**
 * The printouts of e-invoicing: a numbered boleta or factura prints SUNAT's
 * representation with the document in the job (the runner adds the digest);
 * a void or refund prints a credit note slip, or a plain slip for a sale note.
 */

const ORDER = uid(1);
const cashier = printer('pr-caja', { receipts: true, language: 'zh' });
const AT = ctxAt(LATER, 'cajera-1');

function settled(document: SaleDocument, fiscal: boolean, print = true): { jobs: Job[]; events: DomainEvent[]; state: State } {
  let s = withPrinters(stationMenu(), [cashier]);
  if (fiscal) s = exec(s, 'fiscal.saveSettings', SAMPLE_FISCAL).state;
  s = openTable(s, T.s1, ORDER, 2);
  s = addLines(s, ORDER, [{ lineId: uid(101), productId: P.ceviche.id, qty: 2 }]);
  s = exec(s, 'order.send', { orderId: ORDER }).state;
  const step = exec(s, 'order.settle', { orderId: ORDER, payments: [{ method: 'visa', amountCents: 2 * P.ceviche.priceCents }], document, print }, AT);
  return { jobs: createdJobs(step.events), events: step.events, state: step.state };
}

const prints = (jobs: Job[]) => jobs.flatMap((j) => (j.kind === 'print' ? [j] : []));

describe('a numbered boleta or factura prints its representation', () => {
  it.each([
    ['boleta', { kind: 'boleta', docId: '', name: '' } as SaleDocument, 'BOLETA DE VENTA ELECTRÓNICA B001-1'],
    ['factura', { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' } as SaleDocument, 'FACTURA ELECTRÓNICA F001-1'],
  ])('%s: each receipt job carries the document the tax rules computed, and its paper the title and the QR without the digest yet', (_kind, document, title) => {
    const { jobs, events } = settled(document, true);
    const bill = events.find((e) => e.type === 'order.settled');
    if (bill?.type !== 'order.settled') throw new Error('not settled');
    const made = fiscalDocumentOf(bill.bill, SAMPLE_FISCAL);
    if (!made.ok) throw new Error(made.code);
    const receipts = prints(jobs);
    expect(receipts.map(summary)).toEqual([{ printer: 'pr-caja', purpose: 'receipt' }, { printer: 'virtual', purpose: 'receipt' }]);
    for (const job of receipts) {
      expect(job.payload.fiscal).toEqual(made.document);
      expect(paperText(job)).toContain(title);
      expect(paperText(job)).toContain(`[QR ${fiscalQrData(made.document, '')}]`);
    }
    // The e-invoice job (hub/domain/einvoice/reactions.ts) sends the very same document.
    const send = jobs.find((j) => j.kind === 'einvoice.send');
    expect(send?.kind === 'einvoice.send' && send.payload.document).toEqual(made.document);
  });

  it.each([
    ['a sale note', SALE_NOTE, true],
    ['a boleta before e-invoicing is set up (not numbered)', { kind: 'boleta', docId: '', name: '' } as SaleDocument, false],
  ])('%s prints the plain receipt, no document, no QR', (_label, document, fiscal) => {
    const [receipt] = prints(settled(document, fiscal).jobs);
    expect(receipt?.payload.fiscal).toBeUndefined();
    expect(receipt?.payload.document.blocks.some((b) => b.kind === 'qr')).toBe(false);
  });

  it('nothing printed unless asked, fiscal or not', () => {
    expect(prints(settled({ kind: 'boleta', docId: '', name: '' }, true, false).jobs)).toEqual([]);
  });
});

describe('a void or refund of a closed bill prints a slip on the receipt printers', () => {
  const state = withPrinters(stationMenu(), [cashier]);
  const correction: BillCorrection = { id: 'c-1', billId: ORDER, billNo: 4, kind: 'void', lines: [], amountCents: 6400, reason: 'error de cobro', method: 'cash', at: '2026-03-02T18:00:00.000Z', by: null };
  const original = fiscalDocumentOf(testBill([{ price: 3200, qty: 2 }], { fiscal: { type: '01', series: 'F001', number: 3 }, document: { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' } }), testSettings());
  if (!original.ok) throw new Error(original.code);
  const note: FiscalDocument = { ...original.document, type: '07', series: 'FC01', number: 1, reference: { type: '01', series: 'F001', number: 3, reasonCode: '01', reason: 'error de cobro' } };

  it('with a credit note: its document rides in the job, the paper is the note with its QR', () => {
    const creditNote = { type: '07' as const, series: 'FC01', number: 1, of: { type: '01' as const, series: 'F001', number: 3 } };
    const jobs = reactions({ type: 'bill.corrected', correction: { ...correction, creditNote }, document: note }, state, '2026-03-02T18:00:00.000Z');
    const slips = prints(jobs as Job[]);
    expect(slips.map(summary)).toEqual([{ printer: 'pr-caja', purpose: 'receipt' }, { printer: 'virtual', purpose: 'receipt' }]);
    for (const slip of slips) {
      expect(slip.payload.fiscal).toEqual(note);
      expect(slip.payload.billNo).toBe(4);
      expect(paperText(slip)).toContain('NOTA DE CRÉDITO ELECTRÓNICA FC01-1');
      expect(paperText(slip)).toContain('DOC. QUE MODIFICA: FACTURA ELECTRÓNICA F001-3');
      expect(paperText(slip)).toContain(`[QR ${fiscalQrData(note, '')}]`);
    }
  });

  it('a sale note\'s correction: a plain slip, no document; a document without a credit note is not printed as one', () => {
    for (const event of [{ type: 'bill.corrected' as const, correction }, { type: 'bill.corrected' as const, correction, document: note }]) {
      const [slip] = prints(reactions(event, state, correction.at) as Job[]);
      expect(slip?.payload.fiscal).toBeUndefined();
      expect(paperText(slip!)).toContain('作废');
      expect(paperText(slip!)).not.toContain('[QR');
    }
  });
});
