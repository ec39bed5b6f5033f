import type { ClosedShift } from '#protocol';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { buildPle141, ple141Bytes } from './ple/ple141.ts';
import { documentsZip, salesFiles, type ExportFile } from './day-files.ts';
import { memberFiles } from './member-files.ts';
import type { MemberFigures } from '#hub/reports/member-figures.ts';
import { memberDayFigures } from '#hub/domain/reports/members-day.ts';
import { businessDayOf, closingHourOf } from '#hub/domain/business-day.ts';
import { documentsOf, staffNamesOf } from './sales-rows.ts';
import { writeDayFolder, type Manifest } from './folder.ts';
import { storedDocuments } from './stored-documents.ts';
import { billsBetween, documentFiles, nextDay, rangeOf, shiftsOfBusinessDay, type ExportEngine } from './sources.ts';

/** A closed shift's Z report as text (hub/server.ts renders the printed Z report, z-text.ts); null: the shift is gone. */
export type ZRenderer = (shift: ClosedShift) => Promise<string | null>;

export type ExporterDeps = {
  engine: ExportEngine;
  documents: DocumentReader;
  /** `<data>/exports`. */
  root: string;
  clock: () => Date;
  zReport?: ZRenderer;
  /**
   * The members' ledger reader (hub/reports/member-figures.ts, the order report's own): the
   * day's balance moves from its ledger day file and the outstanding carried to its close.
   * Absent (an engine without a ledger, a test's fake): no members files.
   */
  members?: MemberFigures;
};

/** Whether `day` is the last business day of its month (the month's register and workbook go with it). */
export const isMonthEnd = (day: string) => nextDay(day).slice(0, 7) !== day.slice(0, 7);

/**
 * A Z report's file, named as the accountant files it: by business day and
 * the shift's number within it, in the order the shifts closed
 * (`Z-2026-11-27-turno-1.txt`, `-turno-2` for the evening's). The printed
 * report as text; without a renderer (a test's hub) or when it finds no
 * report, `.json`: the figures as the close recorded them.
 */
export function zFileName(day: string, shiftNo: number, ext: 'txt' | 'json'): string {
  return `Z-${day}-turno-${shiftNo}.${ext}`;
}

async function zFile(day: string, shiftNo: number, shift: ClosedShift, render: ZRenderer | undefined): Promise<ExportFile> {
  const text = render ? await render(shift) : null;
  return text !== null ? { name: zFileName(day, shiftNo, 'txt'), bytes: Buffer.from(text, 'utf8') } : { name: zFileName(day, shiftNo, 'json'), bytes: Buffer.from(JSON.stringify(shift, null, 2), 'utf8') };
}

/**
 * The month's files, on its last business day: `ventas-YYYY-MM.{xlsx,csv}`
 * (every business day of the month) and SUNAT's PLE 14.1 register (Lima
 * issue dates; e-invoicing set up only: without a RUC there is no register).
 */
async function monthFiles(deps: ExporterDeps, day: string): Promise<ExportFile[]> {
  const state = deps.engine.state;
  const month = day.slice(0, 7);
  const first = `${month}-01`;
  const business = { from: rangeOf(state, first).from, to: rangeOf(state, day).to };
  // The register goes by Lima calendar date, the workbook by business day: read the union of both ranges once.
  const calendar = { from: new Date(Date.parse(`${first}T00:00:00-05:00`)).toISOString(), to: new Date(Date.parse(`${nextDay(day)}T00:00:00-05:00`)).toISOString() };
  const from = calendar.from < business.from ? calendar.from : business.from;
  const to = calendar.to > business.to ? calendar.to : business.to;
  const { bills, corrections } = await billsBetween(deps.engine, from, to);
  // The month's documents as SUNAT received them: the workbook's and the register's figures (issue 19 item 6).
  const documentOf = documentsOf(state.fiscal, await storedDocuments(deps.documents, bills, corrections));
  const inBusiness = bills.filter((b) => b.paidAt >= business.from && b.paidAt < business.to);
  const files = salesFiles({ label: month, bills: inBusiness, corrections: state.billCorrections, documentOf, staffName: staffNamesOf(state.staff), lines: false });
  if (state.fiscal) {
    // The documents read once for the rows are the register's too (the builder computes only the ones not on file).
    for (const bill of bills) documentOf(bill);
    const ple = buildPle141({ ruc: state.fiscal.ruc, year: Number(month.slice(0, 4)), month: Number(month.slice(5)), bills, corrections, documents: documentOf.all, settings: state.fiscal });
    // ISO-8859-1, as the PLE reads it (ple/README.md "Encoding").
    files.push({ name: ple.fileName, bytes: ple141Bytes(ple.content) });
  }
  return files;
}

/**
 * Writes the business day's folder (README.md "Files"): sales and lines as
 * XLSX and CSV, the Z reports of the shifts closed in the day, the day's
 * e-invoice XML and CDR files zipped, the month's files on its last day, and
 * `manifest.json`. Replaces an earlier export of the day whole.
 */
export async function exportDay(deps: ExporterDeps, day: string): Promise<Manifest> {
  const state = deps.engine.state;
  const { from, to } = rangeOf(state, day);
  const { bills, corrections } = await billsBetween(deps.engine, from, to);
  const documentOf = documentsOf(state.fiscal, await storedDocuments(deps.documents, bills, corrections));
  const files: ExportFile[] = salesFiles({ label: day, bills, corrections: state.billCorrections, documentOf, staffName: staffNamesOf(state.staff), lines: true });
  // Oldest close first (shiftsOfBusinessDay's order), so the numbers stay the same on every export of the day.
  const shifts = await shiftsOfBusinessDay(deps.engine, day);
  for (const [i, shift] of shifts.entries()) files.push(await zFile(day, i + 1, shift, deps.zReport));
  files.push(documentsZip(day, await documentFiles(deps.documents, state, day), deps.clock()));
  if (deps.members) {
    const closingHour = closingHourOf(state.settings);
    // The coupons the day's stored bills redeemed; the ledger's part from its day file, as the order report reads it.
    const redeemed = memberDayFigures(0, [], bills);
    const today = businessDayOf(deps.clock().toISOString(), closingHour);
    files.push(...memberFiles(day, await deps.members.day(day, today, closingHour, redeemed), staffNamesOf(state.staff)));
  }
  if (isMonthEnd(day)) files.push(...(await monthFiles(deps, day)));
  return writeDayFolder(deps.root, day, files, deps.clock().toISOString());
}
