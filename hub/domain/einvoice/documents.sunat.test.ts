import { beforeAll, describe, expect, it } from 'vitest';
import type { Bill, CorrectionRequest, DomainEvent, EventOf, FiscalDocument, State, SummaryDocument } from '#protocol';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { signUbl } from '#hub/einvoice/sign/xmldsig.ts';
import { batchFileNameOf, fileNameOf } from '#hub/einvoice/testing/homologation-documents.ts';
import { sunatCheckUnavailable, validateBatch, type SunatKind, type ValidationResult } from '#hub/einvoice/testing/sunat-validator.ts';
import { buildFiscalXml, buildSummaryXml, SIGNATURE_ID } from '#hub/einvoice/ubl/index.ts';
import { applyAll } from '../apply.ts';
import { correct, fiscalState, refund, VOID } from '../bills/test-bills.ts';
import { decide } from '../decide.ts';
import { command, ctxAt } from '../test-fixtures.ts';
import { summaryQueued } from './summary-queue.ts';
import { fiscalDocumentOf } from './tax.ts';
import { testBill } from './test-bills.ts';

/**
 * What the rules issue, as SUNAT would receive it: the credit notes of a void
 * and of a partial refund (of a boleta and of a factura with an order
 * discount, a gift and a tip) and the daily summary that carries the boleta
 * and its notes, each built, signed with the test certificate and checked
 * against SUNAT's XSD and published rules: no error, no observation. Dated
 * now, because SUNAT's rules compare dates with today.
 */

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`SUNAT checks of the rules' documents skipped: ${unavailable}`);

const NOW = new Date().toISOString();
const SOLD = new Date(Date.now() - 60_000).toISOString();
const { certificatePem, privateKeyPem } = makeTestPkcs12('secret');
const key = { privateKeyPem, certificateBase64: certificatePem.replace(/-----[^-]+-----|\s/g, '') };

/** A ceviche gifted of two, three chichas, a discounted lomo, a bag; 10 % off the order; S/ 15.00 tip (over the summary's tolerance of 5). */
function dinner(over: Partial<Bill>): Bill {
  const bill = testBill(
    [
      { price: 3200, qty: 2, gifted: 1, name: 'Ceviche' },
      { price: 600, qty: 3, name: 'Chicha morada' },
      { price: 3800, qty: 1, discount: 800, name: 'Lomo saltado' },
      { price: 100, qty: 1, productId: 'p-bolsa', name: 'Bolsa' },
    ],
    { orderDiscount: { kind: 'percent', percent: 10 }, tip: 1500, paidAt: SOLD },
  );
  return { ...bill, ...over };
}
const BOLETA = dinner({ id: 'o-boleta', fiscal: { type: '03', series: 'B001', number: 1 }, document: { kind: 'boleta', docId: '45678912', name: 'Ana Quispe' } });
const FACTURA = dinner({ id: 'o-factura', fiscal: { type: '01', series: 'F001', number: 1 }, document: { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' } });
const PART: CorrectionRequest = refund([{ lineId: 'l-2', qty: 2 }, { lineId: 'l-3', qty: 1 }, { lineId: 'l-4', qty: 1 }]);

/** Every document the rules issue for these corrections, and the summary of today. */
function issued(): { notes: FiscalDocument[]; summary: SummaryDocument } {
  let s: State = fiscalState({ ...fiscalState().fiscal!, bagProductIds: ['p-bolsa'] });
  const boleta = fiscalDocumentOf(BOLETA, s.fiscal!);
  if (!boleta.ok) throw new Error(boleta.code);
  s = applyAll(s, [summaryQueued(boleta.document)!]);
  const notes: FiscalDocument[] = [];
  for (const [bill, request] of [[BOLETA, PART], [BOLETA, VOID], [FACTURA, PART], [FACTURA, VOID]] as const) {
    const d = correct(s, bill, request, NOW);
    if (!d.ok) throw new Error(d.code);
    notes.push(d.events.find((e): e is EventOf<'bill.corrected'> => e.type === 'bill.corrected')!.document!);
    s = applyAll(s, d.events);
  }
  const today = boleta.document.issueDate;
  const d = decide(s, command('einvoice.summarize', { referenceDate: today }), ctxAt(NOW, null));
  if (!d.ok) throw new Error(d.code);
  const planned = d.events.find((e: DomainEvent): e is EventOf<'einvoice.summaryPlanned'> => e.type === 'einvoice.summaryPlanned')!;
  return { notes, summary: planned.summary };
}

const { notes, summary } = issued();
const sign = (xml: string) => signUbl(xml, key, { signatureId: SIGNATURE_ID }).xml;

/** Invoices themselves: a tourist's boleta with a passport (cat. 06 code 7), and a factura at the reduced rate (10 %). */
function invoices(): FiscalDocument[] {
  const general = fiscalState({ ...fiscalState().fiscal!, bagProductIds: ['p-bolsa'] }).fiscal!;
  const passport = fiscalDocumentOf(dinner({ id: 'o-turista', fiscal: { type: '03', series: 'B001', number: 2 }, document: { kind: 'boleta', docId: 'X1234567', name: 'John Smith', idType: '7' } }), general);
  const reduced = fiscalDocumentOf(FACTURA, { ...general, regime: 'reduced' });
  if (!passport.ok || !reduced.ok) throw new Error('not computed');
  return [passport.document, reduced.document];
}
const INVOICES = invoices();

const CHECKED: { name: string; kind: SunatKind; xml: string; fileName: string }[] = [
  ...notes.map((doc) => ({ name: `${doc.series}-${doc.number} (${doc.reference?.reasonCode} on ${doc.reference?.series})`, kind: '07' as const, xml: sign(buildFiscalXml(doc)), fileName: fileNameOf(doc) })),
  { name: summary.id, kind: 'RC', xml: sign(buildSummaryXml(summary)), fileName: batchFileNameOf(summary) },
  ...INVOICES.map((doc) => ({ name: `${doc.series}-${doc.number} (buyer type ${doc.customer.idType}, IGV ${doc.lines[0]?.igvPercent} %)`, kind: doc.type, xml: sign(buildFiscalXml(doc)), fileName: fileNameOf(doc) })),
];

it('the passport boleta names its buyer with cat. 06 code 7; the reduced-rate factura charges 10 %', () => {
  expect(INVOICES[0]!.customer).toEqual({ idType: '7', idNumber: 'X1234567', name: 'John Smith' });
  expect(INVOICES[1]!.lines.filter((l) => !l.free && l.igv !== '0.00').map((l) => l.igvPercent)).toEqual(expect.arrayContaining(['10.00']));
});

it('the notes and the summary are what the corrections asked for', () => {
  expect(notes.map((n) => [n.series, n.number, n.reference?.series, n.reference?.reasonCode])).toEqual([
    ['BC01', 1, 'B001', '07'],
    ['BC01', 2, 'B001', '01'],
    ['FC01', 1, 'F001', '07'],
    ['FC01', 2, 'F001', '01'],
  ]);
  // The boleta and its two notes, not the factura's: those go to SUNAT alone.
  expect(summary.lines.map((l) => `${l.index} ${l.type}-${l.series}-${l.number}`)).toEqual(['1 03-B001-1', '2 07-BC01-1', '3 07-BC01-2']);
  // The tip is the summary line's "otros cargos", so SUNAT's sum of its amounts meets its total.
  expect(summary.lines[0]!.totals.charges).toBe('15.00');
  // Refund + void give back the whole boleta.
  const total = notes.slice(0, 2).reduce((n, d) => n + Math.round(Number(d.totals.payable) * 100), 0);
  expect(total).toBe(BOLETA.totalCents);
});

describe.skipIf(Boolean(unavailable))("the rules' documents against SUNAT's schemas and rules", () => {
  let results: ValidationResult[] = [];
  beforeAll(async () => {
    results = await validateBatch(CHECKED.flatMap((c) => [
      { kind: c.kind, check: 'xsd' as const, xml: c.xml },
      { kind: c.kind, check: 'rules' as const, xml: c.xml, fileName: c.fileName },
    ]));
  });

  it.each(CHECKED.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    expect(results[2 * index]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.errors).toEqual([]);
    expect(results[2 * index + 1]!.observations).toEqual([]);
  });

  it("without the line's charge SUNAT observes 4027 on the boleta with the tip (why the charge is written)", async () => {
    const bare: SummaryDocument = { ...summary, lines: summary.lines.map(({ totals: { charges: _charges, ...totals }, ...line }) => ({ ...line, totals })) };
    const [result] = await validateBatch([{ kind: 'RC', check: 'rules', xml: sign(buildSummaryXml(bare)), fileName: batchFileNameOf(bare) }]);
    expect(result!.errors).toEqual([]);
    expect(result!.observations.map((o) => o.code)).toContain('4027');
  });
});
