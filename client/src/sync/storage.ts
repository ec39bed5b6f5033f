/**
 * localStorage behind a few named keys: small things only (the device id,
 * who is signed in, the language, carts). The replica and the outbox live in
 * IndexedDB, each in its own database (idb.ts), so a large replica can never
 * fill the quota a tap needs; their old keys here are read once, moved over
 * and removed (replica.ts, outbox.ts).
 */
export const KEYS = {
  deviceId: 'pos.deviceId',
  /** Legacy: the replica as an older client kept it. */
  replica: 'pos.replica',
  /** Legacy: one key per queued command, as an older client kept them. */
  outboxPrefix: 'pos.outbox.',
  /** Legacy: the older client's outbox counter. */
  outboxCounter: 'pos.outbox.counter',
  cartPrefix: 'pos.cart.',
  /** SPEC.md: the language choice lives under a language key. */
  language: 'language',
  /** Who is signed in here (no secret, no token: the cookies are HttpOnly), for working offline. */
  session: 'pos.session',
  /** SPEC.md section 6: the menu data, entries {menuAlias, show}; a courtesy copy the hub never trusts. */
  menuData: 'menuData',
  /** The sign-in page this device is used with (a phone returns to its keypad). */
  loginPath: 'pos.loginPath',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Writes synchronously; false when the browser refused (storage full or disabled). */
export function writeJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing more to do: the key stays and is cleaned on the next success.
  }
}

export function keysWithPrefix(prefix: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(prefix)) out.push(k);
  }
  return out;
}
