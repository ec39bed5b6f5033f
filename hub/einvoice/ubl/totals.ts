/**
 * The document's money outside the lines: payment terms, global discounts
 * and charges (`cac:AllowanceCharge`, cat. 53) and `cac:LegalMonetaryTotal`.
 */
import type { FiscalDocument } from '#protocol';
import { amount, catalogueCode, nonZero } from './common.ts';
import { toCents } from './taxes.ts';
import { el, leaf, type XmlElement } from './xml-writer.ts';

/**
 * `cac:PaymentTerms` (forma de pago, RS 000193-2020/SUNAT): "Contado", or
 * "Credito" with the amount owed plus one instalment (Cuota001) with its date.
 */
export function paymentTerms(doc: FiscalDocument): XmlElement[] {
  const terms = doc.paymentTerms;
  if (!terms) return [];
  if (terms.kind === 'Contado') {
    return [el('cac:PaymentTerms', {}, leaf('cbc:ID', 'FormaPago'), leaf('cbc:PaymentMeansID', 'Contado'))];
  }
  return [
    el('cac:PaymentTerms', {}, leaf('cbc:ID', 'FormaPago'), leaf('cbc:PaymentMeansID', 'Credito'), amount('cbc:Amount', terms.amount)),
    el('cac:PaymentTerms', {}, leaf('cbc:ID', 'FormaPago'), leaf('cbc:PaymentMeansID', 'Cuota001'), amount('cbc:Amount', terms.amount), leaf('cbc:PaymentDueDate', terms.dueDate)),
  ];
}

function allowanceCharge(charge: boolean, code: string, factor: string, value: string, base: string): XmlElement {
  return el('cac:AllowanceCharge', {},
    leaf('cbc:ChargeIndicator', String(charge)),
    catalogueCode('cbc:AllowanceChargeReasonCode', code, '53', 'Cargo/descuento'),
    leaf('cbc:MultiplierFactorNumeric', factor),
    amount('cbc:Amount', value),
    amount('cbc:BaseAmount', base));
}

/** Ratio of two amounts to 5 decimals (a factor, not money). */
function factorOf(value: string, base: string): string {
  const baseCents = toCents(base);
  return baseCents === 0 ? '1.00000' : (toCents(value) / baseCents).toFixed(5);
}

/**
 * Global discounts and charges:
 * - code 02, the discount that lowers the IGV base (`totals.globalDiscount`);
 * - code 03, a discount outside the base (`totals.allowances`), written with
 *   factor 1 on its own amount as in SUNAT's homologation cases;
 * - code 46, "recargo al consumo y/o propinas" (`totals.charges`), on the
 *   amount with taxes.
 */
export function globalAllowanceCharges(doc: FiscalDocument): XmlElement[] {
  const { totals } = doc;
  const out: XmlElement[] = [];
  const discount = totals.globalDiscount;
  if (discount && nonZero(discount.amount)) out.push(allowanceCharge(false, '02', discount.factor, discount.amount, discount.base));
  if (nonZero(totals.allowances)) out.push(allowanceCharge(false, '03', '1.00', totals.allowances, totals.allowances));
  if (nonZero(totals.charges)) out.push(allowanceCharge(true, '46', factorOf(totals.charges, totals.taxInclusive), totals.charges, totals.taxInclusive));
  return out;
}

/** `cac:LegalMonetaryTotal`: value of the lines, with taxes, discounts and charges outside the base, and what is payable. */
export function legalMonetaryTotal(doc: FiscalDocument): XmlElement {
  const { totals } = doc;
  return el('cac:LegalMonetaryTotal', {},
    amount('cbc:LineExtensionAmount', totals.lineExtension),
    amount('cbc:TaxInclusiveAmount', totals.taxInclusive),
    nonZero(totals.allowances) && amount('cbc:AllowanceTotalAmount', totals.allowances),
    nonZero(totals.charges) && amount('cbc:ChargeTotalAmount', totals.charges),
    amount('cbc:PayableAmount', totals.payable));
}
