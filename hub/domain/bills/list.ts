import type { Bill, BillCorrections, DocKind, PayMethod } from '#protocol';
import { isSafeId } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import { fiscalNumbersOf, hasPartDocuments } from '../payment/split-parts.ts';

/**
 * The bills page's list (GET /api/bills, README.md here "The list"): which
 * record state a closed bill is in, whether it matches the filters, the
 * compact row the page shows, and the order and cursor of the pages. Pure:
 * the route reads one business day of the archive at a time and asks here.
 */

/** SPEC.md order record filter: normal (delete flag 0), deleted (1: voided after settlement), cancelled (2: withdrawn). */
export const RECORD_STATES = ['normal', 'deleted', 'cancelled'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

export type BillFilters = {
  /** A table's id or its name (any case). */
  table?: string;
  /** A bill number, an order number, a fiscal number (17) or series-number (B001-17). */
  no?: string;
  method?: PayMethod;
  document?: DocKind;
  record: RecordState | 'all';
};

/** One bill as the list shows it. `day` is the archive's calendar day (GET /api/bills/:billId?day= reads it). */
export type BillRow = {
  id: string;
  day: string;
  billNo: number;
  orderNo: number;
  tableName: string;
  paidAt: string;
  totalCents: number;
  /** Each method once, in the order paid. */
  methods: PayMethod[];
  /** The reservation deposit credited to the bill (paid before, by its own method: the list names it beside the methods, as the detail does among the amounts). */
  depositCents: number;
  document: DocKind;
  /** "B001-17" for a numbered boleta or factura; '' for a sale note or a bill never numbered. */
  documentNo: string;
  people: number;
  operator: string | null;
  record: RecordState;
  isAccount: 0 | 1;
  refundedCents: number;
};

/** Where the next page starts: the last row shown (newest first, by pay time then id). */
export type BillCursor = { paidAt: string; id: string };

const NO_CORRECTIONS: BillCorrections = { voided: false, corrections: [] };

/** The record state: withdrawn (nothing charged) before voided, voided before normal. */
export function recordStateOf(bill: Bill, corrections: BillCorrections | undefined): RecordState {
  if (bill.deleted === 2) return 'cancelled';
  return corrections?.voided ? 'deleted' : 'normal';
}

/** A numbered document's "series-number" (each part's, comma-separated, for a split whose parts have their own), or ''. */
export function documentNoOf(bill: Bill): string {
  return fiscalNumbersOf(bill).map((f) => `${f.series}-${f.number}`).join(', ');
}

/** The kinds of a bill's documents: its own, or its parts' when each part of a split has its own. */
function documentKindsOf(bill: Bill): Set<DocKind> {
  return new Set(hasPartDocuments(bill) ? bill.shares!.map((sh) => sh.document!.kind) : [bill.document.kind]);
}

/** The document kind a bill lists under: the weightiest of its documents' (factura, boleta, note). */
function documentKindOf(bill: Bill): DocKind {
  const kinds = documentKindsOf(bill);
  return kinds.has('factura') ? 'factura' : kinds.has('boleta') ? 'boleta' : 'note';
}

/** Whether `no` names this bill: its bill, order or document number, or the document's series-number. */
function numberMatches(bill: Bill, no: string): boolean {
  const wanted = no.trim().toUpperCase();
  if (wanted === '') return true;
  if (/^\d+$/.test(wanted)) {
    const n = Number(wanted);
    return bill.billNo === n || bill.orderNo === n || fiscalNumbersOf(bill).some((f) => f.number === n);
  }
  return fiscalNumbersOf(bill).some((f) => `${f.series}-${f.number}` === wanted);
}

/** Whether a bill passes every filter given. */
export function matchesFilters(bill: Bill, corrections: BillCorrections | undefined, f: BillFilters): boolean {
  if (f.record !== 'all' && recordStateOf(bill, corrections) !== f.record) return false;
  if (f.table !== undefined && f.table.trim() !== '') {
    const table = f.table.trim().toLowerCase();
    if (bill.tableId.toLowerCase() !== table && bill.tableName.trim().toLowerCase() !== table) return false;
  }
  if (f.no !== undefined && !numberMatches(bill, f.no)) return false;
  if (f.method !== undefined && !bill.payments.some((p) => p.method === f.method)) return false;
  // A split whose parts have their own documents is found by any of its parts' kinds.
  if (f.document !== undefined && !documentKindsOf(bill).has(f.document)) return false;
  return true;
}

/** The row of a bill. */
export function billRow(bill: Bill, corrections: BillCorrections | undefined): BillRow {
  const done = corrections ?? NO_CORRECTIONS;
  return {
    id: bill.id,
    // The archive files bills by Lima calendar day: a business day with closing hour 0.
    day: businessDayOf(bill.paidAt, 0),
    billNo: bill.billNo,
    orderNo: bill.orderNo,
    tableName: bill.tableName,
    paidAt: bill.paidAt,
    totalCents: bill.totalCents,
    methods: [...new Set(bill.payments.map((p) => p.method))],
    depositCents: bill.depositCents,
    document: documentKindOf(bill),
    documentNo: documentNoOf(bill),
    people: bill.people,
    operator: bill.operator,
    record: recordStateOf(bill, corrections),
    isAccount: bill.isAccount,
    refundedCents: done.corrections.reduce((n, c) => n + c.amountCents, 0),
  };
}

/** Newest first: later pay time first, then the greater id (a total order, so a cursor never skips or repeats a bill). */
export function newestFirst(a: { paidAt: string; id: string }, b: { paidAt: string; id: string }): number {
  const t = Date.parse(b.paidAt) - Date.parse(a.paidAt);
  if (t !== 0) return t;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Whether a bill comes after the cursor in newest-first order (the cursor's own bill does not). */
export function afterCursor(bill: { paidAt: string; id: string }, cursor: BillCursor | null): boolean {
  return cursor === null || newestFirst(cursor, bill) < 0;
}

/** The cursor text: the last row's pay time and id, `~`-joined (an id never holds `~`). */
export function cursorText(row: BillCursor): string {
  return `${row.paidAt}~${row.id}`;
}

/** Reads a cursor text back; null when it is not one (the route answers 400). */
export function parseCursor(text: string): BillCursor | null {
  const parts = text.split('~');
  if (parts.length !== 2) return null;
  const [paidAt, id] = parts as [string, string];
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(paidAt)) return null;
  // A real instant: 30 February would be read as 2 March.
  const ms = Date.parse(paidAt);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 19) !== paidAt.slice(0, 19)) return null;
  if (!isSafeId(id)) return null;
  return { paidAt, id };
}
