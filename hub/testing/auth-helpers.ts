import type { ErrorCode, SessionInfo } from '#protocol';

/**
 * Sign-in for tests: the cookies a hub sets, kept per hub address, so the
 * shared helpers (getJson, postCommand, connectDevice) carry a session by
 * default, as a signed-in device would. Nothing here mocks the hub.
 */
const jar = new Map<string, string>();

const keyOf = (base: string) => new URL(base).origin;

/** The cookies the helpers send to this hub unless told otherwise. */
export function cookieFor(base: string): string | undefined {
  return jar.get(keyOf(base));
}

/** Makes `cookie` the default for every helper call to this hub (undefined forgets it). */
export function useCookie(base: string, cookie: string | undefined): void {
  if (cookie === undefined) jar.delete(keyOf(base));
  else jar.set(keyOf(base), cookie);
}

/** Cookies as a Cookie header: the new ones from a response override those sent. */
export function mergeCookies(sent: string | undefined, res: Response): string {
  const map = new Map<string, string>();
  for (const part of (sent ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k) map.set(k, v.join('='));
  }
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [k, ...v] = (pair ?? '').split('=');
    if (!k) continue;
    const value = v.join('=');
    if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) map.delete(k.trim());
    else map.set(k.trim(), value);
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A sign-in route's answer with the cookies the browser would now hold. */
export type SignInReply = { status: number; body: SessionInfo | { ok: false; code: ErrorCode; message: string }; cookie: string; retryAfter: string | null };

/** POSTs JSON to a sign-in route and returns the answer with the cookies the browser would now hold. */
export async function authPost(base: string, path: string, body: unknown, cookie?: string): Promise<SignInReply> {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as SignInReply['body'];
  return { status: res.status, body: json, cookie: mergeCookies(cookie, res), retryAfter: res.headers.get('retry-after') };
}

/** A full sign-in (number or name + PIN or password) from a device; `cookie` carries its device cookie if it has one. */
export function signIn(base: string, identifier: string, secret: string, deviceId = 'test-device', cookie?: string): Promise<SignInReply> {
  return authPost(base, '/api/auth/signin', { identifier, secret, deviceId }, cookie);
}

/** A PIN alone on an enrolled device (its cookies in `cookie`). */
export function signInPin(base: string, pin: string, cookie: string, staffId?: string): Promise<SignInReply> {
  return authPost(base, '/api/auth/pin', staffId ? { pin, staffId } : { pin }, cookie);
}

/** Signs in and throws unless it worked: for tests about something else. */
export async function signedIn(base: string, identifier: string, secret: string, deviceId = 'test-device'): Promise<string> {
  const r = await signIn(base, identifier, secret, deviceId);
  if (r.status !== 200) throw new Error(`sign-in as ${identifier} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.cookie;
}
