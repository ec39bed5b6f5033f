import { beforeAll, describe, expect, test } from 'vitest';
import type { FiscalDocument } from '#protocol';
import { batchFileNameOf, fileNameOf } from '../testing/homologation-documents.ts';
import { withPlaceholderSignature } from '../testing/placeholder-signature.ts';
import { HOSTILE_DISH, HOSTILE_NAME, limaToday, restaurantDocuments } from '../testing/restaurant-documents.ts';
import { sunatCheckUnavailable, validateBatch, type SunatKind, type ValidationRequest, type ValidationResult } from '../testing/sunat-validator.ts';
import { buildFiscalXml, buildSummaryXml, buildVoidedXml, EXTENSION_CONTENT_SLOT } from './index.ts';

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`SUNAT XSD/rule checks skipped: ${unavailable}`);

// Dated today: some of SUNAT's rules compare the issue date with the current date.
const docs = restaurantDocuments(limaToday());
const FISCAL: [string, FiscalDocument][] = [
  ['factura on credit (bag, gift, discount, exonerado, inafecto)', docs.factura],
  ['boleta for consumidor final (global discount, tip)', docs.boleta],
  ['factura with names to escape', docs.escaped],
  ['credit note on a factura', docs.creditNote],
  ['credit note on a boleta', docs.boletaCreditNote],
];
type Built = { name: string; kind: SunatKind; xml: string; fileName: string };
const BUILT: Built[] = [
  ...FISCAL.map(([name, doc]) => ({ name, kind: doc.type, xml: buildFiscalXml(doc), fileName: fileNameOf(doc) })),
  { name: 'daily summary (add, void, credit note)', kind: 'RC', xml: buildSummaryXml(docs.summary), fileName: batchFileNameOf(docs.summary) },
  { name: 'voiding of a factura', kind: 'RA', xml: buildVoidedXml(docs.voided), fileName: batchFileNameOf(docs.voided) },
];
const byName = (name: string): Built => BUILT.find((built) => built.name === name)!;

/** SUNAT observations each document is expected to carry (none today; a new one must be looked at, then listed here). */
const EXPECTED_OBSERVATIONS: Record<string, string[]> = {};

/**
 * A wrong total per kind, and the SUNAT code that answers it (CatalogoErrores.xml). SUNAT's sums
 * tolerate 1.00 of difference, so the wrong totals are further off. The published boleta rules
 * only *observe* wrong totals (4312), never reject them: our own valid-document tests refuse any
 * observation, which is what keeps a boleta's totals honest.
 */
const NEGATIVES: { name: string; base: string; from: string; to: string; code: string; rejected: boolean }[] = [
  { name: 'factura: payable is not the amount with taxes', base: FISCAL[0]![0], from: '<cbc:PayableAmount currencyID="PEN">82.32<', to: '<cbc:PayableAmount currencyID="PEN">90.00<', code: '3280', rejected: true },
  { name: 'factura: IGV total is not its subtotal', base: FISCAL[2]![0], from: '<cbc:TaxAmount currencyID="PEN">13.50<', to: '<cbc:TaxAmount currencyID="PEN">23.50<', code: '3294', rejected: true },
  { name: 'boleta: payable is not the amount with taxes', base: FISCAL[1]![0], from: '<cbc:PayableAmount currencyID="PEN">111.20<', to: '<cbc:PayableAmount currencyID="PEN">131.20<', code: '4312', rejected: false },
  { name: 'credit note: payable is not the amount with taxes', base: FISCAL[3]![0], from: '<cbc:PayableAmount currencyID="PEN">88.50<', to: '<cbc:PayableAmount currencyID="PEN">98.50<', code: '3280', rejected: true },
  { name: 'summary: a negative total', base: 'daily summary (add, void, credit note)', from: '<sac:TotalAmount currencyID="PEN">111.20<', to: '<sac:TotalAmount currencyID="PEN">-111.20<', code: '2251', rejected: true },
  { name: 'voiding: a boleta in a voiding (boletas go through the summary)', base: 'voiding of a factura', from: '<cbc:DocumentTypeCode>01<', to: '<cbc:DocumentTypeCode>03<', code: '2308', rejected: true },
];

describe.skipIf(Boolean(unavailable))('UBL builders against SUNAT\'s schemas and rules', () => {
  let rules: ValidationResult[] = [];
  let xsd: ValidationResult[] = [];
  let negatives: ValidationResult[] = [];
  let flat: string[][] = [];

  beforeAll(async () => {
    // One Python process for the whole file.
    const requests: ValidationRequest[] = [
      ...BUILT.map((built): ValidationRequest => ({ kind: built.kind, check: 'rules', xml: built.xml, fileName: built.fileName })),
      ...BUILT.map((built): ValidationRequest => ({ kind: built.kind, check: 'xsd', xml: withPlaceholderSignature(built.xml) })),
      ...NEGATIVES.map((negative): ValidationRequest => {
        const built = byName(negative.base);
        const xml = built.xml.replace(negative.from, negative.to);
        if (xml === built.xml) throw new Error(`negative "${negative.name}" changed nothing`);
        return { kind: built.kind, check: 'rules', xml, fileName: built.fileName };
      }),
      ...BUILT.map((built): ValidationRequest => ({ kind: built.kind, check: 'flatten', xml: built.xml })),
    ];
    const results = await validateBatch(requests);
    const n = BUILT.length;
    rules = results.slice(0, n);
    xsd = results.slice(n, 2 * n);
    negatives = results.slice(2 * n, 2 * n + NEGATIVES.length);
    flat = results.slice(2 * n + NEGATIVES.length).map((result) => result.elements ?? []);
  });

  const values = (index: number, path: string): string[] =>
    flat[index]!.filter((line) => line.split(' [')[0] === path).map((line) => line.slice(line.indexOf('] = ') + 4));

  test.each(BUILT.map((built, index) => [built.name, index] as const))('%s: valid against the XSD and SUNAT\'s rules', (name, index) => {
    expect(xsd[index]!.errors).toEqual([]);
    expect(rules[index]!.errors).toEqual([]);
    expect(rules[index]!.observations.map((observation) => observation.code)).toEqual(EXPECTED_OBSERVATIONS[name] ?? []);
  });

  test.each(FISCAL.map(([name, doc], index) => [name, doc, index] as const))('%s: lines, amounts and legends are the input\'s', (_name, doc, index) => {
    const root = doc.type === '07' ? '/CreditNote' : '/Invoice';
    const line = doc.type === '07' ? `${root}/CreditNoteLine` : `${root}/InvoiceLine`;
    expect(values(index, `${line}/ID`)).toEqual(doc.lines.map((l) => String(l.index)));
    expect(values(index, `${line}/LineExtensionAmount`)).toEqual(doc.lines.map((l) => l.lineExtension));
    expect(values(index, `${line}/Item/Description`)).toEqual(doc.lines.map((l) => l.description));
    expect(values(index, `${root}/LegalMonetaryTotal/PayableAmount`)).toEqual([doc.totals.payable]);
    expect(values(index, `${root}/LegalMonetaryTotal/TaxInclusiveAmount`)).toEqual([doc.totals.taxInclusive]);
    expect(values(index, `${root}/LegalMonetaryTotal/LineExtensionAmount`)).toEqual([doc.totals.lineExtension]);
    const igvCents = Math.round(Number(doc.totals.igv) * 100) + Math.round(Number(doc.totals.icbper) * 100);
    expect(values(index, `${root}/TaxTotal/TaxAmount`).map(Number)).toEqual([igvCents / 100]);
    expect(flat[index]!.filter((l) => l.startsWith(`${root}/Note [`))).toEqual(doc.legends.map((legend) => `${root}/Note [languageLocaleID=${legend.code}] = ${legend.text}`));
    expect(values(index, `${root}/ID`)).toEqual([`${doc.series}-${doc.number}`]);
  });

  test('names with <, &, quotes, accents and Chinese read back exactly as typed', () => {
    const index = 2;
    expect(values(index, '/Invoice/AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName')).toEqual([HOSTILE_NAME]);
    expect(values(index, '/Invoice/InvoiceLine/Item/Description')).toEqual([HOSTILE_DISH]);
    const xml = BUILT[index]!.xml;
    expect(xml).toContain('Pollería "El Rey" &lt;Niño&gt; &amp; Cía. 李记餐厅');
    expect(xml).not.toContain('<Niño>');
    const voidedIndex = BUILT.length - 1;
    expect(values(voidedIndex, '/VoidedDocuments/VoidedDocumentsLine/VoidReasonDescription')[0]).toContain(HOSTILE_NAME);
  });

  test('a boleta for consumidor final names nobody the way SUNAT accepts', () => {
    expect(values(1, '/Invoice/AccountingCustomerParty/Party/PartyIdentification/ID')).toEqual(['-']);
    expect(flat[1]!).toContain('/Invoice/AccountingCustomerParty/Party/PartyIdentification/ID [schemeID=0] = -');
    expect(values(1, '/Invoice/AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName')).toEqual(['CLIENTES VARIOS']);
    expect(values(1, '/Invoice/AllowanceCharge/AllowanceChargeReasonCode')).toEqual(['02', '46']);
  });

  test('a gift is priced by reference (cat. 16 code 02), charged 0, and counted under 9996', () => {
    const gift = flat[0]!.filter((line) => line.startsWith('/Invoice/InvoiceLine/')).join('\n');
    expect(gift).toContain('/Invoice/InvoiceLine/PricingReference/AlternativeConditionPrice/PriceTypeCode [] = 02');
    expect(gift).toContain('/Invoice/InvoiceLine/TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReasonCode [] = 15');
    expect(values(0, '/Invoice/InvoiceLine/Price/PriceAmount')).toContain('0.00');
    expect(values(0, '/Invoice/TaxTotal/TaxSubtotal/TaxCategory/TaxScheme/ID')).toEqual(['1000', '9997', '9998', '9996', '7152']);
  });

  test('a sale on credit states the amount owed and its instalment', () => {
    expect(values(0, '/Invoice/PaymentTerms/PaymentMeansID')).toEqual(['Credito', 'Cuota001']);
    expect(values(0, '/Invoice/PaymentTerms/Amount')).toEqual(['82.32', '82.32']);
  });

  test.each(NEGATIVES.map((negative, index) => [negative.name, negative.code, negative.rejected, index] as const))('%s: answered with %s', (_name, code, rejected, index) => {
    const result = negatives[index]!;
    expect(result.ok).toBe(!rejected);
    expect((rejected ? result.errors : result.observations).map((issue) => issue.code)).toContain(code);
  });
});

test.each(BUILT.map((built) => [built.name, built.xml] as const))('%s: one empty signature slot, first in the document', (_name, xml) => {
  expect(xml.split(EXTENSION_CONTENT_SLOT)).toHaveLength(2);
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<\w+ [^>]+>\n {2}<ext:UBLExtensions>\n {4}<ext:UBLExtension>\n {6}<ext:ExtensionContent\/>/);
});

test('the builders are pure: the same document gives the same bytes', () => {
  expect(buildFiscalXml(docs.factura)).toBe(buildFiscalXml(structuredClone(docs.factura)));
});

test('a credit note without its reference, or an invoice builder given a 07, is refused', () => {
  expect(() => buildFiscalXml({ ...docs.creditNote, reference: undefined })).toThrow(/07/);
});
