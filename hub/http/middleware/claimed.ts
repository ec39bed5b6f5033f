import type { Middleware } from 'koa';
import { isClaimed } from '#domain';
import type { Engine } from '#hub/engine/engine.ts';
import { HttpError } from '../http-error.ts';

/**
 * Until the owner has claimed the hub, its API is closed (403 HUB_UNCLAIMED):
 * only health, setup and the client's own files are served. Mounted after
 * those routes, so whatever reaches it under /api/ is refused.
 */
export function claimedMiddleware(engine: Engine): Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') && !isClaimed(engine.state)) throw new HttpError('HUB_UNCLAIMED');
    await next();
  };
}
