import type { FiscalDocType, FiscalDocument, IdentityType } from '#protocol';
import { centsOf } from '../../einvoice/decimal.ts';
import { formatSoles } from '../../money.ts';
import { fiscalQrData } from './fiscal-qr.ts';

/**
 * What a printed boleta, factura or credit note carries besides the bill
 * itself (the "representación impresa"): the legal title with series and
 * number, the issuer as registered at SUNAT, the issue date and the buyer,
 * the legal amounts, the amount in words, the payment terms of a factura,
 * the line saying what the paper represents and where to check it, and
 * the QR code (its digest completed at print time, fiscal-qr.ts).
 *
 * These texts are in Spanish whatever the printer's language: they are the
 * legal content of the document, the same words SUNAT's rules and the XML
 * use, and the buyer's accountant books a factura from them; a translated
 * "OP. GRAVADA" would be a paper that no longer matches its document. The
 * receipt adds the printer's language beside the title (receipt.ts), and
 * everything that is not legal content (table, cashier, payments, thanks)
 * follows the printer's language as before.
 */
export type ReceiptFiscal = {
  /** "BOLETA DE VENTA ELECTRÓNICA B001-17". */
  title: string;
  issuer: { legalName: string; ruc: string; address: string };
  /** Issue date and time, the buyer's document and name. */
  head: string[];
  /** The legal amounts, printed after the bill's own lines and totals. */
  totals: { label: string; value: string; bold?: boolean }[];
  /** Under the amounts: the amount in words and a factura's payment terms. */
  notes: string[];
  /** Above the QR code: what the paper represents and where to check it. */
  footer: string[];
  /** The QR payload with the digest empty (the print runner completes it). */
  qrData: string;
};

export const FISCAL_TITLES: Record<FiscalDocType, string> = {
  '01': 'FACTURA ELECTRÓNICA',
  '03': 'BOLETA DE VENTA ELECTRÓNICA',
  '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
};

/** Cat. 06 as printed before the buyer's number; "consumidor final" prints no number. */
const ID_LABELS: Record<IdentityType, string> = { '0': 'DOC.', '1': 'DNI', '4': 'C.E.', '6': 'RUC', '7': 'PASAPORTE', A: 'CED. DIPLOMÁTICA', '-': '' };

/** Where a buyer checks a document (SUNAT's "consulta de validez del comprobante de pago electrónico"). */
export const CHECK_AT = 'Consulte su validez en www.sunat.gob.pe';


/** "YYYY-MM-DD" → "DD/MM/YYYY", as Peruvian receipts write dates. */
function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}

/** "18.00" → "18", "10.50" → "10.5". */
function percentShort(percent: string): string {
  return percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;
}

/** The IGV rate the document applied (its taxed lines all carry the day's rate). */
function igvRate(doc: FiscalDocument): string | null {
  const taxed = doc.lines.find((l) => l.affectation === '10');
  return taxed ? percentShort(taxed.igvPercent) : null;
}

/** The buyer as printed: "RUC 20100070970" and the name; "CLIENTES VARIOS" without a document. */
function buyerLines(doc: FiscalDocument): string[] {
  const { idType, idNumber, name } = doc.customer;
  const label = ID_LABELS[idType];
  const lines = label && idNumber && idNumber !== '-' ? [`${label}: ${idNumber}`] : [];
  const shown = name.trim() && name.trim() !== '-' ? name.trim() : 'CLIENTES VARIOS';
  return [...lines, `${doc.customer.idType === '6' ? 'RAZÓN SOCIAL' : 'CLIENTE'}: ${shown}`];
}

function totalRows(doc: FiscalDocument): ReceiptFiscal['totals'] {
  const t = doc.totals;
  const rows: ReceiptFiscal['totals'] = [];
  const add = (label: string, amount: string, always = false) => (always || centsOf(amount) !== 0) && rows.push({ label, value: formatSoles(centsOf(amount)) });
  add('OP. GRAVADA', t.taxable, true);
  add('OP. EXONERADA', t.exempt);
  add('OP. INAFECTA', t.unaffected);
  add('OP. GRATUITA', t.free);
  // Discounts print as negative amounts, as the bill's own discounts do.
  if (t.globalDiscount) add('DESCUENTO GLOBAL', `-${t.globalDiscount.amount}`);
  const rate = igvRate(doc);
  add(rate ? `IGV ${rate}%` : 'IGV', t.igv, true);
  add('ICBPER', t.icbper);
  add('OTROS CARGOS', t.charges);
  add('OTROS DESCUENTOS', `-${t.allowances}`);
  rows.push({ label: 'IMPORTE TOTAL', value: formatSoles(centsOf(t.payable)), bold: true });
  return rows;
}

function paymentNotes(doc: FiscalDocument): string[] {
  const terms = doc.paymentTerms;
  if (!terms) return [];
  if (terms.kind === 'Contado') return ['FORMA DE PAGO: CONTADO'];
  return ['FORMA DE PAGO: CRÉDITO', `CUOTA 1: ${formatSoles(centsOf(terms.amount))} VENCE ${dayText(terms.dueDate)}`];
}

/** The credit note's reference: what it corrects and why (cat. 09). */
function referenceLines(doc: FiscalDocument): string[] {
  const ref = doc.reference;
  if (!ref) return [];
  return [`DOC. QUE MODIFICA: ${FISCAL_TITLES[ref.type]} ${ref.series}-${ref.number}`, `MOTIVO: ${ref.reasonCode} ${ref.reason}`.trimEnd()];
}

/** The fiscal part of a printout, from the document the tax rules computed (`fiscalDocumentOf`, `creditNoteOf`). */
export function receiptFiscalOf(doc: FiscalDocument): ReceiptFiscal {
  const { issuer } = doc;
  const a = issuer.address;
  const address = [a.street, a.district, a.province, a.department].map((p) => p.trim()).filter(Boolean).join(', ');
  const words = doc.legends.find((l) => l.code === '1000')?.text;
  return {
    title: `${FISCAL_TITLES[doc.type]} ${doc.series}-${doc.number}`,
    issuer: { legalName: issuer.legalName, ruc: issuer.ruc, address },
    head: [`FECHA DE EMISIÓN: ${dayText(doc.issueDate)} ${doc.issueTime}`, ...referenceLines(doc), ...buyerLines(doc)],
    totals: totalRows(doc),
    notes: [...(words ? [words.startsWith('SON') ? words : `SON: ${words}`] : []), ...paymentNotes(doc)],
    footer: [`Representación impresa de la ${FISCAL_TITLES[doc.type]}`, CHECK_AT],
    qrData: fiscalQrData(doc, ''),
  };
}
