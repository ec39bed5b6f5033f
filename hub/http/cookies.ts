import type { Context } from 'koa';
import type { SignedIn } from '#hub/auth/auth-service.ts';
import { DEVICE_COOKIE, SESSION_COOKIE } from '#hub/auth/cookie-names.ts';
import { SESSION_TTL_MS } from '#hub/auth/sessions.ts';

export { DEVICE_COOKIE, SESSION_COOKIE } from '#hub/auth/cookie-names.ts';

/** Browsers cap cookie lifetime at 400 days. */
const DEVICE_MAX_AGE_MS = 400 * 86_400_000;

// HttpOnly: no script can read them; SameSite=Strict: no other site's page
// sends them. Not Secure: the hub is served over plain http on the shop network.
const base = { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true, secure: false } as const;

/** Sets the cookies of a new session (and of a newly enrolled device). */
export function setSignInCookies(ctx: Context, signedIn: SignedIn): void {
  ctx.cookies.set(SESSION_COOKIE, signedIn.token, { ...base, maxAge: SESSION_TTL_MS });
  if (signedIn.deviceToken) ctx.cookies.set(DEVICE_COOKIE, signedIn.deviceToken, { ...base, maxAge: DEVICE_MAX_AGE_MS });
}

/** Removes the session cookie (sign-out); the device cookie stays. */
export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, null, { ...base, maxAge: 0 });
}
