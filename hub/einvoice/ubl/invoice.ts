/**
 * UBL 2.1 `Invoice` for a factura (01) or a boleta (03), SUNAT
 * customization 2.0, operation type 0101 (venta interna).
 */
import type { FiscalDocument } from '#protocol';
import { customerParty, documentId, legendNotes, rootAttrs, signatureReference, signatureSlot, supplierParty } from './common.ts';
import { documentLine } from './lines.ts';
import { documentTaxTotal } from './taxes.ts';
import { globalAllowanceCharges, legalMonetaryTotal, paymentTerms } from './totals.ts';
import { el, leaf, writeXml } from './xml-writer.ts';

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';

/** The XML of a factura or boleta; the signature slot is left empty for the signer. */
export function buildInvoiceXml(doc: FiscalDocument): string {
  if (doc.type !== '01' && doc.type !== '03') throw new Error(`buildInvoiceXml writes 01 and 03, not ${doc.type}`);
  const root = el('Invoice', rootAttrs(INVOICE_NS),
    signatureSlot(),
    leaf('cbc:UBLVersionID', '2.1'),
    leaf('cbc:CustomizationID', '2.0', { schemeAgencyName: 'PE:SUNAT' }),
    leaf('cbc:ID', documentId(doc.series, doc.number)),
    leaf('cbc:IssueDate', doc.issueDate),
    leaf('cbc:IssueTime', doc.issueTime),
    leaf('cbc:InvoiceTypeCode', doc.type, {
      listID: '0101',
      listAgencyName: 'PE:SUNAT',
      listName: 'Tipo de Documento',
      listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01',
      name: 'Tipo de Operacion',
      listSchemeURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo51',
    }),
    legendNotes(doc.legends),
    leaf('cbc:DocumentCurrencyCode', doc.currency, { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: 'United Nations Economic Commission for Europe' }),
    signatureReference(doc.issuer),
    supplierParty(doc.issuer),
    customerParty(doc.customer),
    paymentTerms(doc),
    globalAllowanceCharges(doc),
    documentTaxTotal(doc),
    legalMonetaryTotal(doc),
    doc.lines.map((line) => documentLine(line, 'invoice')));
  return writeXml(root);
}
