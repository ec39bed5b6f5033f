import { PATHS } from '../routes.ts';
import { KEYS } from '../sync/storage.ts';

const KEY = KEYS.loginPath;
const LOGIN_PAGES: readonly string[] = [PATHS.login, PATHS.numberLogin, PATHS.appLogin];

/** Remembers the sign-in page this device was last used with, so a phone returns to its keypad. */
export function rememberLoginPath(path: string): void {
  if (LOGIN_PAGES.includes(path)) localStorage.setItem(KEY, path);
}

/** The sign-in page to send a signed-out device to: its usual one, the PIN screen needing an enrolled device. */
export function preferredLoginPath(canUsePinAlone: boolean): string {
  const usual = localStorage.getItem(KEY) ?? PATHS.root;
  if (usual === PATHS.appLogin && !canUsePinAlone) return PATHS.numberLogin;
  return LOGIN_PAGES.includes(usual) ? usual : PATHS.root;
}
