import type { Middleware } from 'koa';
import { HttpError } from '../http-error.ts';

/**
 * The one place errors become responses. Expected errors carry a code; any
 * other throw is a bug: it is logged and answered with INTERNAL, never with a
 * stack trace.
 */
export function errorMiddleware(log: (msg: string) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = { ok: false, code: err.code, message: err.message };
        return;
      }
      log(`http: ${ctx.method} ${ctx.path} failed: ${(err as Error)?.stack ?? String(err)}`);
      ctx.status = 500;
      ctx.body = { ok: false, code: 'INTERNAL', message: '' };
    }
  };
}
