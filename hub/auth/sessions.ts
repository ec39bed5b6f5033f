import type { ErrorCode } from '#protocol';
import { own, type AuthStore, type SessionRecord } from './auth-store.ts';
import { newToken, tokenId } from './secrets.ts';

/** A restaurant day with a long shift in it; the idle lock on the device comes much sooner. */
export const SESSION_TTL_MS = 16 * 60 * 60_000;

/** Told when sessions end, so their sockets can be dropped at once. */
export type EndedListener = (sessionIds: readonly string[], code: ErrorCode) => void;

/**
 * Signed-in people. A session is a random 256-bit cookie; the store keeps
 * only its sha256 (the session id), so reading auth.json signs nobody in.
 * One session per device: a new sign-in on a device ends the one before.
 */
export class Sessions {
  private listeners = new Set<EndedListener>();
  /** Ended but perhaps not yet (or, after a failed write, never) gone from the file: refused all the same. */
  private ending = new Set<string>();
  private readonly store: AuthStore;
  private readonly clock: () => Date;

  constructor(store: AuthStore, clock: () => Date) {
    this.store = store;
    this.clock = clock;
  }

  /** The live session a cookie names, or null (unknown, ended or expired). */
  find(token: string | undefined): SessionRecord | null {
    if (!token) return null;
    return this.byId(tokenId(token));
  }

  byId(id: string): SessionRecord | null {
    const s = own(this.store.doc.sessions, id);
    return s && !this.ending.has(id) && Date.parse(s.expiresAt) > this.clock().getTime() ? s : null;
  }

  /** Starts a session for a person on a device (ending that device's previous one); returns the cookie value. */
  async open(staffId: string, deviceId: string): Promise<{ token: string; session: SessionRecord }> {
    const token = newToken();
    const now = this.clock();
    const session: SessionRecord = { id: tokenId(token), staffId, deviceId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString() };
    const replaced = await this.store.update((doc) => {
      const old = Object.values(doc.sessions).filter((s) => s.deviceId === deviceId || Date.parse(s.expiresAt) <= now.getTime());
      for (const s of old) delete doc.sessions[s.id];
      doc.sessions[session.id] = session;
      return old.map((s) => s.id);
    });
    this.tell(replaced, 'UNAUTHORIZED');
    return { token, session };
  }

  /** Ends the sessions `pick` selects; says so to the listeners (sockets drop). */
  async end(pick: (s: SessionRecord) => boolean, code: ErrorCode): Promise<string[]> {
    const chosen = Object.values(this.store.doc.sessions).filter(pick).map((s) => s.id);
    if (chosen.length === 0) return [];
    // Refuse them and drop their sockets first: a disabled waiter must be out
    // within a second, whatever the disk does.
    for (const id of chosen) this.ending.add(id);
    this.tell(chosen, code);
    await this.store.update((doc) => {
      for (const id of chosen) delete doc.sessions[id];
    });
    for (const id of chosen) this.ending.delete(id);
    return chosen;
  }

  /** Ends the sessions that ran out, so their sockets do not outlive them. */
  async sweep(): Promise<void> {
    const now = this.clock().getTime();
    await this.end((s) => Date.parse(s.expiresAt) <= now, 'UNAUTHORIZED');
  }

  onEnded(listener: EndedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(ids: readonly string[], code: ErrorCode): void {
    if (ids.length > 0) for (const l of this.listeners) l(ids, code);
  }
}
