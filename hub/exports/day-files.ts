import type { Bill, BillCorrections } from '#protocol';
import { writeCsv } from '#hub/goods-io/csv.ts';
import { writeXlsx } from '#hub/goods-io/xlsx-write.ts';
import { writeZip } from '#hub/goods-io/zip.ts';
import { BILL_HEADER, billRow, cellText, LINE_HEADER, lineRows, type Cell, type DocumentOf, type StaffNameOf } from './sales-rows.ts';

/** One file of an export: its name in the day folder and its bytes. */
export type ExportFile = { name: string; bytes: Buffer };

/** What a day's (or month's) sales files are made from. */
export type SalesInput = {
  /** The label in the file names: a day (2026-11-23) or a month (2026-11). */
  label: string;
  bills: readonly Bill[];
  corrections: Readonly<Record<string, BillCorrections>>;
  /** Each fiscal bill's document (sales-rows.ts `documentsOf`), for its tax base and IGV. */
  documentOf: DocumentOf;
  /** Who an operator id is (the "Operador" column shows names, never ids). */
  staffName: StaffNameOf;
  /** Whether the lines files go too (the day's; the month's workbook is one row per bill). */
  lines: boolean;
};

/**
 * A text cell that starts a formula in a spreadsheet (= + - @, and tab or
 * CR, which some programs strip before looking: OWASP "CSV Injection") gets
 * a leading apostrophe. The CSV writer already guards = + - @; this adds the
 * two blanks. Numbers are written as numbers and never touched.
 */
function guardText(text: string): string {
  return /^[\t\r]/.test(text) ? `'${text}` : text;
}

function csvOf(header: readonly string[], rows: readonly Cell[][]): Buffer {
  return writeCsv([header, ...rows.map((row) => row.map((cell) => (cell.t === 's' ? guardText(cell.v) : cellText(cell))))]);
}

/** Paid bills first by time, then withdrawn ones (both by paidAt, the moment they left the floor). */
function byTime(a: Bill, b: Bill): number {
  return a.paidAt.localeCompare(b.paidAt) || a.billNo - b.billNo;
}

/**
 * `ventas-<label>.{xlsx,csv}` (one row per bill) and `lineas-<label>.{xlsx,csv}`
 * (one row per dish line). The XLSX writer makes one sheet per file, so the
 * lines are their own workbook rather than a second sheet.
 */
export function salesFiles(input: SalesInput): ExportFile[] {
  const bills = [...input.bills].sort(byTime);
  const corrections = (bill: Bill) => (Object.hasOwn(input.corrections, bill.id) ? input.corrections[bill.id] : undefined);
  const billRows = bills.map((bill) => billRow(bill, corrections(bill), input.documentOf, input.staffName));
  const files = [
    { name: `ventas-${input.label}.xlsx`, bytes: writeXlsx('Ventas', BILL_HEADER, billRows) },
    { name: `ventas-${input.label}.csv`, bytes: csvOf(BILL_HEADER, billRows) },
  ];
  if (!input.lines) return files;
  const lines = bills.flatMap((bill) => lineRows(bill, corrections(bill)));
  return [...files, { name: `lineas-${input.label}.xlsx`, bytes: writeXlsx('Lineas', LINE_HEADER, lines) }, { name: `lineas-${input.label}.csv`, bytes: csvOf(LINE_HEADER, lines) }];
}

/** `comprobantes-<day>.zip`: the signed XML and SUNAT's CDR of each document, by their SUNAT file names. */
export function documentsZip(day: string, parts: readonly ExportFile[], when: Date): ExportFile {
  return { name: `comprobantes-${day}.zip`, bytes: writeZip(parts.map((p) => ({ name: p.name, data: p.bytes })), when) };
}
