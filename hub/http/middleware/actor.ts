import type { Context, Middleware } from 'koa';
import type { AuthService } from '#hub/auth/auth-service.ts';
import type { SessionRecord } from '#hub/auth/auth-store.ts';
import type { Actor } from '#hub/engine/engine.ts';
import { SESSION_COOKIE } from '../cookies.ts';
import { HttpError } from '../http-error.ts';

/** What the session middleware leaves for the routes after it. */
export type SessionState = { actor: Actor; session: SessionRecord };

/**
 * Who is calling: the session cookie names a signed-in staff member on an
 * enrolled device, who becomes `ctx.state.actor` (the log records them).
 * Every /api/ route after it requires one (401 UNAUTHORIZED); the staff and
 * device always come from the session, never from the request.
 */
export function actorMiddleware(auth: AuthService): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    const session = auth.session(ctx.cookies.get(SESSION_COOKIE));
    if (!session) throw new HttpError('UNAUTHORIZED');
    const state: SessionState = { actor: { staffId: session.staffId, deviceId: session.deviceId }, session };
    Object.assign(ctx.state, state);
    await next();
  };
}

/** The session the middleware found; only for routes mounted after it. */
export function sessionOf(ctx: Context): SessionState {
  return ctx.state as SessionState;
}
