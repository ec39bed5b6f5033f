/**
 * The Origin check of HTTP requests and socket handshakes: a page from
 * another site (a customer's phone browsing somewhere that scripts the hub's
 * address) may not call the hub. No Origin (a navigation, a script on the
 * box, a test client) is let through: cookies with SameSite=Strict already
 * keep other sites' requests anonymous. A page that rebinds its own name to
 * the hub's address passes this check (its Origin matches the Host it
 * forged): the Host check (hub/net/host-names.ts) runs before it for that.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || origin === '') return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === host.toLowerCase();
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not the hub's own page.
    return false;
  }
}
