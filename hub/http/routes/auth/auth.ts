import Router from '@koa/router';
import type { Context } from 'koa';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { signInFull, signInPin, type Caller } from '#hub/auth/sign-in.ts';
import type { DeviceInfo } from '#protocol';
import { pinSignInSchema, signInSchema } from '#protocol';
import { clearSessionCookie, DEVICE_COOKIE, setSignInCookies } from '../../cookies.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { valueOr } from './refusal.ts';

/**
 * Who is knocking, as far as the transport can tell. The address is the
 * socket's own: the hub is not behind a proxy, so X-Forwarded-For is anyone's
 * to write and is never read (the throttle counts per address).
 */
export function callerOf(ctx: Context): Caller {
  return { ip: ctx.req.socket.remoteAddress ?? 'unknown', userAgent: ctx.get('user-agent'), deviceToken: ctx.cookies.get(DEVICE_COOKIE) };
}

/**
 * Sign-in without a session: POST /api/auth/signin (number or name + PIN or
 * password; enrolls the device), POST /api/auth/pin (PIN alone, enrolled
 * devices only), GET /api/auth/device (is this an enrolled device, who signed in here).
 */
export function signInRoutes(auth: AuthService): Router {
  const router = new Router();
  router.post('/api/auth/signin', async (ctx) => {
    const req = parseBody(signInSchema, await readJsonBody(ctx));
    const signedIn = valueOr(ctx, await signInFull(auth, req, callerOf(ctx)));
    setSignInCookies(ctx, signedIn);
    ctx.body = signedIn.info;
  });
  router.post('/api/auth/pin', async (ctx) => {
    const req = parseBody(pinSignInSchema, await readJsonBody(ctx));
    const signedIn = valueOr(ctx, await signInPin(auth, req, callerOf(ctx)));
    setSignInCookies(ctx, signedIn);
    ctx.body = signedIn.info;
  });
  router.get('/api/auth/device', (ctx) => {
    const device = auth.devices.find(ctx.cookies.get(DEVICE_COOKIE));
    const body: DeviceInfo = { ok: true, enrolled: device !== null, knownStaff: auth.knownStaff(device), restaurantName: auth.engine.state.restaurant.name };
    ctx.body = body;
  });
  return router;
}

/** With a session: GET /api/auth/me (who am I, what may I use), POST /api/auth/signout ({reason: 'lock'} from the idle lock). */
export function sessionRoutes(auth: AuthService): Router {
  const router = new Router();
  router.get('/api/auth/me', (ctx) => {
    ctx.body = auth.info(sessionOf(ctx).session);
  });
  router.post('/api/auth/signout', async (ctx) => {
    const body = (await readJsonBody(ctx).catch(() => ({}))) as { reason?: unknown } | null;
    await auth.signOut(sessionOf(ctx).session, body?.reason === 'lock' ? 'lock' : 'signOut');
    clearSessionCookie(ctx);
    ctx.body = { ok: true };
  });
  return router;
}
