import Router from '@koa/router';
import { aliasesOf } from '#domain';
import { getOwn } from '#hub/domain/records.ts';
import type { OrderReport, SalesFigures, State } from '#protocol';
import { reportQuerySchema } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import type { ReportService } from '#hub/reports/report-service.ts';
import { buildReportXlsx } from '#hub/reports/report-xlsx.ts';
import { REPORT_LANGS, type ReportLang } from '#hub/reports/report-xlsx-texts.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/reports/orders.xlsx?from=YYYY-MM-DD&to=YYYY-MM-DD&lang=es|en|zh
 * The order report (M014) as a workbook to download: the same figures as
 * GET /api/reports/orders (the per-day cache of hub/reports), a sheet per
 * breakdown, headers in the asker's language (Spanish when absent or
 * unknown, as the menu export does). Same gate and same range rules as the
 * report itself.
 */
export function reportExportRoutes(engine: Engine, reports: ReportService): Router {
  const router = new Router();
  router.get('/api/reports/orders.xlsx', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M014')) throw new HttpError('FORBIDDEN', 'M014');
    const q = parseBody(reportQuerySchema, { from: ctx.query.from, to: ctx.query.to });
    const lang = REPORT_LANGS.find((l) => l === ctx.query.lang) ?? 'es';
    const t0 = performance.now();
    const r = await reports.figuresBetween(q.from, q.to);
    const report: OrderReport = { ok: true, from: q.from, to: q.to, closingHour: r.closingHour, figures: withStaffNames(r.figures, engine.state), computedMs: Math.round(performance.now() - t0) };
    const name = `${FILE_WORD[lang]}-${q.from}_${q.to}.xlsx`;
    ctx.set('content-disposition', `attachment; filename="${name}"`);
    ctx.set('cache-control', 'no-store');
    ctx.type = XLSX_TYPE;
    ctx.body = buildReportXlsx(report, lang);
  });
  return router;
}

const FILE_WORD: Record<ReportLang, string> = { es: 'reporte-pedidos', en: 'order-report', zh: 'order-report' };

/** The figures keep who settled by id; the workbook shows their name (their id when they left the staff list). */
function withStaffNames(f: SalesFigures, state: State): SalesFigures {
  return { ...f, byStaff: f.byStaff.map((r) => (r.key === '' ? r : { ...r, name: getOwn(state.staff, r.key)?.name ?? r.key })) };
}
