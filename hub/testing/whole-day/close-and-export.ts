import type { Job, ShiftDayPage, ShiftReport, ShiftReportResponse } from '#protocol';
import { COUNTED_METHODS } from '#protocol';
import { until } from '#hub/jobs/printing/test-orders.ts';
import type { ExportsReply } from '#hub/http/routes/exports/schema.ts';
import { command, getJson, postCommand, type TestHub } from '../test-hub.ts';

/**
 * The end of the whole day, through the routes the shift and exports pages
 * use: the shift closed with its cash counted, its report read back from the
 * closed shifts, and the day exported (`export.run`) with every file of its
 * folder fetched through GET /api/exports/:day/:file.
 */
export type DayEnd = {
  closed: ShiftReport;
  /** Every file of the day's export folder, by name, as bytes. */
  files: Map<string, Buffer>;
};

async function ok(t: TestHub, type: 'shift.close' | 'export.run', payload: object): Promise<void> {
  const r = (await postCommand(t.url, command(type, payload as never))).body;
  if (!r.ok) throw new Error(`${type} refused: ${r.code} ${r.message ?? ''}`);
}

async function read<T>(t: TestHub, path: string): Promise<T> {
  const r = await getJson<T>(t.url, path);
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
  return r.body;
}

const exportJobs = (t: TestHub, day: string) =>
  [...t.hub.engine.jobs.values()].filter((j): j is Extract<Job, { kind: 'export.day' }> => j.kind === 'export.day' && j.payload.day === day);

export async function closeAndExport(t: TestHub, day: string, open: ShiftReport): Promise<DayEnd> {
  // Each counted method as the drawer and the terminals hold it (cash: the expected figure; the others: what the shift took).
  const counted: Record<string, number> = { cash: open.expectedCashCents };
  for (const row of open.byMethod) if ((COUNTED_METHODS as readonly string[]).includes(row.method) && row.method !== 'cash') counted[row.method] = row.cents;
  await ok(t, 'shift.close', { counted, note: '' });
  const page = await read<ShiftDayPage>(t, `/api/shifts?day=${day}`);
  if (!page.shifts.some((s) => s.id === open.shiftId)) throw new Error(`shift ${open.shiftId} not among the day's closed shifts`);
  const closed = (await read<ShiftReportResponse>(t, `/api/shifts/${open.shiftId}/report?day=${day}`)).report;

  const done = exportJobs(t, day).filter((j) => j.status === 'done').length;
  await ok(t, 'export.run', { day, what: 'all' });
  await until('the day exported', () => exportJobs(t, day).filter((j) => j.status === 'done').length > done, 30_000);
  const listing = await read<ExportsReply>(t, '/api/exports');
  const folder = listing.days.find((d) => d.day === day);
  if (!folder) throw new Error(`day ${day} not in the exports list`);
  const files = new Map<string, Buffer>();
  for (const f of folder.files) {
    const res = await fetch(new URL(`/api/exports/${day}/${encodeURIComponent(f.name)}`, t.url), { headers: { cookie: t.cookie } });
    if (res.status !== 200) throw new Error(`GET the export file ${f.name} answered ${res.status}`);
    files.set(f.name, Buffer.from(await res.arrayBuffer()));
  }
  return { closed, files };
}
