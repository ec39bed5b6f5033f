import type { Bill, FiscalDocument, FiscalLine, FiscalParty, FiscalSettings } from '#protocol';
import { isValidBuyerId, MIN_BUYER_NAME } from '#protocol';
import { baseOf, centsOf, dec2, decDiv, factor5, percentText } from './decimal.ts';
import { limaDateTime } from './lima-time.ts';
import { billPieces, type Piece } from './pieces.ts';
import { bagTaxOn, igvRateOn } from './rates.ts';
import { amountInWords } from './words.ts';

/** Why a bill cannot become a fiscal document. */
export type TaxRefusal = 'NOT_NUMBERED' | 'FISCAL_RATE_MISSING' | 'BAG_PRICE_BELOW_ICBPER';

/** A sale with no buyer named (boleta under S/ 700): SUNAT's "clientes varios". */
export const ANONYMOUS_BUYER: FiscalParty = { idType: '-', idNumber: '-', name: 'CLIENTES VARIOS' };

/** Days a factura paid "on account" is due after its issue (the bill records no date; the owner may change it later on a credit note). */
export const CREDIT_DAYS = 30;

/**
 * The tax rules: a settled, numbered bill and the fiscal settings give the
 * factura or boleta SUNAT receives. Pure and exact to the céntimo.
 *
 * Menu prices include every tax. Per line, the value without IGV is
 * `base = round_half_up(price incl. IGV / (1 + rate), 2)` and `IGV = price − base`,
 * so base + IGV is each line's price exactly and the document's total is what
 * the guest paid. SUNAT's rules (ValidaExprRegFactura-2.0.1.xsl, 3103 and
 * 3271) accept a line's IGV and value within ±1 sol of base × rate; ours is
 * within half a céntimo.
 *
 * - A gift: a free gravado line (`free`; the UBL builder writes cat. 07 code 15, "Gravado – Bonificaciones") with its value shown, nothing charged.
 * - A line discount: the line's allowance (cat. 53 code 00), without IGV.
 * - The order discount: a global discount that lowers the base (cat. 53 code 02); any part of it
 *   beyond the taxed goods (bags only) goes outside the base (`allowances`, cat. 53 code 03).
 * - Lunch boxes: a line; the minimum-spend fee: a service line (unit ZZ).
 * - The tip: a charge outside the base (cat. 53 code 46, "recargo al consumo y/o propinas"), no IGV.
 * - The deposit: a payment made earlier for this same consumption; the document covers the whole bill.
 * - Bags: ICBPER per bag at the day's rate, taken out of the bag's price before the IGV.
 */
export function fiscalDocumentOf(bill: Bill, settings: FiscalSettings, options: FiscalOptions = {}): { ok: true; document: FiscalDocument } | { ok: false; code: TaxRefusal } {
  if (!bill.fiscal) return { ok: false, code: 'NOT_NUMBERED' };
  const { date, time } = limaDateTime(bill.paidAt);
  // A credit note takes the rates its original was issued at (credit-note.ts), not today's regime.
  const rate = options.rates?.igvBasisPoints ?? igvRateOn(settings, date);
  if (rate === undefined) return { ok: false, code: 'FISCAL_RATE_MISSING' };
  const perBag = options.rates?.icbperPerBagCents ?? bagTaxOn(settings, date);
  const read = billPieces(bill, settings.bagProductIds);
  const folded = options.foldDiscounts ? foldOrderDiscount(read, bill.orderDiscountCents, perBag) : null;
  const pieces = folded ? folded.pieces : read;
  const lines: FiscalLine[] = [];
  for (const piece of pieces) {
    const line = fiscalLine(piece, lines.length + 1, rate, perBag);
    if (!line) return { ok: false, code: 'BAG_PRICE_BELOW_ICBPER' };
    lines.push(line.line);
  }
  const paid = lines.filter((l) => !l.free);
  const sum = (pick: (l: FiscalLine) => string, of: FiscalLine[]) => of.reduce((n, l) => n + centsOf(pick(l)), 0);
  const lineBase = sum((l) => l.lineExtension, paid);
  const lineIgv = sum((l) => l.igv, paid);
  const icbper = paid.reduce((n, l) => n + (l.icbper ? centsOf(l.icbper.amount) : 0), 0);
  // The order discount includes IGV like every price: its base lowers the taxable amount, the rest the IGV.
  // ICBPER is per bag by law and is never discounted: a discount beyond the taxed goods (a bill of bags
  // alone) goes outside the base (cat. 53 code 03) so the document still adds up to what was paid.
  // Folded (a credit note): the order discount is already in the lines, what did not fit goes outside the base.
  const discount = folded ? 0 : Math.min(bill.orderDiscountCents, lineBase + lineIgv);
  const outsideBase = folded ? folded.left : bill.orderDiscountCents - discount;
  const discountBase = Math.min(Math.max(baseOf(discount, rate), discount - lineIgv), lineBase);
  const taxable = lineBase - discountBase;
  const igv = lineIgv - (discount - discountBase);
  const taxInclusive = taxable + igv + icbper;
  const payable = taxInclusive + bill.tipCents - outsideBase;
  const document: FiscalDocument = {
    type: bill.fiscal.type,
    series: bill.fiscal.series,
    number: bill.fiscal.number,
    issueDate: date,
    issueTime: time,
    currency: 'PEN',
    issuer: { ruc: settings.ruc, legalName: settings.legalName, tradeName: settings.tradeName, address: { ...settings.address } },
    customer: customerOf(bill),
    lines,
    totals: {
      taxable: dec2(taxable),
      exempt: '0.00',
      unaffected: '0.00',
      free: dec2(sum((l) => l.lineExtension, lines.filter((l) => l.free))),
      igv: dec2(igv),
      icbper: dec2(icbper),
      ...(discount > 0 ? { globalDiscount: { factor: factor5(discountBase, lineBase), base: dec2(lineBase), amount: dec2(discountBase) } } : {}),
      lineExtension: dec2(taxable),
      taxInclusive: dec2(taxInclusive),
      charges: dec2(bill.tipCents),
      allowances: dec2(outsideBase),
      payable: dec2(payable),
    },
    legends: [{ code: '1000', text: amountInWords(payable) }],
    ...(bill.fiscal.type === '01' ? { paymentTerms: paymentTermsOf(bill, date) } : {}),
  };
  return { ok: true, document };
}

/**
 * `foldDiscounts`: write every discount inside the lines (each line's value is
 * what was charged for it, no line allowance, no global discount). SUNAT's
 * rules for a credit note (ValidaExprRegNC-2.0.1.xsl, Excel v7) check a line's
 * value against unit value × quantity with no allowance (3271) and the IGV
 * base against the sum of line values with no global discount (3277 on a note
 * on a factura, observation 4299 on a boleta); the invoices' rules subtract
 * both. So the credit notes are computed folded (credit-note.ts).
 */
export type FiscalOptions = {
  foldDiscounts?: boolean;
  /** The rates to use instead of the settings' for the bill's day: a credit note's original's (either may be absent: the settings' then). */
  rates?: { igvBasisPoints?: number; icbperPerBagCents?: number };
};

/**
 * Spreads the order discount over the paid pieces in proportion to what each
 * carries taxed (its price less its ICBPER, which is never discounted),
 * rounded by largest remainder so the shares add up to the discount exactly;
 * each piece then costs its net with no discount of its own. `left`: the part
 * beyond every taxed amount (a bill of bags alone), which stays outside the base.
 */
function foldOrderDiscount(pieces: readonly Piece[], discountCents: number, perBag: number): { pieces: Piece[]; left: number } {
  const weights = pieces.map((p) => (p.free ? 0 : Math.max(0, p.netCents - p.bags * perBag)));
  const total = weights.reduce((n, w) => n + w, 0);
  const spread = Math.min(discountCents, total);
  const shares = weights.map((w) => (total === 0 ? 0 : Math.floor((spread * w) / total)));
  let rest = spread - shares.reduce((n, x) => n + x, 0);
  const byRemainder = weights.map((w, i) => ({ i, r: total === 0 ? 0 : (spread * w) % total })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (rest === 0) break;
    if (shares[i]! < weights[i]!) {
      shares[i]!++;
      rest--;
    }
  }
  const out = pieces.map((p, i) => (p.free ? p : { ...p, netCents: p.netCents - shares[i]!, grossCents: p.netCents - shares[i]! }));
  return { pieces: out, left: discountCents - spread };
}

/** One piece as a document line; null for a bag priced below its ICBPER. */
function fiscalLine(piece: Piece, index: number, rate: number, perBag: number): { line: FiscalLine } | null {
  const bagTax = piece.bags * perBag;
  const gross = piece.grossCents - bagTax;
  const net = piece.free ? gross : piece.netCents - bagTax;
  if (net < 0) return null;
  const baseGross = baseOf(gross, rate);
  const baseNet = baseOf(net, rate);
  const line: FiscalLine = {
    index,
    code: piece.code,
    description: piece.description,
    qty: String(piece.qty),
    unitCode: piece.unitCode,
    unitValue: decDiv(baseGross, piece.qty),
    // What one unit was charged, taxes in, after the line's own discount: SUNAT checks it against
    // (line value + line taxes) ÷ quantity (rule 3270, ValidaExprRegFactura-2.0.1.xsl).
    unitPrice: decDiv(piece.free ? piece.grossCents : piece.netCents, piece.qty, 2),
    lineExtension: dec2(baseNet),
    // The regime of the line; the UBL builder writes a free one as 15 (hub/einvoice/ubl/taxes.ts).
    affectation: '10',
    igvPercent: percentText(rate),
    // A free line shows the IGV its value would carry (SUNAT's "gratuito" tax, not charged).
    igv: dec2(net - baseNet),
    ...(baseGross > baseNet ? { discount: { base: dec2(baseGross), amount: dec2(baseGross - baseNet) } } : {}),
    ...(piece.bags > 0 ? { icbper: { bags: piece.bags, perBag: dec2(perBag), amount: dec2(bagTax) } } : {}),
    ...(piece.free ? { free: true } : {}),
  };
  return { line };
}

/**
 * The buyer as the document names them: RUC (6) on a factura; on a boleta the ID it shows
 * (DNI 1 by default, carné 4, pasaporte 7, cédula A); otherwise "clientes varios". A name
 * SUNAT would refuse (under 3 characters: bills settled before the till asked for one) is
 * left empty, which the XML writes as CLIENTES VARIOS.
 */
function customerOf(bill: Bill): FiscalParty {
  const d = bill.document;
  const name = d.name.trim().length >= MIN_BUYER_NAME ? d.name.trim() : '';
  if (d.kind === 'factura') return { idType: '6', idNumber: d.docId, name };
  const idType = d.idType ?? '1';
  if (isValidBuyerId(idType, d.docId)) return { idType, idNumber: d.docId, name };
  return ANONYMOUS_BUYER;
}

/** Contado when the till was paid in full; Credito for the part left on account, due CREDIT_DAYS after the issue. */
function paymentTermsOf(bill: Bill, issueDate: string): NonNullable<FiscalDocument['paymentTerms']> {
  const owed = bill.payments.filter((p) => p.method === 'onAccount').reduce((n, p) => n + p.amountCents, 0);
  if (owed === 0) return { kind: 'Contado' };
  const due = new Date(Date.parse(`${issueDate}T00:00:00Z`) + CREDIT_DAYS * 86_400_000).toISOString().slice(0, 10);
  return { kind: 'Credito', amount: dec2(owed), dueDate: due };
}
