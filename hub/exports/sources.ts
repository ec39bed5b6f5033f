import type { Bill, BillCorrection, ClosedShift, State } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import { businessDayRange, closingHourOf } from '#hub/domain/business-day.ts';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import type { ExportFile } from './day-files.ts';

/** What the exporter reads from the engine (a test hands in a real engine or a small fake). */
export type ExportEngine = Pick<Engine, 'state' | 'closedBillsBetween' | 'recentFiledShifts' | 'shiftDays'> & Partial<Pick<Engine, 'ledgerDays' | 'recentFiledLedger'>>;

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The business day's [from, to) instants under the restaurant's closing hour now. */
export function rangeOf(state: State, day: string): { from: string; to: string } {
  return businessDayRange(day, closingHourOf(state.settings));
}

/** A Lima day and time ("2026-11-23", "21:05:09") as an instant. */
const limaInstant = (day: string, time: string) => Date.parse(`${day}T${time}-05:00`);

/**
 * The shifts closed within the business day: the `shifts/` files are kept by
 * calendar day of the close, so the day's file and the next one's, plus the
 * tail not yet filed (the same reading as GET /api/shifts), each shift once.
 */
export async function shiftsOfBusinessDay(engine: ExportEngine, day: string): Promise<ClosedShift[]> {
  const { from, to } = rangeOf(engine.state, day);
  const byId = new Map<string, ClosedShift>();
  const recent = engine.recentFiledShifts();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (const d of [day, nextDay(day)]) for (const e of await engine.shiftDays.readDay(d)) if (e.seq < firstInMemory) byId.set(e.shift.id, e.shift);
  for (const e of recent) byId.set(e.shift.id, e.shift);
  return [...byId.values()].filter((s) => s.closedAt >= from && s.closedAt < to).sort((a, b) => a.closedAt.localeCompare(b.closedAt));
}

/**
 * The signed XML and the CDR of every document the store filed within the
 * business day (a sale at 01:30 is filed in the next calendar day's folder),
 * summaries included, under SUNAT's own file names.
 */
export async function documentFiles(documents: DocumentReader, state: State, day: string): Promise<ExportFile[]> {
  const { from, to } = rangeOf(state, day);
  const start = Date.parse(from);
  const end = Date.parse(to);
  const metas = await documents.list({ from: day, to: nextDay(day) });
  const files: ExportFile[] = [];
  for (const meta of metas) {
    const at = limaInstant(meta.day, meta.time);
    if (!(at >= start && at < end)) continue;
    for (const part of ['xml', 'cdr'] as const) {
      const file = await documents.read(meta.day, meta.key, part);
      if (file) files.push({ name: file.fileName, bytes: file.bytes });
    }
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** The bills of [from, to) and their corrections as the live state holds them, in the order they were made. */
export async function billsBetween(engine: ExportEngine, from: string, to: string): Promise<{ bills: Bill[]; corrections: BillCorrection[] }> {
  const bills = await engine.closedBillsBetween(from, to);
  const ids = new Set(bills.map((b) => b.id));
  const corrections = Object.values(engine.state.billCorrections)
    .flatMap((c) => c.corrections)
    .filter((c) => ids.has(c.billId))
    .sort((a, b) => a.at.localeCompare(b.at));
  return { bills, corrections };
}
