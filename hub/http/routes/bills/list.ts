import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { aliasesOf, businessDayOf, businessDayRange, closingHourOf, getOwn } from '#domain';
import { addDays } from '#hub/domain/reservations/calendar.ts';
import { afterCursor, billRow, cursorText, matchesFilters, newestFirst, parseCursor, type BillRow } from '#hub/domain/bills/list.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { billListQuerySchema, MAX_LIST_DAYS, type BillListReply } from './schema.ts';

/** Rows per page. */
export const PAGE_ROWS = 50;

/**
 * GET /api/bills?from=&to=&table=&no=&method=&document=&record=&cursor= (M003):
 * the closed bills of a range of business days (both included, at most 92;
 * absent: today's), newest first, 50 a page with a cursor for the next.
 * It reads the archive one business day at a time, newest day first, and
 * stops once the page is full: memory holds one day's bills, not the range's
 * (hub/domain/bills/README.md "The list").
 */
export function billListRoutes(engine: Engine, clock: () => Date): Router {
  const router = new Router();
  router.get('/api/bills', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M003')) throw new HttpError('FORBIDDEN', 'M003');
    const q = parseBody(billListQuerySchema, { ...ctx.query });
    const cursor = q.cursor === undefined ? null : parseCursor(q.cursor);
    if (q.cursor !== undefined && cursor === null) throw new HttpError('INCORRECT_INPUT', 'cursor');
    const closingHour = closingHourOf(engine.state.settings);
    const today = businessDayOf(clock().toISOString(), closingHour);
    const to = q.to ?? today;
    const from = q.from ?? (q.to ?? today);
    if (from > to) throw new HttpError('INCORRECT_INPUT', 'from');
    if (addDays(from, MAX_LIST_DAYS - 1) < to) throw new HttpError('INCORRECT_INPUT', 'to');
    const filters = { ...q };
    const rows: BillRow[] = [];
    let more = false;
    // A cursor resumes on the business day of its bill.
    let day = cursor && businessDayOf(cursor.paidAt, closingHour) < to ? businessDayOf(cursor.paidAt, closingHour) : to;
    for (; day >= from && !more; day = addDays(day, -1)) {
      const range = businessDayRange(day, closingHour);
      const bills = (await engine.closedBillsBetween(range.from, range.to)).filter((b) => afterCursor(b, cursor)).sort(newestFirst);
      for (const bill of bills) {
        const corrections = getOwn(engine.state.billCorrections, bill.id);
        if (!matchesFilters(bill, corrections, filters)) continue;
        if (rows.length === PAGE_ROWS) {
          more = true;
          break;
        }
        rows.push(billRow(bill, corrections));
      }
      // A full page that ends a day: older days may still hold bills, so the next page looks there.
      if (rows.length === PAGE_ROWS && day > from) more = true;
    }
    const last = rows.at(-1);
    const body: BillListReply = { ok: true, rows, next: more && last ? cursorText(last) : null, from, to, today };
    ctx.body = body;
  });
  return router;
}
