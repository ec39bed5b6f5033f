/**
 * `cac:TaxTotal` for the document and for each line: IGV (cat. 05 code
 * 1000), exonerado 9997, inafecto 9998, gratuito 9996 and ICBPER 7152.
 */
import type { FiscalDocument, FiscalLine, IgvAffectation } from '#protocol';
import { amount, catalogueCode, nonZero } from './common.ts';
import { el, leaf, type XmlElement } from './xml-writer.ts';

type TaxScheme = { id: string; name: string; typeCode: string; category: string };

/** Cat. 05 as SUNAT lists it (id, short name, UN/ECE 5153 type, UN/ECE 5305 category). */
export const TAX_SCHEMES = {
  igv: { id: '1000', name: 'IGV', typeCode: 'VAT', category: 'S' },
  exonerado: { id: '9997', name: 'EXO', typeCode: 'VAT', category: 'E' },
  inafecto: { id: '9998', name: 'INA', typeCode: 'FRE', category: 'O' },
  gratuito: { id: '9996', name: 'GRA', typeCode: 'FRE', category: 'Z' },
  icbper: { id: '7152', name: 'ICBPER', typeCode: 'OTH', category: 'S' },
} as const satisfies Record<string, TaxScheme>;

const SCHEME_OF: Record<IgvAffectation, TaxScheme> = { '10': TAX_SCHEMES.igv, '20': TAX_SCHEMES.exonerado, '30': TAX_SCHEMES.inafecto };

/**
 * Cat. 07 code written for a line. A gift keeps its tax nature but is a
 * "transferencia gratuita": gravado -> 15 (bonificaciones), exonerado -> 21,
 * inafecto -> 31 (retiro por bonificación).
 */
export function affectationCode(line: FiscalLine): string {
  if (!line.free) return line.affectation;
  return { '10': '15', '20': '21', '30': '31' }[line.affectation];
}

/** Decimal string -> integer céntimos (amounts in the contract have at most 2 decimals). */
export function toCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`not an amount with at most 2 decimals: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** Integer céntimos -> "12.34". */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function schemeElement(scheme: TaxScheme): XmlElement {
  return el('cac:TaxScheme', {},
    leaf('cbc:ID', scheme.id, { schemeID: 'UN/ECE 5153', schemeName: 'Codigo de tributos', schemeAgencyName: 'PE:SUNAT' }),
    leaf('cbc:Name', scheme.name),
    leaf('cbc:TaxTypeCode', scheme.typeCode));
}

function categoryId(scheme: TaxScheme): XmlElement {
  return leaf('cbc:ID', scheme.category, { schemeID: 'UN/ECE 5305', schemeName: 'Tax Category Identifier', schemeAgencyName: 'United Nations Economic Commission for Europe' });
}

function subtotal(scheme: TaxScheme, taxable: string, tax: string): XmlElement {
  return el('cac:TaxSubtotal', {},
    amount('cbc:TaxableAmount', taxable),
    amount('cbc:TaxAmount', tax),
    el('cac:TaxCategory', {}, categoryId(scheme), schemeElement(scheme)));
}

/** The document's `cac:TaxTotal`: the tax charged (IGV + ICBPER) and one subtotal per kind of operation present. */
export function documentTaxTotal(doc: FiscalDocument): XmlElement {
  const { totals, lines } = doc;
  const paid = lines.filter((line) => !line.free);
  const has = (affectation: IgvAffectation, total: string) => nonZero(total) || paid.some((line) => line.affectation === affectation);
  const freeTax = fromCents(lines.filter((line) => line.free).reduce((sum, line) => sum + toCents(line.igv), 0));
  return el('cac:TaxTotal', {},
    amount('cbc:TaxAmount', fromCents(toCents(totals.igv) + toCents(totals.icbper))),
    (has('10', totals.taxable) || lines.length === 0) && subtotal(TAX_SCHEMES.igv, totals.taxable, totals.igv),
    has('20', totals.exempt) && subtotal(TAX_SCHEMES.exonerado, totals.exempt, '0.00'),
    has('30', totals.unaffected) && subtotal(TAX_SCHEMES.inafecto, totals.unaffected, '0.00'),
    nonZero(totals.free) && subtotal(TAX_SCHEMES.gratuito, totals.free, freeTax),
    nonZero(totals.icbper) && el('cac:TaxSubtotal', {},
      amount('cbc:TaxAmount', totals.icbper),
      el('cac:TaxCategory', {}, categoryId(TAX_SCHEMES.icbper), schemeElement(TAX_SCHEMES.icbper))));
}

/** A line's `cac:TaxTotal`: its IGV-kind subtotal (with percent and cat. 07 code) and its bags' ICBPER. */
export function lineTaxTotal(line: FiscalLine): XmlElement {
  const scheme = line.free ? TAX_SCHEMES.gratuito : SCHEME_OF[line.affectation];
  const icbper = line.icbper;
  return el('cac:TaxTotal', {},
    amount('cbc:TaxAmount', fromCents(toCents(line.igv) + toCents(icbper?.amount ?? '0'))),
    el('cac:TaxSubtotal', {},
      amount('cbc:TaxableAmount', line.lineExtension),
      amount('cbc:TaxAmount', line.igv),
      el('cac:TaxCategory', {},
        categoryId(scheme),
        leaf('cbc:Percent', line.igvPercent),
        catalogueCode('cbc:TaxExemptionReasonCode', affectationCode(line), '07', 'Afectacion del IGV'),
        schemeElement(scheme))),
    icbper && el('cac:TaxSubtotal', {},
      amount('cbc:TaxAmount', icbper.amount),
      leaf('cbc:BaseUnitMeasure', String(icbper.bags), { unitCode: 'NIU' }),
      el('cac:TaxCategory', {},
        leaf('cbc:PerUnitAmount', icbper.perBag, { currencyID: 'PEN' }),
        schemeElement(TAX_SCHEMES.icbper))));
}
