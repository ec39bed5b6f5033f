import type { BillCorrection, FiscalDocument, PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { centsOf } from '../../einvoice/decimal.ts';
import { receiptFiscalOf } from './fiscal-receipt.ts';
import { limaDate, limaTime, row, rule, text } from './format.ts';
import { paymentMethodName } from './receipt.ts';

/** What a correction slip shows: the correction as recorded, who the business is, and the credit note when one was issued. */
export type CorrectionSlipInput = {
  businessName: string;
  correction: BillCorrection;
  /** Who recorded it (staff name; '' for the hub). */
  by: string;
  /** The credit note's document (type 07) when the bill was a numbered boleta or factura. */
  note?: FiscalDocument;
};

type Words = { void: string; refund: string; bill: string; reason: string; returned: string; by: string; keep: string; noteHint: string };

const WORDS: Record<TicketLanguage, Words> = {
  es: { void: 'ANULACIÓN', refund: 'DEVOLUCIÓN', bill: 'Cuenta N.º', reason: 'Motivo', returned: 'Devuelto', by: 'Registró', keep: 'Conserve este comprobante', noteHint: '' },
  en: { void: 'VOID', refund: 'REFUND', bill: 'Bill no.', reason: 'Reason', returned: 'Returned', by: 'Recorded by', keep: 'Please keep this slip', noteHint: 'ELECTRONIC CREDIT NOTE' },
  zh: { void: '作废', refund: '退款', bill: '账单号', reason: '原因', returned: '退还', by: '经办人', keep: '请保留此凭证', noteHint: '电子贷记单' },
};

/** The credit note's lines as the guest reads them: portions, description, what they cost with taxes. */
function noteLines(note: FiscalDocument): PrintBlock[] {
  return note.lines.map((l) => {
    const withTaxes = centsOf(l.lineExtension) + centsOf(l.igv) + (l.icbper ? centsOf(l.icbper.amount) : 0);
    return row(`${l.qty} × ${l.description}`, l.free ? formatSoles(0) : formatSoles(withTaxes));
  });
}

/**
 * The paper of a void or refund of a closed bill, on the receipt printers.
 * With a credit note (a numbered boleta or factura): SUNAT's printed
 * representation of the note: issuer, "NOTA DE CRÉDITO ELECTRÓNICA FC01-3",
 * the document it modifies and the reason (cat. 09), buyer, the portions
 * given back, the legal amounts and words, and the QR code (its digest added
 * by the print runner). Legal texts in Spanish, as on the receipt
 * (fiscal-receipt.ts says why). Without one (a sale note, or a bill from
 * before e-invoicing was set up): a plain slip in the printer's language with
 * the bill number, void or refund, reason and amount.
 * Both say how the money went back and who recorded it.
 */
export function correctionSlipDocument(input: CorrectionSlipInput, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const { correction: c, note } = input;
  const fiscal = note ? receiptFiscalOf(note) : null;
  const blocks: PrintBlock[] = [text(input.businessName, { align: 'center', size: 'tall', bold: true })];
  if (fiscal) {
    if (fiscal.issuer.legalName && fiscal.issuer.legalName !== input.businessName) blocks.push(text(fiscal.issuer.legalName, { align: 'center' }));
    blocks.push(text(`RUC ${fiscal.issuer.ruc}`, { align: 'center', bold: true }));
    if (fiscal.issuer.address) blocks.push(text(fiscal.issuer.address, { align: 'center' }));
    blocks.push(rule('='), text(fiscal.title, { align: 'center', bold: true }));
    if (w.noteHint) blocks.push(text(w.noteHint, { align: 'center' }));
    blocks.push(rule('='));
    for (const line of fiscal.head) blocks.push(text(line));
  } else {
    blocks.push(rule('='), text(c.kind === 'void' ? w.void : w.refund, { align: 'center', size: 'tall', bold: true }), rule('='));
  }
  blocks.push(text(`${w.bill} ${c.billNo}   ${limaDate(c.at)} ${limaTime(c.at)}`));
  if (!fiscal) blocks.push(text(`${w.reason}: ${c.reason}`));
  blocks.push(rule());
  if (note && fiscal) {
    blocks.push(...noteLines(note), rule());
    for (const t of fiscal.totals) blocks.push(row(t.label, t.value, t.bold ?? false));
    for (const note of fiscal.notes) blocks.push(text(note));
    blocks.push(rule());
  }
  blocks.push(row(`${w.returned} (${paymentMethodName(c.method, language)})`, formatSoles(c.amountCents), true));
  blocks.push(text(`${w.by}: ${input.by || '-'}`));
  blocks.push(rule());
  if (fiscal) {
    for (const line of fiscal.footer) blocks.push(text(line, { align: 'center' }));
    blocks.push({ kind: 'qr', data: fiscal.qrData, align: 'center' }, rule());
  }
  blocks.push(text(w.keep, { align: 'center' }));
  return { blocks, cut: true };
}
