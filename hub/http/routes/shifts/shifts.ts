import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { aliasesOf } from '#domain';
import type { ClosedShift, ShiftDayPage, ShiftReportResponse } from '#protocol';
import { shiftDayQuerySchema, shiftReportQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { loadShiftReport } from './report.ts';

/**
 * GET /api/shifts?day=YYYY-MM-DD
 * The shifts closed that day (the restaurant's calendar day of the close),
 * newest first, with their report figures, for those who work the drawer
 * (M006). A closed shift left the live state into a `shifts/` day file or,
 * since the last snapshot, the engine's memory: this reads both. A register
 * closes a handful of shifts a day, so one day is one page.
 */
// `clock`: the hub's (the open shift's report ends at its now, as the bills' times are the hub's).
export function shiftRoutes(engine: Engine, clock: () => Date = () => new Date()): Router {
  const router = new Router();
  router.get('/api/shifts', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M006')) throw new HttpError('FORBIDDEN', 'M006');
    const q = parseBody(shiftDayQuerySchema, { ...ctx.query });
    const body: ShiftDayPage = { ok: true, day: q.day, shifts: await shiftsOfDay(engine, q.day) };
    ctx.body = body;
  });
  // A shift's report (SPEC.md section 3): the open one so far, or a closed one by the day it closed (report.ts).
  router.get('/api/shifts/current/report', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M006')) throw new HttpError('FORBIDDEN', 'M006');
    const report = await loadShiftReport(engine, 'current', clock());
    if (!report) throw new HttpError('NO_OPEN_SHIFT');
    const body: ShiftReportResponse = { ok: true, report };
    ctx.body = body;
  });
  router.get('/api/shifts/:shiftId/report', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M006')) throw new HttpError('FORBIDDEN', 'M006');
    const q = parseBody(shiftReportQuerySchema, { ...ctx.query });
    const report = await loadShiftReport(engine, { id: ctx.params.shiftId ?? '', day: q.day }, clock());
    if (!report) throw new HttpError('NOT_FOUND');
    const body: ShiftReportResponse = { ok: true, report };
    ctx.body = body;
  });
  return router;
}

/** The day file, then the filed tail in memory (each shift once), newest close first. */
export async function shiftsOfDay(engine: Engine, day: string): Promise<ClosedShift[]> {
  const byId = new Map<string, ClosedShift>();
  const recent = engine.recentFiledShifts();
  // While a snapshot is being written the file may already hold part of the tail: memory wins from its first seq.
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (const e of await engine.shiftDays.readDay(day)) if (e.seq < firstInMemory) byId.set(e.shift.id, e.shift);
  for (const e of recent) if (engine.shiftDays.dayOf(e) === day) byId.set(e.shift.id, e.shift);
  return [...byId.values()].sort((a, b) => b.closedAt.localeCompare(a.closedAt));
}
