import type { Bill, BillCorrections, FiscalDocument, FiscalSettings } from '#protocol';
import { fiscalKey } from '#protocol';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { fiscalDocumentOf } from '#hub/domain/einvoice/tax.ts';
import { paymentMethodName } from '#hub/domain/printing/documents/receipt.ts';

/**
 * The day's sales as rows for the accountant (hub/exports/README.md "Files"):
 * one row per bill and one per line, headers in Spanish (the accountant's
 * language), money as decimals with a point (Peru writes 1,234.50: es-PE's
 * own format, so Excel set to Peru reads these cells as numbers).
 */

/** A cell: text, or an amount in céntimos (written S/ with two decimals), or a count. */
export type Cell = { t: 's'; v: string } | { t: 'money'; v: number } | { t: 'n'; v: number };

const s = (v: string): Cell => ({ t: 's', v });
const money = (cents: number): Cell => ({ t: 'money', v: cents / 100 });
const n = (v: number): Cell => ({ t: 'n', v });

export const BILL_HEADER = [
  'Fecha', 'Hora', 'N.° cuenta', 'Tipo de documento', 'Serie-número', 'Doc. comprador', 'Comprador', 'Mesa', 'Personas',
  'Consumo', 'Descuentos', 'Propina', 'Total', 'Base imponible', 'IGV', 'Medios de pago', 'Operador', 'Estado',
] as const;

export const LINE_HEADER = ['Fecha', 'N.° cuenta', 'Serie-número', 'Código', 'Plato', 'Tamaño', 'Cantidad', 'Precio unitario', 'Importe', 'Cortesía', 'Devuelto', 'Estado'] as const;

/** SUNAT cat. 01 name of the document, or the sale note. */
function documentType(bill: Bill): string {
  if (bill.fiscal?.type === '01') return 'Factura';
  if (bill.fiscal?.type === '03') return 'Boleta';
  return 'Nota de venta';
}

/** The bill's record state: paid, withdrawn before payment (SPEC delete flag 2), voided or partly refunded after. */
export function recordState(bill: Bill, corrections: BillCorrections | undefined): string {
  if (bill.deleted === 2) return 'Retirado';
  if (corrections?.voided) return 'Anulado';
  if (corrections && corrections.corrections.length > 0) return 'Devolución parcial';
  return 'Normal';
}

/**
 * "Efectivo 50.00 + Yape 20.00": each payment's method, in Spanish as the
 * printed receipt names it (the files are the accountant's, in Spanish like
 * their headers, whatever language the staff's devices use), and amount.
 */
function methods(bill: Bill): string {
  return bill.payments.map((p) => `${paymentMethodName(p.method, 'es')} ${(p.amountCents / 100).toFixed(2)}`).join(' + ');
}

/** A staff id as the files show it: the person's name; the id kept in brackets only for someone no longer on the staff list. */
export type StaffNameOf = (staffId: string) => string;

/** Names from the live staff list (people are disabled, never removed, so a past operator is still there). */
export function staffNamesOf(staff: Readonly<Record<string, { name: string }>>): StaffNameOf {
  return (id) => (Object.hasOwn(staff, id) ? staff[id]!.name : `(${id})`);
}

/** A bill's fiscal document, or null (a sale note, no fiscal settings). */
export type DocumentOf = (bill: Bill) => FiscalDocument | null;

/**
 * The fiscal document the rules compute for each bill (the same the e-invoice
 * carries), computed once per bill and kept: the month's rows and its PLE
 * register both read it.
 */
export function documentsOf(fiscal: FiscalSettings | null): DocumentOf & { all: Map<string, FiscalDocument> } {
  const all = new Map<string, FiscalDocument>();
  const seen = new Map<string, FiscalDocument | null>();
  const of = (bill: Bill): FiscalDocument | null => {
    if (!bill.fiscal || !fiscal) return null;
    const cached = seen.get(bill.id);
    if (cached !== undefined) return cached;
    const made = fiscalDocumentOf(bill, fiscal);
    const doc = made.ok ? made.document : null;
    seen.set(bill.id, doc);
    if (doc) all.set(fiscalKey(doc), doc);
    return doc;
  };
  return Object.assign(of, { all });
}

/** Tax base and IGV of the bill's fiscal document; blank without one. */
function taxCells(doc: FiscalDocument | null): [Cell, Cell] {
  if (!doc) return [s(''), s('')];
  return [money(Math.round(Number(doc.totals.taxable) * 100)), money(Math.round(Number(doc.totals.igv) * 100))];
}

export function billRow(bill: Bill, corrections: BillCorrections | undefined, documentOf: DocumentOf, staffName: StaffNameOf): Cell[] {
  const { date, time } = limaDateTime(bill.paidAt);
  const discounts = bill.giftCents + bill.lineDiscountCents + bill.orderDiscountCents;
  return [
    s(date), s(time), n(bill.billNo), s(documentType(bill)), s(bill.fiscal ? fiscalKey(bill.fiscal).slice(3) : ''),
    s(bill.document.docId), s(bill.document.name), s(bill.tableName), n(bill.people),
    money(bill.goodsCents), money(discounts), money(bill.tipCents), money(bill.totalCents), ...taxCells(documentOf(bill)),
    s(methods(bill)), s(bill.operator ? staffName(bill.operator) : ''), s(recordState(bill, corrections)),
  ];
}

export function lineRows(bill: Bill, corrections: BillCorrections | undefined): Cell[][] {
  const date = limaDateTime(bill.paidAt).date;
  const number = bill.fiscal ? fiscalKey(bill.fiscal).slice(3) : '';
  const state = recordState(bill, corrections);
  return bill.lines.map((line) => [
    s(date), n(bill.billNo), s(number), s(line.code), s(line.names.es ?? Object.values(line.names)[0] ?? ''), s(line.specNames?.es ?? ''),
    n(line.qty), money(line.unitPriceCents), money(line.unitPriceCents * (line.qty - line.giftedQty)), n(line.giftedQty), n(line.returnedQty), s(state),
  ]);
}

/** A cell as CSV text: amounts with a point and two decimals. */
export function cellText(cell: Cell): string {
  if (cell.t === 'money') return cell.v.toFixed(2);
  return String(cell.v);
}
