import type { FiscalDocument, PrintBlock, PrintDocument } from '#protocol';
import { text } from './format.ts';

/**
 * The QR code of a printed boleta, factura or credit note ("representación
 * impresa", R.S. 097-2012/SUNAT and its amendments; README.md here has the
 * sources): ten fields separated and ended by `|`:
 *
 *   RUC | type (cat. 01) | series | number | IGV | total | issue date (YYYY-MM-DD) |
 *   buyer's ID type (cat. 06) | buyer's ID number | digest (valor resumen) |
 *
 * Amounts and the number are written as the XML writes them ("11.72", 17), so
 * whoever scans the paper reads what SUNAT holds. The digest is the XMLDSig
 * DigestValue of the signed document; it needs the XML, which the rules do not
 * build, so a document is made with the digest empty and the print runner
 * completes it (`withFiscalDigest`) just before the paper is encoded.
 */
export function fiscalQrData(doc: FiscalDocument, digest: string): string {
  const buyer = buyerAsWritten(doc);
  const fields = [doc.issuer.ruc, doc.type, doc.series, String(doc.number), doc.totals.igv, doc.totals.payable, doc.issueDate, buyer.type, buyer.number, digest];
  // `|` is the separator: a field can never carry one (RUC, codes and amounts cannot; the digest is base64).
  return `${fields.map((f) => f.replaceAll('|', '')).join('|')}|`;
}

/**
 * The buyer's ID as the UBL builder writes it (hub/einvoice/ubl/common.ts):
 * "consumidor final" (`-`) has no cat. 06 code and goes as type 0, number `-`.
 */
function buyerAsWritten(doc: FiscalDocument): { type: string; number: string } {
  const { idType, idNumber } = doc.customer;
  if (idType === '-') return { type: '0', number: idNumber === '' ? '-' : idNumber };
  return { type: idType, number: idNumber };
}

/** The label of the digest line under the QR code. */
export const HASH_LABEL = 'Hash:';

/**
 * The document with its fiscal QR code completed with `digest`, and the
 * digest printed under it. The QR is found by its data (the fields with an
 * empty digest), so a REPRINT mark or anything else added to the document
 * does not matter; a document without that QR is returned as it is.
 */
export function withFiscalDigest(document: PrintDocument, doc: FiscalDocument, digest: string): PrintDocument {
  const unsealed = fiscalQrData(doc, '');
  if (!digest || !document.blocks.some((b) => b.kind === 'qr' && b.data === unsealed)) return document;
  const blocks = document.blocks.flatMap((b): PrintBlock[] =>
    b.kind === 'qr' && b.data === unsealed ? [{ ...b, data: fiscalQrData(doc, digest) }, text(`${HASH_LABEL} ${digest}`, { align: 'center' })] : [b],
  );
  return { ...document, blocks };
}
