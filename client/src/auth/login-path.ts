import { PATHS } from '../routes.ts';
import { KEYS } from '../sync/storage.ts';

const KEY = KEYS.loginPath;
const LOGIN_PAGES: readonly string[] = [PATHS.login, PATHS.numberLogin, PATHS.appLogin];

/**
 * A touch screen up to 900 px wide: a phone (either way up) or a small
 * tablet, where staff sign in on the big keypad (number, then PIN) rather
 * than typing into the till's form.
 */
export const PHONE_QUERY = '(pointer: coarse) and (max-width: 900px)';

/** Remembers the sign-in page this device was last used with, so a phone returns to its keypad. */
export function rememberLoginPath(path: string): void {
  if (LOGIN_PAGES.includes(path)) localStorage.setItem(KEY, path);
}

/**
 * The sign-in page for a signed-out device (pure): the one it was last used
 * with; the PIN screen only on an enrolled device (else the keypad); a device
 * never signed in here gets the keypad on a phone (issue 18 item 16: a phone
 * opening `/` got the till's form) and the form (the root) elsewhere.
 */
export function loginPathFor(usual: string | null, canUsePinAlone: boolean, phone: boolean): string {
  if (usual === PATHS.appLogin && !canUsePinAlone) return PATHS.numberLogin;
  if (usual !== null && LOGIN_PAGES.includes(usual)) return usual;
  return phone ? PATHS.numberLogin : PATHS.root;
}

/** The sign-in page to send a signed-out device to (`loginPathFor` with this device's memory and screen). */
export function preferredLoginPath(canUsePinAlone: boolean): string {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  return loginPathFor(localStorage.getItem(KEY), canUsePinAlone, phone);
}
