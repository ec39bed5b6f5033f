/**
 * UBL 2.1 `CreditNote` (07): why (cat. 09 in `cac:DiscrepancyResponse`) and
 * which factura or boleta it corrects (`cac:BillingReference`).
 */
import type { FiscalDocument } from '#protocol';
import { catalogueCode, customerParty, documentId, legendNotes, rootAttrs, signatureReference, signatureSlot, supplierParty } from './common.ts';
import { documentLine } from './lines.ts';
import { documentTaxTotal } from './taxes.ts';
import { globalAllowanceCharges, legalMonetaryTotal } from './totals.ts';
import { el, leaf, writeXml } from './xml-writer.ts';

const CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

/** The XML of a credit note; the signature slot is left empty for the signer. */
export function buildCreditNoteXml(doc: FiscalDocument): string {
  const reference = doc.reference;
  if (doc.type !== '07' || !reference) throw new Error('buildCreditNoteXml needs a 07 with the document it corrects');
  const referenceId = documentId(reference.series, reference.number);
  const root = el('CreditNote', rootAttrs(CREDIT_NOTE_NS),
    signatureSlot(),
    leaf('cbc:UBLVersionID', '2.1'),
    leaf('cbc:CustomizationID', '2.0', { schemeAgencyName: 'PE:SUNAT' }),
    leaf('cbc:ID', documentId(doc.series, doc.number)),
    leaf('cbc:IssueDate', doc.issueDate),
    leaf('cbc:IssueTime', doc.issueTime),
    legendNotes(doc.legends),
    leaf('cbc:DocumentCurrencyCode', doc.currency, { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: 'United Nations Economic Commission for Europe' }),
    el('cac:DiscrepancyResponse', {},
      leaf('cbc:ReferenceID', referenceId),
      catalogueCode('cbc:ResponseCode', reference.reasonCode, '09', 'Tipo de nota de credito'),
      leaf('cbc:Description', reference.reason)),
    el('cac:BillingReference', {},
      el('cac:InvoiceDocumentReference', {},
        leaf('cbc:ID', referenceId),
        catalogueCode('cbc:DocumentTypeCode', reference.type, '01', 'Tipo de Documento'))),
    signatureReference(doc.issuer),
    supplierParty(doc.issuer),
    customerParty(doc.customer),
    globalAllowanceCharges(doc),
    documentTaxTotal(doc),
    legalMonetaryTotal(doc),
    doc.lines.map((line) => documentLine(line, 'creditNote')));
  return writeXml(root);
}
