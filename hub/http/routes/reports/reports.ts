import Router from '@koa/router';
import { aliasesOf } from '#domain';
import type { OrderReport } from '#protocol';
import { reportQuerySchema } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import type { ReportService } from '#hub/reports/report-service.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/**
 * GET /api/reports/orders?from=YYYY-MM-DD&to=YYYY-MM-DD (business days, both
 * included, at most 400 days): the sales figures of the order report (M014),
 * from the per-day figures hub/reports keeps; `computedMs` says how long the
 * hub took, the page shows it and the bench watches it.
 */
export function reportRoutes(engine: Engine, reports: ReportService): Router {
  const router = new Router();
  router.get('/api/reports/orders', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M014')) throw new HttpError('FORBIDDEN', 'M014');
    const q = parseBody(reportQuerySchema, { from: ctx.query.from, to: ctx.query.to });
    const t0 = performance.now();
    const r = await reports.figuresBetween(q.from, q.to);
    const body: OrderReport = { ok: true, from: q.from, to: q.to, closingHour: r.closingHour, figures: r.figures, computedMs: Math.round((performance.now() - t0) * 10) / 10 };
    ctx.body = body;
  });
  return router;
}
