import type { Context } from 'koa';
import type { Outcome, Refusal } from '#hub/auth/auth-service.ts';
import { HttpError } from '../../http-error.ts';

/**
 * The value of an auth flow, or its refusal thrown as an HttpError. A
 * TOO_MANY_ATTEMPTS refusal carries the seconds to wait in Retry-After and
 * in `message`, so the page can say how long.
 */
export function valueOr<T>(ctx: Context, outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const r: Refusal = outcome;
  if (r.retryAfter !== undefined) {
    ctx.set('retry-after', String(r.retryAfter));
    throw new HttpError(r.code, String(r.retryAfter));
  }
  throw new HttpError(r.code, r.message ?? '');
}
