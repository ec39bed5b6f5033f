import type { Middleware } from 'koa';
import type { Actor } from '../../engine/engine.ts';

/**
 * Who is calling. This is where sign-in plugs in (staff session cookie,
 * device credential): it must set `ctx.state.actor` or refuse the request.
 * Until then every caller acts as "no staff member" from the device it names.
 */
export function actorMiddleware(): Middleware {
  return async (ctx, next) => {
    const actor: Actor = { staffId: null, deviceId: ctx.get('x-device-id').slice(0, 64) || 'http' };
    ctx.state.actor = actor;
    await next();
  };
}
