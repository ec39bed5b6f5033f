/**
 * The claim code a setup slip's QR code carries: the hub prints
 * `http://ADDRESS/#/pages/setup/index?code=ABCD-EFGH` (hub/net/addresses.ts
 * setupLink). The code is in the fragment, which a browser never sends, so it
 * reaches the hub only once, inside the claim itself. Read here once, when the
 * app loads, before any redirect; then taken out of the address (and so out of
 * the browser's history) and kept in memory for the setup page to fill in.
 */
let fromLink = '';

/** `code` of a hash such as `#/pages/setup/index?code=ABCD-EFGH`, if it looks like a claim code; else ''. */
export function claimCodeInHash(hash: string): string {
  const at = hash.indexOf('?');
  if (at < 0) return '';
  const code = new URLSearchParams(hash.slice(at + 1)).get('code') ?? '';
  return /^[A-Za-z0-9-]{4,12}$/.test(code) ? code.toUpperCase() : '';
}

/** At load: keeps the link's claim code and leaves the address as the plain setup page. */
export function keepClaimCodeFromLink(location: Location = window.location, history: History = window.history): void {
  const code = claimCodeInHash(location.hash);
  if (!code) return;
  fromLink = code;
  history.replaceState(history.state, '', `${location.pathname}${location.search}${location.hash.slice(0, location.hash.indexOf('?'))}`);
}

/** The claim code the setup slip's link brought, or '' (typed by hand). */
export function claimCodeFromLink(): string {
  return fromLink;
}
