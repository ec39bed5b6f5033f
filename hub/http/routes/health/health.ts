import Router from '@koa/router';
import type { Health } from '#protocol';
import { PROTOCOL_VERSION } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';

/** GET /api/health: is the hub up, which version, how far its log has come, can it write. */
export function healthRoutes(engine: Engine, version: string): Router {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    const body: Health = {
      ok: true,
      version,
      protocolVersion: PROTOCOL_VERSION,
      seq: engine.seq,
      storeId: engine.storeId,
      writable: engine.writable,
    };
    ctx.body = body;
  });
  return router;
}
