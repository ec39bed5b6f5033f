import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from '#hub/store/meta.ts';
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

/** A record keyed by id that answers only for its own keys: no `constructor`, no `__proto__` setter. */
export type IdRecord<T> = Record<string, T>;

/** An empty record without a prototype, optionally filled from `from`'s own entries. */
export function idRecord<T>(from?: Record<string, T> | null): IdRecord<T> {
  const out = Object.create(null) as IdRecord<T>;
  if (from && typeof from === 'object') for (const [k, v] of Object.entries(from)) out[k] = v;
  return out;
}

/** `record[id]` when the record really holds it; never a member every object answers to. */
export function own<T>(record: Readonly<IdRecord<T>>, id: string): T | undefined {
  return Object.hasOwn(record, id) ? record[id] : undefined;
}

/** A document whose three records have no prototype (a copy or a file read). */
function normalized(doc: Partial<AuthDoc> | null): AuthDoc {
  return { format: 1, secrets: idRecord(doc?.secrets), devices: idRecord(doc?.devices), sessions: idRecord(doc?.sessions) };
}

/** Secrets are the one thing on this box worth stealing: owner read and write only. */
const FILE_MODE = 0o600;

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
    const file = path.join(dataDir, 'auth.json');
    const db = new Low<AuthDoc>(new DurableJsonFile<AuthDoc>(file, FILE_MODE), normalized(null));
    await db.read();
    db.data = normalized(db.data);
    // A file written by an older hub may be world-readable.
    await chmod(file, FILE_MODE).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
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
      const next = normalized(structuredClone(this.current));
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
