import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { presentTakeout, seesTakeouts } from '#hub/presenters/takeouts.ts';
import { viewerOf } from '#hub/presenters/viewer.ts';
import type { Takeout, TakeoutPage } from '#protocol';
import { takeoutQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/** A page when the query names none. */
const DEFAULT_LIMIT = 50;

/**
 * GET /api/takeouts?day=&offset=&limit=
 * Take-away and delivery orders (hub/domain/takeout/README.md) for holders of M002, M005 or
 * payment, each as the presenters shape it for them (personal data to M005 and payment only; a
 * rider only theirs and those waiting for a rider). Without `day`: the live ones, oldest first
 * (the order the kitchen and the riders work in). With `day`: those that ended (closed,
 * cancelled, refused) that Lima day, from its day file and the tail not yet filed, newest first.
 */
export function takeoutRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/takeouts', async (ctx) => {
    const viewer = viewerOf(engine.state, sessionOf(ctx).actor.staffId);
    if (!seesTakeouts(viewer)) throw new HttpError('FORBIDDEN', 'M005');
    const q = parseBody(takeoutQuerySchema, { ...ctx.query });
    const all = q.day === undefined ? liveTakeouts(engine) : await endedOn(engine, q.day);
    const shown = all.flatMap((t) => presentTakeout(t, viewer) ?? []);
    const offset = q.offset ?? 0;
    const limit = q.limit ?? DEFAULT_LIMIT;
    const body: TakeoutPage = { ok: true, day: q.day ?? null, takeouts: shown.slice(offset, offset + limit), more: shown.length > offset + limit };
    ctx.body = body;
  });
  return router;
}

/** The live takeouts, oldest first (an HTTP read, not the command path: the live ones are today's open orders). */
function liveTakeouts(engine: Engine): Takeout[] {
  return Object.values(engine.state.takeouts).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.code.localeCompare(b.code));
}

/** Takeouts that ended on a Lima day, newest first: the day file, then the tail in memory (which wins from its first seq). */
async function endedOn(engine: Engine, day: string): Promise<Takeout[]> {
  const recent = engine.recentFiledTakeouts();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const byId = new Map<string, Takeout>();
  for (const e of await engine.takeoutDays.readDay(day)) if (e.seq < firstInMemory) byId.set(e.takeout.id, e.takeout);
  for (const e of recent) if (engine.takeoutDays.dayOf(e) === day) byId.set(e.takeout.id, e.takeout);
  return [...byId.values()].sort((a, b) => (b.closedAt ?? '').localeCompare(a.closedAt ?? ''));
}
