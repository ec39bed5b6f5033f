import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { aliasesOf } from '#domain';
import type { Reservation, ReservationDayPage } from '#protocol';
import { reservationDayQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

const DEFAULT_LIMIT = 50;

/**
 * GET /api/reservations?day=YYYY-MM-DD&offset=&limit=
 * One day's reservations by time, a page at a time, for those who work the
 * tables (M001). Today's and the coming days' are in the live state (devices
 * have them already); a past day's left it into `reservations/` day files
 * (and, since the last snapshot, the engine's memory): this reads all three,
 * so any day answers the same way.
 */
export function reservationRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/reservations', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M001')) throw new HttpError('FORBIDDEN', 'M001');
    const q = parseBody(reservationDayQuerySchema, { ...ctx.query });
    const offset = q.offset ?? 0;
    const limit = q.limit ?? DEFAULT_LIMIT;
    const all = await reservationsOfDay(engine, q.day);
    const body: ReservationDayPage = { ok: true, day: q.day, reservations: all.slice(offset, offset + limit), more: all.length > offset + limit };
    ctx.body = body;
  });
  return router;
}

/** Every reservation of `day`, by time: the day file, the filed tail in memory, then the live state (each id once, the newest copy). */
async function reservationsOfDay(engine: Engine, day: string): Promise<Reservation[]> {
  const byId = new Map<string, Reservation>();
  const recent = engine.recentFiledReservations();
  // While a snapshot is being written the file may already hold part of the tail: memory wins from its first seq.
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (const e of await engine.reservationDays.readDay(day)) if (e.seq < firstInMemory && e.reservation.day === day) byId.set(e.reservation.id, e.reservation);
  for (const e of recent) if (e.reservation.day === day) byId.set(e.reservation.id, e.reservation);
  for (const r of Object.values(engine.state.upcomingReservations)) if (r.day === day) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at) || a.no - b.no);
}
