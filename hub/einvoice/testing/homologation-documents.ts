/**
 * The fixtures' homologation samples (SUNAT's Manual de Homologación cases as
 * project-openubl renders them) rebuilt as the contract's documents, so the
 * builders' XML can be compared with them element by element. Amounts are
 * computed from céntimos like the tax rules do: IGV 18 % on each line value.
 */
import type { FiscalDocument, FiscalIssuer, FiscalLine, FiscalParty, SummaryDocument, VoidedDocument } from '#protocol';
import { fromCents } from '../ubl/taxes.ts';

/** The samples' issuer (Softgreen S.A.C., main establishment), with a fiscal address the samples leave out. */
export const SAMPLE_ISSUER: FiscalIssuer = {
  ruc: '12345678912',
  legalName: 'Softgreen S.A.C.',
  tradeName: 'Softgreen',
  address: { ubigeo: '150101', street: 'Av. Arequipa 123', district: 'Lima', province: 'Lima', department: 'Lima', establishmentCode: '0000' },
};

/** The samples' buyer: a company (RUC). */
export const SAMPLE_BUYER: FiscalParty = { idType: '6', idNumber: '12121212121', name: 'Carlos Feria' };

/** A gravado line of `qty` units at `unitValueCents` without tax, IGV 18 % on the line value. */
export function gravadoLine(index: number, qty: number, unitValueCents: number, description = `Item${index}`): FiscalLine {
  const value = qty * unitValueCents;
  const igv = Math.round(value * 0.18);
  return {
    index,
    code: `P${String(index).padStart(3, '0')}`,
    description,
    qty: String(qty),
    unitCode: 'NIU',
    unitValue: fromCents(unitValueCents),
    unitPrice: fromCents(Math.round(unitValueCents * 1.18)),
    lineExtension: fromCents(value),
    affectation: '10',
    igvPercent: '18.00',
    igv: fromCents(igv),
  };
}

/** Totals of gravado lines, with an optional discount outside the base (cat. 53 code 03, as in groups 4 and 11). */
export function gravadoTotals(lines: FiscalLine[], allowanceCents = 0): FiscalDocument['totals'] {
  const cents = (value: string) => Math.round(Number(value) * 100);
  const base = lines.reduce((sum, line) => sum + cents(line.lineExtension), 0);
  const igv = lines.reduce((sum, line) => sum + cents(line.igv), 0);
  return {
    taxable: fromCents(base),
    exempt: '0.00',
    unaffected: '0.00',
    free: '0.00',
    igv: fromCents(igv),
    icbper: '0.00',
    lineExtension: fromCents(base),
    taxInclusive: fromCents(base + igv),
    charges: '0.00',
    allowances: fromCents(allowanceCents),
    payable: fromCents(base + igv - allowanceCents),
  };
}

/** Lines 1..n where line i has i units at i × 100.00 (the homologation pattern). */
function stairLines(count: number): FiscalLine[] {
  return Array.from({ length: count }, (_, i) => gravadoLine(i + 1, i + 1, (i + 1) * 10_000));
}

function document(type: '01' | '03' | '07', series: string, lines: FiscalLine[], allowanceCents = 0): FiscalDocument {
  return {
    type,
    series,
    number: 1,
    issueDate: '2019-12-24',
    issueTime: '12:00:00',
    currency: 'PEN',
    issuer: SAMPLE_ISSUER,
    customer: SAMPLE_BUYER,
    lines,
    totals: gravadoTotals(lines, allowanceCents),
    legends: [{ code: '1000', text: 'SON MONTO EN LETRAS' }],
    ...(type === '07' ? {} : { paymentTerms: { kind: 'Contado' as const } }),
  };
}

/** Each sample's file (under fixtures/sunat/samples), its kind, and the document that reproduces it. */
export const HOMOLOGATION_CASES: { sample: string; kind: '01' | '03' | '07'; doc: FiscalDocument }[] = [
  { sample: 'factura/12345678912-01-FF11-1.xml', kind: '01', doc: document('01', 'FF11', stairLines(3)) },
  { sample: 'factura/12345678912-01-FF14-1.xml', kind: '01', doc: document('01', 'FF14', stairLines(2), 10_000) },
  { sample: 'boleta/12345678912-03-BB11-1.xml', kind: '03', doc: document('03', 'BB11', stairLines(4)) },
  { sample: 'boleta/12345678912-03-BB14-1.xml', kind: '03', doc: document('03', 'BB14', stairLines(10), 10_000) },
  {
    sample: 'nota-credito/12345678912-07-FF11-1.xml',
    kind: '07',
    doc: { ...document('07', 'FF11', stairLines(2)), reference: { type: '01', series: 'FF11', number: 2, reasonCode: '01', reason: 'Homologacion' } },
  },
  {
    sample: 'nota-credito/12345678912-07-BB11-1.xml',
    kind: '07',
    doc: { ...document('07', 'BB11', stairLines(7)), reference: { type: '03', series: 'BB11', number: 2, reasonCode: '03', reason: 'Homologacion' } },
  },
];

const DNI_BUYER: FiscalParty = { idType: '1', idNumber: '12345678', name: '' };

/** The RC sample: a boleta with a plastic bag, and a credit note on another boleta. */
export const SAMPLE_SUMMARY: SummaryDocument = {
  id: 'RC-20191224-1',
  referenceDate: '2019-12-22',
  issueDate: '2019-12-24',
  issuer: SAMPLE_ISSUER,
  lines: [
    {
      index: 1, type: '03', series: 'B001', number: 1, customer: DNI_BUYER, status: '1',
      totals: { taxable: '100.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '18.00', icbper: '2.00', payable: '120.00' },
    },
    {
      index: 2, type: '07', series: 'BC02', number: 2, customer: DNI_BUYER, status: '1',
      totals: { taxable: '100.00', exempt: '0.00', unaffected: '0.00', free: '0.00', igv: '18.00', icbper: '0.00', payable: '118.00' },
      reference: { type: '03', series: 'B002', number: 2 },
    },
  ],
};

/** The RA sample: two facturas voided. */
export const SAMPLE_VOIDED: VoidedDocument = {
  id: 'RA-20220131-1',
  referenceDate: '2022-01-29',
  issueDate: '2022-01-31',
  issuer: SAMPLE_ISSUER,
  lines: [
    { index: 1, type: '01', series: 'F001', number: 1, reason: 'Mi sustento1' },
    { index: 2, type: '01', series: 'F001', number: 2, reason: 'Mi sustento2' },
  ],
};

/** "12345678912-01-F001-7.xml": the name SUNAT's rules read RUC, type, series and number from. */
export function fileNameOf(doc: FiscalDocument): string {
  return `${doc.issuer.ruc}-${doc.type}-${doc.series}-${doc.number}.xml`;
}

/** "12345678912-RC-20261123-1.xml" for a summary or voiding. */
export function batchFileNameOf(doc: SummaryDocument | VoidedDocument): string {
  return `${doc.issuer.ruc}-${doc.id}.xml`;
}
