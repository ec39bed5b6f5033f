import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { HOMOLOGATION_CASES, SAMPLE_SUMMARY, SAMPLE_VOIDED } from '../testing/homologation-documents.ts';
import { FIXTURES, flattenXml, sunatCheckUnavailable } from '../testing/sunat-validator.ts';
import { buildFiscalXml, buildSummaryXml, buildVoidedXml } from './index.ts';

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`homologation comparison skipped: ${unavailable}`);

/**
 * Where our XML and the samples may differ, and why. Everything else must be
 * equal element by element, in order: path, data attributes (currency,
 * scheme, unit, list id, legend code) and value (amounts compared as numbers).
 */
const OURS_ONLY: [RegExp, string][] = [
  [/^\/\w+\/IssueTime$/, 'the samples leave out the time of issue; SUNAT\'s guide asks for it and the hub knows it'],
  [/^\/\w+\/Note$/, 'the legend 1000 (amount in words); the samples carry none'],
  [/^\/\w+\/AccountingSupplierParty\/Party\/PartyName\/Name$/, 'the trade name; the samples leave it out'],
  [/^\/\w+\/AccountingSupplierParty\/Party\/PartyLegalEntity\/RegistrationAddress\/(ID|CityName|CountrySubentity|District|AddressLine\/Line|Country\/IdentificationCode)$/, 'the fiscal address (ubigeo, street...); the samples give only the establishment code'],
  [/\/Item\/SellersItemIdentification\/ID$/, 'the restaurant\'s product code; the samples have none'],
  [/\/DigitalSignatureAttachment\/ExternalReference\/URI$/, 'the signature id is the signer\'s choice (openubl writes #PROJECT-OPENUBL-SIGN, we write #SignatureSP)'],
  [/^\/SummaryDocuments\/SummaryDocumentsLine\/BillingPayment\/PaidAmount$/, 'the gravado amount: we write the base without IGV (SUNAT\'s "total valor de venta"); the sample writes the total'],
];
const SAMPLE_ONLY: [RegExp, string][] = [
  [/^\/\w+\/LegalMonetaryTotal\/(AllowanceTotalAmount|PrepaidAmount) \[currencyID=PEN\] = 0$/, 'zero totals: we leave out what is zero'],
  [/\/DigitalSignatureAttachment\/ExternalReference\/URI$/, 'see above'],
  [/^\/SummaryDocuments\/SummaryDocumentsLine\/BillingPayment\/PaidAmount$/, 'see above'],
  [/^\/SummaryDocuments\/SummaryDocumentsLine\/TaxTotal\/TaxSubtotal\/TaxCategory\/Percent$/, 'a summary line carries no rate in the contract; SUNAT\'s rules do not ask for it'],
];

const pathOf = (line: string) => line.split(' [')[0]!;
function normalise(line: string): string {
  const [head, value = ''] = line.split(' = ');
  const numeric = /currencyID=|\/(Percent|MultiplierFactorNumeric) \[/.test(line) && /^-?\d+(\.\d+)?$/.test(value);
  return `${head} = ${numeric ? String(Number(value)) : value}`;
}
const kept = (lines: string[], allowed: [RegExp, string][]) =>
  lines.map(normalise).filter((line) => !allowed.some(([pattern]) => pattern.test(pathOf(line)) || pattern.test(line)));

const CASES = [
  ...HOMOLOGATION_CASES.map((c) => ({ sample: c.sample, xml: buildFiscalXml(c.doc) })),
  { sample: 'resumen-diario/12345678912-RC-20191224-1.xml', xml: buildSummaryXml(SAMPLE_SUMMARY) },
  { sample: 'comunicacion-baja/12345678912-RA-20220131-1.xml', xml: buildVoidedXml(SAMPLE_VOIDED) },
];

describe.skipIf(Boolean(unavailable))('the builders reproduce SUNAT\'s homologation samples', () => {
  let flat: string[][] = [];
  beforeAll(async () => {
    const samples = CASES.map((c) => readFileSync(path.join(FIXTURES, 'samples', c.sample), 'latin1'));
    flat = await flattenXml([...CASES.map((c) => c.xml), ...samples]);
  });

  test.each(CASES.map((c, index) => [c.sample, index] as const))('%s', (_sample, index) => {
    const ours = flat[index]!;
    const sample = flat[index + CASES.length]!;
    expect(ours.length).toBeGreaterThan(20);
    expect(kept(ours, OURS_ONLY)).toEqual(kept(sample, SAMPLE_ONLY));
  });
});
