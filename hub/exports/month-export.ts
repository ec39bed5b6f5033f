import type { Bill, FiscalSettings, State } from '#protocol';
import { exportDay } from './exporter.ts';
import type { Manifest } from './folder.ts';
import type { ExportEngine } from './sources.ts';

/**
 * The month-end export timed (issue 12: a month of 18,000 bills in < 2 s):
 * the last business day's folder with the month's workbook and PLE register,
 * over an engine's archive (the bench's year of data, hub/bench/reports.ts)
 * or bills in memory (month-export.test.ts). No e-invoice files: the store
 * is empty here, its zip is measured by the day export's own size.
 */
export async function timeMonthExport(engine: ExportEngine, root: string, day: string): Promise<{ ms: number; manifest: Manifest }> {
  const documents = { list: () => Promise.resolve([]), meta: () => Promise.resolve(null), read: () => Promise.resolve(null) };
  const t0 = performance.now();
  const manifest = await exportDay({ engine, documents, root, clock: () => new Date(`${day}T23:00:00-05:00`) }, day);
  return { ms: performance.now() - t0, manifest };
}

/** An engine of bills in memory (the state's settings and fiscal settings as given), for timing without an archive. */
export function memoryEngine(bills: readonly Bill[], state: State, fiscal: FiscalSettings | null): ExportEngine {
  const sorted = [...bills].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  return {
    state: { ...state, fiscal },
    closedBillsBetween: (from: string, to: string) => Promise.resolve(sorted.filter((b) => b.paidAt >= from && b.paidAt < to)),
    recentFiledShifts: () => [],
    shiftDays: { readDay: () => Promise.resolve([]) } as unknown as ExportEngine['shiftDays'],
  };
}
