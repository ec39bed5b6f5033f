/** The session cookie: who is signed in on this browser. */
export const SESSION_COOKIE = 'pos_session';
/** The device cookie: this browser is an enrolled device (a PIN alone works here). */
export const DEVICE_COOKIE = 'pos_device';

/** One cookie's value from a raw Cookie header (the socket handshake has no Koa context). */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
