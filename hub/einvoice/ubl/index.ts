/**
 * The UBL builders: a SUNAT document as data in, its unsigned XML out
 * (file names and zips are hub/einvoice/sunat's, the signature sign/'s).
 */
import type { FiscalDocument } from '#protocol';
import { buildCreditNoteXml } from './credit-note.ts';
import { buildInvoiceXml } from './invoice.ts';

export { buildCreditNoteXml } from './credit-note.ts';
export { buildInvoiceXml } from './invoice.ts';
export { buildSummaryXml } from './summary.ts';
export { buildVoidedXml } from './voided.ts';
export { EXTENSION_CONTENT_SLOT, SIGNATURE_ID } from './common.ts';

/** A factura, boleta or credit note as XML, whichever its type is. */
export function buildFiscalXml(doc: FiscalDocument): string {
  return doc.type === '07' ? buildCreditNoteXml(doc) : buildInvoiceXml(doc);
}
