import type { Middleware } from 'koa';
import { isSameOrigin } from '#hub/auth/origin.ts';
import { HttpError } from '../http-error.ts';

/** Refuses any request whose Origin is not the hub's own address (403 ORIGIN_REFUSED). */
export function originMiddleware(): Middleware {
  return async (ctx, next) => {
    if (!isSameOrigin(ctx.get('origin') || undefined, ctx.get('host') || undefined)) throw new HttpError('ORIGIN_REFUSED');
    await next();
  };
}
