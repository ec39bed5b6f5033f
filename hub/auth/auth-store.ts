import path from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from '../store/meta.ts';
import type { SecretHash } from './secrets.ts';

/** An enrolled device: a browser that completed a full sign-in and holds the device cookie. */
export type DeviceRecord = {
  id: string;
  /** sha256 of the device cookie. */
  tokenId: string;
  /** What the browser said it was ("Android · Chrome"), for the activity view. */
  label: string;
  enrolledAt: string;
  /** Who completed a full sign-in here, most recent first: the PIN screen offers them. */
  staffIds: string[];
};

/** A signed-in person on a device; the key is the sha256 of the session cookie. */
export type SessionRecord = { id: string; staffId: string; deviceId: string; createdAt: string; expiresAt: string };

/** One person's hashed PIN and password (either may be missing). */
export type Secrets = { pin?: SecretHash; password?: SecretHash };

/** auth.json: everything secret the hub keeps, never in the state, the log or a broadcast. */
export type AuthDoc = {
  format: 1;
  secrets: Record<string, Secrets>;
  devices: Record<string, DeviceRecord>;
  sessions: Record<string, SessionRecord>;
};

const empty = (): AuthDoc => ({ format: 1, secrets: {}, devices: {}, sessions: {} });

/**
 * The whole-document store of secrets, sessions and devices (lowdb over a
 * fsyncing adapter). Each change is made on a copy, written to disk, then
 * swapped in: what a caller is told happened is on disk, and a failed write
 * changes nothing. Changes are queued, so two never interleave.
 */
export class AuthStore {
  private current: AuthDoc;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly db: Low<AuthDoc>;

  private constructor(db: Low<AuthDoc>) {
    this.db = db;
    this.current = db.data;
  }

  static async open(dataDir: string): Promise<AuthStore> {
    const db = new Low<AuthDoc>(new DurableJsonFile<AuthDoc>(path.join(dataDir, 'auth.json')), empty());
    await db.read();
    db.data = { ...empty(), ...db.data };
    return new AuthStore(db);
  }

  /** The document as last written. Read-only: change it through `update`. */
  get doc(): Readonly<AuthDoc> {
    return this.current;
  }

  /** Resolves once every queued change is written (or failed). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Applies `change` to a copy, writes it durably, then makes it current. */
  update<R>(change: (doc: AuthDoc) => R): Promise<R> {
    const run = this.queue.then(async () => {
      const next = structuredClone(this.current);
      const result = change(next);
      this.db.data = next;
      await this.db.write();
      this.current = next;
      return result;
    });
    // The queue goes on after a failure; the caller still sees it.
    this.queue = run.catch(() => undefined);
    return run;
  }
}
