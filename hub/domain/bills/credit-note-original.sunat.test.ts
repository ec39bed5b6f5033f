import { beforeAll, describe, expect, it } from 'vitest';
import type { Bill, CorrectionRequest, EventOf, FiscalDocument, State } from '#protocol';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { signUbl } from '#hub/einvoice/sign/xmldsig.ts';
import { fileNameOf } from '#hub/einvoice/testing/homologation-documents.ts';
import { sunatCheckUnavailable, validateBatch, type ValidationResult } from '#hub/einvoice/testing/sunat-validator.ts';
import { buildFiscalXml, SIGNATURE_ID } from '#hub/einvoice/ubl/index.ts';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { figuresOf } from '../einvoice/document-figures.ts';
import { fiscalDocumentOf } from '../einvoice/tax.ts';
import { testBill, type BillSpec, type LineSpec } from '../einvoice/test-bills.ts';
import { command, ctxAt } from '../test-fixtures.ts';
import { fiscalState, refund, VOID } from './test-bills.ts';

/**
 * Issue 19 item 5: a credit note reverses the document SUNAT received, at its
 * rates, whatever the regime is today. Sold at 18 % (general), the owner then
 * switches to the reduced 10 %, the bill is voided or refunded: the note's base
 * and IGV are the original's, and SUNAT's schemas and rules accept it.
 */

const unavailable = sunatCheckUnavailable();
const NOW = new Date().toISOString();
const SOLD = new Date(Date.now() - 60_000).toISOString();
const { certificatePem, privateKeyPem } = makeTestPkcs12('secret');
const key = { privateKeyPem, certificateBase64: certificatePem.replace(/-----[^-]+-----|\s/g, '') };

const GENERAL = { ...fiscalState().fiscal!, regime: 'general' as const, bagProductIds: ['p-bolsa'] };
const REDUCED = { ...GENERAL, regime: 'reduced' as const };

function factura(id: string, number: number, lines: LineSpec[], spec: BillSpec = {}): Bill {
  const buyer = { kind: 'factura' as const, docId: '20100070970', name: 'SABORES & MÁS E.I.R.L.' };
  return { ...testBill(lines, { paidAt: SOLD, fiscal: { type: '01', series: 'F001', number }, document: buyer, ...spec }), id };
}

/** The factura: S/ 102.60 at 18 % is base 86.95 and IGV 15.65. */
const PLAIN = factura('o-plain', 1, [{ price: 3200, qty: 2, name: 'Ceviche' }, { price: 3860, qty: 1, name: 'Lomo saltado' }]);
/** An order discount (a global discount on the original, spread over the note's lines), a gift, a tip and a bag. */
const DISCOUNTED = factura(
  'o-discount',
  2,
  [{ price: 3200, qty: 2, gifted: 1, name: 'Ceviche' }, { price: 600, qty: 3, name: 'Chicha morada' }, { price: 3850, qty: 1, discount: 805, name: 'Lomo saltado' }, { price: 100, qty: 1, productId: 'p-bolsa', name: 'Bolsa' }],
  { orderDiscount: { kind: 'percent', percent: 7 }, tip: 500 },
);

/** The document SUNAT received for the bill (sold under the general regime). */
function original(bill: Bill): FiscalDocument {
  const made = fiscalDocumentOf(bill, GENERAL);
  if (!made.ok) throw new Error(made.code);
  return made.document;
}

/** The note a correction issues today, the regime now reduced, with (or without) the original's figures read from the store. */
function noteOf(s: State, bill: Bill, request: CorrectionRequest, withOriginal = true): { note: FiscalDocument; state: State } {
  const payload = { bill, request, ...(withOriginal ? { original: figuresOf(original(bill)) } : {}) };
  const d = decide(s, command('bill.correct', payload), ctxAt(NOW, 'owner-1'));
  if (!d.ok) throw new Error(d.code);
  const note = d.events.find((e): e is EventOf<'bill.corrected'> => e.type === 'bill.corrected')!.document!;
  return { note, state: applyAll(s, d.events) };
}

const reduced = () => fiscalState(REDUCED);
const plainVoid = noteOf(reduced(), PLAIN, VOID).note;
const discountedVoid = noteOf(reduced(), DISCOUNTED, VOID).note;
const partThenRest = (() => {
  const first = noteOf(reduced(), DISCOUNTED, refund([{ lineId: 'l-2', qty: 2 }]));
  return [first.note, noteOf(first.state, DISCOUNTED, VOID).note];
})();

describe('a credit note after the regime changed', () => {
  it("the issue's factura: sold at 18 % (86.95 + 15.65), voided under 10 %: the note is 86.95 + 15.65 at 18 %", () => {
    expect(original(PLAIN).totals).toMatchObject({ taxable: '86.95', igv: '15.65', payable: '102.60' });
    expect(plainVoid.totals).toMatchObject({ taxable: '86.95', igv: '15.65', payable: '102.60' });
    expect(new Set(plainVoid.lines.map((l) => l.igvPercent))).toEqual(new Set(['18.00']));
  });

  it('without the stored original (the old way) it would be 10 %: what the test guards against', () => {
    const old = noteOf(reduced(), PLAIN, VOID, false).note;
    expect(old.lines[0]!.igvPercent).toBe('10.00');
    expect(old.totals.igv).not.toBe('15.65');
  });

  it.each([
    ['plain', PLAIN, plainVoid],
    ['discounted, gift, tip and a bag', DISCOUNTED, discountedVoid],
  ] as const)('a void of the %s factura reverses its base, IGV, ICBPER and payable exactly', (_name, bill, note) => {
    const o = figuresOf(original(bill));
    const n = figuresOf(note);
    expect([n.taxableCents, n.igvCents, n.icbperCents, n.payableCents]).toEqual([o.taxableCents, o.igvCents, o.icbperCents, o.payableCents]);
    expect(n.igvBasisPoints).toBe(1800);
    // Each line still adds up: base + IGV is what it was charged.
    for (const l of note.lines.filter((x) => !x.free)) expect(Math.abs(Number(l.igv) - Number(l.lineExtension) * 0.18)).toBeLessThan(0.02);
  });

  it('a refund then the void of the rest: both at 18 %, together the original payable', () => {
    expect(partThenRest.flatMap((d) => d.lines.filter((l) => !l.free).map((l) => l.igvPercent))).toEqual(expect.arrayContaining(['18.00']));
    expect(partThenRest.flatMap((d) => d.lines.map((l) => l.igvPercent)).filter((p) => p !== '18.00')).toEqual([]);
    const paid = partThenRest.reduce((sum, d) => sum + figuresOf(d).payableCents, 0);
    expect(paid).toBe(DISCOUNTED.totalCents);
  });
});

const NOTES = [plainVoid, discountedVoid, ...partThenRest];
describe.skipIf(Boolean(unavailable))("the notes against SUNAT's schemas and rules", () => {
  let results: ValidationResult[] = [];
  beforeAll(async () => {
    const sign = (doc: FiscalDocument) => signUbl(buildFiscalXml(doc), key, { signatureId: SIGNATURE_ID }).xml;
    results = await validateBatch(NOTES.flatMap((doc) => [
      { kind: '07' as const, check: 'xsd' as const, xml: sign(doc) },
      { kind: '07' as const, check: 'rules' as const, xml: sign(doc), fileName: fileNameOf(doc) },
    ]));
  });

  it.each(NOTES.map((doc, i) => [`${doc.series}-${doc.number}`, i] as const))('%s: no error, no observation', (_name, i) => {
    expect(results[2 * i]!.errors).toEqual([]);
    expect(results[2 * i + 1]!.errors).toEqual([]);
    expect(results[2 * i + 1]!.observations).toEqual([]);
  });
});
