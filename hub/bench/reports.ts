import { promises as fs } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addDays } from '#domain';
import { Engine } from '#hub/engine/engine.ts';
import { ReportService } from '#hub/reports/report-service.ts';
import { fmtInt, fmtMs, isMain, passText, printResult, removeDir, row, scratchDir, type BenchResult, type Row } from './common.ts';
import { SqlReports } from './reports-sqlite.ts';
import { isMonthEnd } from '#hub/exports/exporter.ts';
import { timeMonthExport } from '#hub/exports/month-export.ts';
import { copyForRun, ensureYearData, type YearDataOptions } from './year-data.ts';

/**
 * The order report at scale (issue 12 "Scale and figures"): a year of a busy
 * restaurant (year-data.ts: 600 bills a day, 8 lines each) behind the hub's
 * ReportService (hub/reports), cold (nothing cached: every day read from the
 * archive) and warm (finished days' figures kept), for today, a month and a
 * year; the event-loop delay while a cold year is computed; and the same
 * figures from node:sqlite over the same bills, loaded once (its load time
 * reported apart). "Today" is the newest full day of the data set, as if the
 * clock stood at 22:00 that day.
 */

const GOAL_TODAY_MS = 200;
const GOAL_MONTH_MS = 1000;
const GOAL_YEAR_MS = 5000;
const GOAL_LOOP_P99_MS = 20;
/** A month's export (18,000 bills) for the accountant. */
const GOAL_MONTH_EXPORT_MS = 2000;

export type ReportsBenchOptions = { year?: Partial<YearDataOptions> };

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

export async function run(opts: ReportsBenchOptions = {}, log: (m: string) => void = () => undefined): Promise<BenchResult> {
  const data = await ensureYearData(opts.year, log);
  const runDir = await scratchDir('reports');
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  try {
    await copyForRun(data, runDir);
    const engine = await Engine.open({ dir: runDir, snapshotEvery: 1e9, log: () => undefined });
    try {
      const files = (await engine.archive.days()).filter((d) => !data.liveArchiveFiles.includes(`${d}.jsonl`));
      const today = files.at(-1)!;
      // 22:00 in Lima on that day: its business day is still open, so it is computed fresh every time.
      const clock = () => new Date(`${today}T22:00:00-05:00`);
      const month = addDays(today, -29);
      const year = addDays(today, -364);
      const service = () => new ReportService({ engine, dataDir: runDir, clock, log });
      const cache = path.join(runDir, 'reports');

      log('cold: nothing cached');
      await removeDir(cache);
      const coldA = service();
      const todayCold = await timed(() => coldA.figuresBetween(today, today));
      const monthCold = await timed(() => coldA.figuresBetween(month, today));
      await coldA.stop();
      await removeDir(cache);
      const cold = service();
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const yearCold = await timed(() => cold.figuresBetween(year, today));
      loop.disable();
      const loopP99 = loop.percentile(99) / 1e6;
      const loopMax = loop.max / 1e6;
      await cold.flush();

      log('warm: the same service (days in memory), then a new one (days from their files, as after a restart)');
      const todayWarm = await timed(() => cold.figuresBetween(today, today));
      const monthWarm = await timed(() => cold.figuresBetween(month, today));
      const yearWarm = await timed(() => cold.figuresBetween(year, today));
      await cold.stop();
      const restarted = service();
      const yearFiles = await timed(() => restarted.figuresBetween(year, today));
      await restarted.stop();

      // The nightly export of a month's last day: its folder with the month's workbook and PLE register (hub/exports).
      const monthEnd = files.findLast((d) => isMonthEnd(d)) ?? today;
      const monthExport = await timeMonthExport(engine, path.join(runDir, 'exports'), monthEnd);

      log('node:sqlite: loading the same bills...');
      const sql = new SqlReports();
      try {
        const closingHour = yearCold.value.closingHour;
        const load = await timed(() => sql.load(engine, closingHour));
        const sqlToday = await timed(() => sql.figures(today, today));
        const sqlMonth = await timed(() => sql.figures(month, today));
        const sqlYear = await timed(() => sql.figures(year, today));
        const ours = yearCold.value.figures;
        const same = sqlYear.value.bills === ours.bills && sqlYear.value.salesCents === ours.salesCents && sqlYear.value.people === ours.people && sqlYear.value.dishQty === ours.byDish.reduce((s, d) => s + d.qty, 0);

        const line = (figure: string, ms: number, goal: number, sqlMs: number): Row => {
          const pass = ms < goal;
          return row(figure, `${fmtMs(ms)} ms`, `< ${fmtInt(goal)} ms`, `sqlite ${fmtMs(sqlMs)} ms`, `${(ms / sqlMs).toFixed(1)}x  ${passText(pass, `< ${goal >= 1000 ? `${goal / 1000} s` : `${goal} ms`}`)}`, pass);
        };
        const loopPass = loopP99 < GOAL_LOOP_P99_MS;
        const rows: Row[] = [
          line('report today, cold', todayCold.ms, GOAL_TODAY_MS, sqlToday.ms),
          line('report today, warm', todayWarm.ms, GOAL_TODAY_MS, sqlToday.ms),
          line('report 30 days, cold', monthCold.ms, GOAL_MONTH_MS, sqlMonth.ms),
          line('report 30 days, warm', monthWarm.ms, GOAL_MONTH_MS, sqlMonth.ms),
          line('report 365 days, cold', yearCold.ms, GOAL_YEAR_MS, sqlYear.ms),
          line('report 365 days, warm', yearWarm.ms, GOAL_YEAR_MS, sqlYear.ms),
          line('  365 days from day files', yearFiles.ms, GOAL_YEAR_MS, sqlYear.ms),
          row(`month-end export (${monthEnd})`, `${fmtMs(monthExport.ms)} ms`, `< ${fmtInt(GOAL_MONTH_EXPORT_MS)} ms`, `${monthExport.manifest.files.length} files`, passText(monthExport.ms < GOAL_MONTH_EXPORT_MS, '< 2 s'), monthExport.ms < GOAL_MONTH_EXPORT_MS),
          row('loop delay p99, cold year', `${fmtMs(loopP99)} ms`, `< ${GOAL_LOOP_P99_MS} ms`, `max ${fmtMs(loopMax)} ms`, passText(loopPass, `p99 < ${GOAL_LOOP_P99_MS} ms`), loopPass),
          row('  sqlite load (once)', `${fmtMs(load.ms)} ms`, '-', `${fmtInt(load.value)} bills`, 'info'),
          row('  same totals as sqlite', same ? 'yes' : 'NO', 'yes', `${fmtInt(ours.bills)} bills`, same ? 'PASS' : 'MISS', same),
        ];
        Object.assign(figures, {
          todayColdMs: todayCold.ms, todayWarmMs: todayWarm.ms, monthColdMs: monthCold.ms, monthWarmMs: monthWarm.ms,
          yearColdMs: yearCold.ms, yearWarmMs: yearWarm.ms, yearFromFilesMs: yearFiles.ms, loopP99Ms: loopP99, loopMaxMs: loopMax,
          monthExportMs: monthExport.ms, sqliteLoadMs: load.ms, sqliteTodayMs: sqlToday.ms, sqliteMonthMs: sqlMonth.ms, sqliteYearMs: sqlYear.ms, yearBills: ours.bills,
        });
        notes.push(`${fmtInt(ours.bills)} bills in the year (${data.archiveFiles} archive files); "today" is ${today} at 22:00 Lima, computed fresh every time`);
        notes.push('cold: no day cached, the day files decoded in the reports worker thread (hub/reports/decode-thread.ts), the hub merging the days; warm: finished days from memory');
        notes.push('sqlite: bills, lines and payments in memory, indexed by business day (computed at load); ratio = ours / sqlite');
        notes.push('month-end export: the last month-end day of the data, its day files plus the month workbook and PLE register (hub/exports/month-export.ts), no e-invoice files');
        return { name: 'reports', rows, figures, notes };
      } finally {
        sql.close();
      }
    } finally {
      await engine.close();
    }
  } finally {
    await removeDir(runDir);
    await fs.rm(`${runDir}.tmp`, { force: true, recursive: true });
  }
}

if (isMain(import.meta.url)) {
  printResult(await run({}, (m) => console.log(`  ${m}`)));
}
