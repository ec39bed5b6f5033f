import Router from '@koa/router';
import type { Snapshot } from '../../../protocol/index.ts';
import type { Engine } from '../../../engine/engine.ts';
import { snapshotFor } from '../../../presenters/index.ts';
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
