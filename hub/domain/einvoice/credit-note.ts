import type { Bill, BillCorrection, BillFiscal, CorrectionKind, FiscalDocument, FiscalSettings, OrderLine } from '#protocol';
import { CREDIT_NOTE_REASON } from '#protocol';
import { billableQty, chargedQty, lineTotalCents } from '../money.ts';
import { limaDateTime } from './lima-time.ts';
import { centsOf, dec2, decDiv } from './decimal.ts';
import type { DocumentFigures } from './document-figures.ts';
import { fiscalDocumentOf, type TaxRefusal } from './tax.ts';

/**
 * What a void or a refund gives back, and the credit note that says so.
 *
 * Amounts are cumulative so that pieces always add up: `refundValue(q)` is
 * what portions `q` (per line, counted from the first refund) are worth after
 * the line's discount and their share of the order discount, each rounded
 * half up once; a refund is worth `refundValue(after) − refundValue(before)`.
 * Refunding a line in three goes therefore gives back exactly what refunding
 * it at once would, never more than the bill's goods less its discount, and
 * a void gives back the rest: `total − earlier refunds` (tip, lunch boxes and
 * the table's minimum-spend fee included), so the sum is the bill's total.
 */

/** Portions by bill line id (a Map: ids from a request never meet an object's members). */
export type Portions = ReadonlyMap<string, number>;

/** The portions every earlier refund of this bill gave back. */
export function refundedPortions(corrections: readonly BillCorrection[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of corrections) if (c.kind === 'refund') for (const l of c.lines) out.set(l.lineId, (out.get(l.lineId) ?? 0) + l.qty);
  return out;
}

/** `value × part / whole` rounded half up (whole > 0). */
function share(value: number, part: number, whole: number): number {
  return Math.floor((2 * value * part + whole) / (2 * whole));
}

/** What `qty` of the line's charged portions are worth after its own discount (all of them: exactly the line's total). */
function lineShare(line: OrderLine, qty: number): number {
  const charged = chargedQty(line);
  return charged === 0 ? 0 : share(lineTotalCents(line), Math.min(qty, charged), charged);
}

/** Portions `q` as goods (after line discounts) and their share of the order discount. */
export function refundValue(bill: Bill, q: Portions): { goods: number; discount: number; value: number } {
  let goods = 0;
  for (const line of bill.lines) goods += lineShare(line, q.get(line.id) ?? 0);
  const discount = bill.subtotalCents > 0 ? share(bill.orderDiscountCents, goods, bill.subtotalCents) : 0;
  return { goods, discount, value: goods - discount };
}

/**
 * The part of the bill a correction gives back, as a bill of its own (same
 * buyer, same original date so the same rates apply): a refund, the portions
 * between `before` and `after`, with their share of the order discount; a
 * void, everything `before` left: the portions not yet refunded, the gifts,
 * lunch boxes, minimum-spend fee, tip and what remains of the order discount.
 */
export function correctedPart(bill: Bill, before: Portions, after: Portions | 'void'): Bill {
  const lines: OrderLine[] = [];
  for (const line of bill.lines) {
    const from = before.get(line.id) ?? 0;
    const charged = after === 'void' ? chargedQty(line) - from : (after.get(line.id) ?? 0) - from;
    const gifted = after === 'void' ? Math.max(0, billableQty(line)) - chargedQty(line) : 0;
    if (charged + gifted <= 0) continue;
    const net = lineShare(line, from + charged) - lineShare(line, from);
    lines.push({ ...line, qty: charged + gifted, returnedQty: 0, cancelledQty: 0, giftedQty: gifted, discountCents: line.unitPriceCents * charged - net });
  }
  const was = refundValue(bill, before);
  const upTo = after === 'void' ? { goods: bill.subtotalCents, discount: bill.orderDiscountCents } : refundValue(bill, after);
  const subtotal = upTo.goods - was.goods;
  const discount = upTo.discount - was.discount;
  const whole = after === 'void';
  const extras = whole ? bill.minSpendFeeCents + bill.lunchBoxCents + bill.tipCents : 0;
  const total = subtotal - discount + extras;
  return {
    ...bill,
    lines,
    goodsCents: subtotal,
    giftCents: 0,
    lineDiscountCents: 0,
    subtotalCents: subtotal,
    orderDiscountCents: discount,
    minSpendFeeCents: whole ? bill.minSpendFeeCents : 0,
    lunchBox: whole ? bill.lunchBox : null,
    lunchBoxCents: whole ? bill.lunchBoxCents : 0,
    tipCents: whole ? bill.tipCents : 0,
    totalCents: total,
    depositCents: 0,
    dueCents: total,
    payments: [],
  };
}

/** The credit note's number and what it corrects. */
export type NoteNumber = { series: string; number: number; of: BillFiscal };

/**
 * The credit note (cat. 01 type 07) of a corrected part: its lines and totals
 * computed by the same tax rules as the original, at the original's rates
 * (the IGV given back is the IGV charged), issued now (Lima), naming the
 * original and the cat. 09 reason ("01" anulación de la operación, "07"
 * devolución por ítem).
 */
export function creditNoteOf(
  part: Bill,
  settings: FiscalSettings,
  note: NoteNumber,
  kind: CorrectionKind,
  reason: string,
  nowIso: string,
  original?: { figures: DocumentFigures; whole: boolean },
): { ok: true; document: FiscalDocument } | { ok: false; code: TaxRefusal } {
  // The original's rates, as SUNAT received it (issue 19 item 5): a regime switched since changes nothing.
  const rates = original ? ratesOf(original.figures) : undefined;
  const made = fiscalDocumentOf({ ...part, fiscal: note.of }, settings, { foldDiscounts: true, ...(rates ? { rates } : {}) });
  if (!made.ok) return made;
  const { paymentTerms: _terms, ...rest } = original?.whole ? matchOriginal(made.document, original.figures) : made.document;
  const { date, time } = limaDateTime(nowIso);
  return {
    ok: true,
    document: {
      ...rest,
      type: '07',
      series: note.series,
      number: note.number,
      issueDate: date,
      issueTime: time,
      reference: { type: note.of.type, series: note.of.series, number: note.of.number, reasonCode: CREDIT_NOTE_REASON[kind], reason },
    },
  };
}

function ratesOf(f: DocumentFigures): { igvBasisPoints?: number; icbperPerBagCents?: number } {
  return { ...(f.igvBasisPoints !== null ? { igvBasisPoints: f.igvBasisPoints } : {}), ...(f.icbperPerBagCents !== null ? { icbperPerBagCents: f.icbperPerBagCents } : {}) };
}

/**
 * A note undoing a whole document reverses its base and IGV exactly. At the
 * same rate the two differ only when the original carried an order discount
 * as a global discount and the note spreads it over its lines (SUNAT's note
 * rules want it so, tax.ts `foldDiscounts`): each rounding may move a céntimo
 * between base and IGV. Those céntimos are moved back on the largest charged
 * line (its price unchanged; SUNAT allows ±1 sol per line, 3103). A note whose
 * payable is not the original's (earlier refunds) is left as computed.
 */
function matchOriginal(doc: FiscalDocument, original: DocumentFigures): FiscalDocument {
  const taxable = centsOf(doc.totals.taxable);
  const shift = original.taxableCents - taxable;
  if (shift === 0 || centsOf(doc.totals.payable) !== original.payableCents || centsOf(doc.totals.igv) - shift !== original.igvCents) return doc;
  const charged = doc.lines.filter((l) => !l.free);
  const largest = charged.reduce<FiscalDocument['lines'][number] | undefined>((best, l) => (!best || centsOf(l.lineExtension) > centsOf(best.lineExtension) ? l : best), undefined);
  if (!largest || Math.abs(shift) > charged.length || centsOf(largest.igv) - shift < 0) return doc;
  const base = centsOf(largest.lineExtension) + shift;
  const lines = doc.lines.map((l) => (l === largest ? { ...l, lineExtension: dec2(base), unitValue: decDiv(base, Number(l.qty)), igv: dec2(centsOf(l.igv) - shift) } : l));
  return {
    ...doc,
    lines,
    totals: { ...doc.totals, taxable: dec2(original.taxableCents), lineExtension: dec2(centsOf(doc.totals.lineExtension) + shift), igv: dec2(original.igvCents) },
  };
}
