import Router from '@koa/router';
import type { Snapshot } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import { snapshotFor } from '#hub/presenters/index.ts';
import { sessionOf } from '../../middleware/actor.ts';

/** GET /api/state: the live state as the signed-in person may see it (hub/presenters), with the seq it is at. */
export function stateRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/state', (ctx) => {
    const body: Snapshot = snapshotFor(engine, sessionOf(ctx).actor.staffId);
    ctx.body = body;
  });
  return router;
}
