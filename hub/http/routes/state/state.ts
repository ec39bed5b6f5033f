import Router from '@koa/router';
import type { Snapshot } from '../../../protocol/index.ts';
import type { Engine } from '../../../engine/engine.ts';

/** GET /api/state: the live state with the seq it is at. */
export function stateRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/state', (ctx) => {
    const body: Snapshot = { storeId: engine.storeId, seq: engine.seq, state: engine.state };
    ctx.body = body;
  });
  return router;
}
