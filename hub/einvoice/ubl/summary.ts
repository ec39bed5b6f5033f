/**
 * `SummaryDocuments` (resumen diario, RC): UBL 2.0, SUNAT customization 1.1.
 * One line per boleta or credit note on a boleta, with its status (1 added,
 * 2 changed, 3 voided), its amounts by kind of operation, its other charges
 * (the tip) and its taxes.
 */
import type { SummaryDocument, SummaryLine } from '#protocol';
import { amount, buyerIdentity, documentId, nonZero, rootAttrs, signatureReference, signatureSlot, supplierParty20 } from './common.ts';
import { TAX_SCHEMES } from './taxes.ts';
import { el, leaf, writeXml, type XmlElement } from './xml-writer.ts';

const SUMMARY_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1';

/** `sac:BillingPayment` per kind of operation present (cat. 11: 01 gravado, 02 exonerado, 03 inafecto, 05 gratuito). */
function billingPayments(totals: SummaryLine['totals']): XmlElement[] {
  const kinds: [string, string][] = [['01', totals.taxable], ['02', totals.exempt], ['03', totals.unaffected], ['05', totals.free]];
  const present = kinds.filter(([, value]) => nonZero(value));
  // A line with nothing in any kind (a voided zero boleta) still says its gravado amount is 0.
  return (present.length > 0 ? present : [kinds[0]!]).map(([code, value]) =>
    el('sac:BillingPayment', {}, amount('cbc:PaidAmount', value), leaf('cbc:InstructionID', code)));
}

function taxTotal(scheme: (typeof TAX_SCHEMES)[keyof typeof TAX_SCHEMES], value: string): XmlElement {
  return el('cac:TaxTotal', {},
    amount('cbc:TaxAmount', value),
    el('cac:TaxSubtotal', {},
      amount('cbc:TaxAmount', value),
      el('cac:TaxCategory', {},
        el('cac:TaxScheme', {}, leaf('cbc:ID', scheme.id), leaf('cbc:Name', scheme.name), leaf('cbc:TaxTypeCode', scheme.typeCode)))));
}

function summaryLine(line: SummaryLine): XmlElement {
  const buyer = buyerIdentity(line.customer);
  return el('sac:SummaryDocumentsLine', {},
    leaf('cbc:LineID', String(line.index)),
    leaf('cbc:DocumentTypeCode', line.type),
    leaf('cbc:ID', documentId(line.series, line.number)),
    el('cac:AccountingCustomerParty', {}, leaf('cbc:CustomerAssignedAccountID', buyer.number), leaf('cbc:AdditionalAccountID', buyer.type)),
    line.reference && el('cac:BillingReference', {},
      el('cac:InvoiceDocumentReference', {},
        leaf('cbc:ID', documentId(line.reference.series, line.reference.number)),
        leaf('cbc:DocumentTypeCode', line.reference.type))),
    el('cac:Status', {}, leaf('cbc:ConditionCode', line.status)),
    amount('sac:TotalAmount', line.totals.payable),
    billingPayments(line.totals),
    // "Otros cargos" of the line (the tip): SUNAT adds it when checking the total (4027).
    nonZero(line.totals.charges) && el('cac:AllowanceCharge', {}, leaf('cbc:ChargeIndicator', 'true'), amount('cbc:Amount', line.totals.charges)),
    taxTotal(TAX_SCHEMES.igv, line.totals.igv),
    nonZero(line.totals.icbper) && taxTotal(TAX_SCHEMES.icbper, line.totals.icbper));
}

/** The XML of a daily summary; the signature slot is left empty for the signer. */
export function buildSummaryXml(doc: SummaryDocument): string {
  const root = el('SummaryDocuments', rootAttrs(SUMMARY_NS),
    signatureSlot(),
    leaf('cbc:UBLVersionID', '2.0'),
    leaf('cbc:CustomizationID', '1.1'),
    leaf('cbc:ID', doc.id),
    leaf('cbc:ReferenceDate', doc.referenceDate),
    leaf('cbc:IssueDate', doc.issueDate),
    signatureReference(doc.issuer),
    supplierParty20(doc.issuer),
    doc.lines.map(summaryLine));
  return writeXml(root);
}
