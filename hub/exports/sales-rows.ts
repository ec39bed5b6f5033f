import type { Bill, BillCorrections, FiscalDocument, FiscalSettings } from '#protocol';
import { fiscalKey } from '#protocol';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { fiscalDocumentOf } from '#hub/domain/einvoice/tax.ts';
import { documentBills, fiscalNumbersOf, hasPartDocuments } from '#hub/domain/payment/split-parts.ts';
import { lineTotalCents } from '#hub/domain/money.ts';
import { channelOf, riderOf, serviceOf, takeoutCodeOf } from '#hub/domain/reports/channel.ts';
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
  'Consumo', 'Descuentos', 'Propina', 'Total', 'Base imponible', 'IGV', 'Medios de pago', 'Vuelto', 'Operador', 'Estado',
  // Issue 21, added last so the columns an accountant's sheet already reads keep their place.
  'Canal', 'Entrega', 'Pedido', 'Repartidor',
] as const;

/**
 * Importe is what the line was charged: (Cantidad − Cortesía − Devuelto − Anulado) × Precio unitario
 * − Descuento, the bill's own arithmetic (hub/domain/money.ts lineTotalCents), so the Importe of a
 * bill's lines adds up to its subtotal; a withdrawn order's lines charged nothing (issue 19 item 3).
 */
export const LINE_HEADER = ['Fecha', 'N.° cuenta', 'Serie-número', 'Código', 'Plato', 'Tamaño', 'Cantidad', 'Precio unitario', 'Importe', 'Cortesía', 'Devuelto', 'Anulado', 'Descuento', 'Estado'] as const;

/** SUNAT cat. 01 name of the document, or the sale note; each part's, joined, for a split whose parts have their own. */
function documentType(bill: Bill): string {
  if (hasPartDocuments(bill)) return bill.shares!.map((sh) => DOC_NAMES[sh.fiscal?.type ?? 'note']).join(' + ');
  return DOC_NAMES[bill.fiscal?.type ?? 'note'];
}

const DOC_NAMES = { '01': 'Factura', '03': 'Boleta', note: 'Nota de venta' } as const;

/** The series-numbers of a bill's documents: its own, or its parts' ("F001-1, F001-2"). */
function documentNumbers(bill: Bill): string {
  return fiscalNumbersOf(bill).map((f) => fiscalKey(f).slice(3)).join(', ');
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
  // Cash a rider collected at the door says so: it reached the drawer at the rider's hand-in (hub/domain/riders).
  return bill.payments.map((p) => `${paymentMethodName(p.method, 'es')}${p.heldBy ? ' (repartidor)' : ''} ${(p.amountCents / 100).toFixed(2)}`).join(' + ');
}

/** The channel and service of a bill as the stored bill says (hub/domain/reports/channel.ts), in Spanish. */
const CHANNEL_NAMES = { dineIn: 'Salón', counter: 'Mostrador', phone: 'Teléfono', web: 'Web' } as const;
const SERVICE_NAMES = { dineIn: 'En mesa', takeAway: 'Para llevar', delivery: 'Delivery' } as const;

/** The takeout's order code and rider the bill keeps, '' for a table's bill. */
function takeoutCells(bill: Bill, staffName: StaffNameOf): [Cell, Cell] {
  const riderId = riderOf(bill);
  return [s(takeoutCodeOf(bill)), s(riderId ? staffName(riderId) : '')];
}

/** A staff id as the files show it: the person's name; the id kept in brackets only for someone no longer on the staff list. */
export type StaffNameOf = (staffId: string) => string;

/** Names from the live staff list (people are disabled, never removed, so a past operator is still there). */
export function staffNamesOf(staff: Readonly<Record<string, { name: string }>>): StaffNameOf {
  return (id) => (Object.hasOwn(staff, id) ? staff[id]!.name : `(${id})`);
}

/**
 * A bill's fiscal document, or null (a sale note, no fiscal settings). `bagProductIds`: the
 * settings' bags, so a split's parts are read as their documents were made (split-parts.ts).
 */
export type DocumentOf = ((bill: Bill) => FiscalDocument | null) & { bagProductIds?: readonly string[] };

/**
 * Each bill's fiscal document as SUNAT received it: the one the document store
 * filed (`stored`, by fiscal key: stored-documents.ts), so the rows and the PLE
 * register carry the document's own figures whatever the settings are today
 * (issue 19 item 6). Only a document not on file (its filing failed) is
 * computed by the same tax rules, with the settings of now. Kept per number:
 * the month's rows and its register both read it; `all` holds the stored
 * credit notes too.
 */
export function documentsOf(fiscal: FiscalSettings | null, stored: ReadonlyMap<string, FiscalDocument> = new Map()): DocumentOf & { all: Map<string, FiscalDocument> } {
  const all = new Map<string, FiscalDocument>(stored);
  const seen = new Map<string, FiscalDocument | null>();
  const of = (bill: Bill): FiscalDocument | null => {
    if (!bill.fiscal) return null;
    // Keyed by the document's number: a split's parts share their bill's id.
    const key = fiscalKey(bill.fiscal);
    const filed = stored.get(key);
    if (filed) return filed;
    if (!fiscal) return null;
    const cached = seen.get(key);
    if (cached !== undefined) return cached;
    const made = fiscalDocumentOf(bill, fiscal);
    const doc = made.ok ? made.document : null;
    seen.set(key, doc);
    if (doc) all.set(fiscalKey(doc), doc);
    return doc;
  };
  return Object.assign(of, { all, bagProductIds: fiscal?.bagProductIds ?? [] });
}

/** Tax base and IGV of the bill's fiscal documents (a split's parts added up); blank without one. */
function taxCells(docs: readonly (FiscalDocument | null)[]): [Cell, Cell] {
  const made = docs.filter((d): d is FiscalDocument => d !== null);
  if (made.length === 0) return [s(''), s('')];
  const sum = (pick: (d: FiscalDocument) => string) => made.reduce((n, d) => n + Math.round(Number(pick(d)) * 100), 0);
  return [money(sum((d) => d.totals.taxable)), money(sum((d) => d.totals.igv))];
}

/** Who the documents name: the bill's buyer, or each part's (joined with " / "). */
function buyers(bill: Bill): [string, string] {
  if (!hasPartDocuments(bill)) return [bill.document.docId, bill.document.name];
  const named = bill.shares!.map((sh) => sh.document!).filter((d) => d.docId || d.name);
  return [named.map((d) => d.docId).join(' / '), named.map((d) => d.name).join(' / ')];
}

export function billRow(bill: Bill, corrections: BillCorrections | undefined, documentOf: DocumentOf, staffName: StaffNameOf): Cell[] {
  const { date, time } = limaDateTime(bill.paidAt);
  const discounts = bill.giftCents + bill.lineDiscountCents + bill.orderDiscountCents;
  return [
    s(date), s(time), n(bill.billNo), s(documentType(bill)), s(documentNumbers(bill)),
    ...buyers(bill).map(s), s(bill.tableName), n(bill.people),
    money(bill.goodsCents), money(discounts), money(bill.tipCents), money(bill.totalCents), ...taxCells(documentBills(bill, documentOf.bagProductIds ?? []).map(documentOf)),
    // What guests handed over by method, then the change given back from the drawer: cash kept = cash handed over − Vuelto (issue 19 item 4).
    s(methods(bill)), money(bill.changeCents), s(bill.operator ? staffName(bill.operator) : ''), s(recordState(bill, corrections)),
    s(CHANNEL_NAMES[channelOf(bill)]), s(SERVICE_NAMES[serviceOf(bill)]), ...takeoutCells(bill, staffName),
  ];
}

export function lineRows(bill: Bill, corrections: BillCorrections | undefined): Cell[][] {
  const date = limaDateTime(bill.paidAt).date;
  const number = documentNumbers(bill);
  const state = recordState(bill, corrections);
  return bill.lines.map((line) => [
    s(date), n(bill.billNo), s(number), s(line.code), s(line.names.es ?? Object.values(line.names)[0] ?? ''), s(line.specNames?.es ?? ''),
    n(line.qty), money(line.unitPriceCents), money(bill.deleted === 2 ? 0 : lineTotalCents(line)), n(line.giftedQty), n(line.returnedQty), n(line.cancelledQty), money(line.discountCents), s(state),
  ]);
}

/** A cell as CSV text: amounts with a point and two decimals. */
export function cellText(cell: Cell): string {
  if (cell.t === 'money') return cell.v.toFixed(2);
  return String(cell.v);
}
