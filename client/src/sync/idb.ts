/**
 * A small promise wrapper over IndexedDB: one database per concern, one
 * object store in each. The outbox and the replica live in separate
 * databases, so a large replica write can never hold up, or crowd out, the
 * write of a tap (localStorage's ~5 MB was shared by both before).
 */
export type KeyValueStore<T> = {
  get(key: string): Promise<T | undefined>;
  /** Every value, in key order. */
  all(): Promise<T[]>;
  /** Writes several values in one transaction: resolves once it is committed (all or none). */
  putMany(entries: readonly [key: string, value: T][]): Promise<void>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
};

const STORE = 'kv';

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
  });
}

function request<R>(req: IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('request failed'));
  });
}

function open(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(name, 1);
    } catch (err) {
      return reject(err instanceof Error ? err : new Error(String(err)));
    }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading a newer client: let it, this page reloads later.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error(`cannot open ${name}`));
    req.onblocked = () => reject(new Error(`${name} is blocked by another tab`));
  });
}

/** A key-value store in its own IndexedDB database (opened once, on first use). */
export function keyValueStore<T>(dbName: string): KeyValueStore<T> {
  let db: Promise<IDBDatabase> | null = null;
  const conn = () => {
    db ??= open(dbName).catch((err: unknown) => {
      db = null;
      throw err;
    });
    return db;
  };
  const write = async (fill: (store: IDBObjectStore) => void) => {
    const tx = (await conn()).transaction(STORE, 'readwrite', { durability: 'strict' });
    fill(tx.objectStore(STORE));
    await done(tx);
  };
  return {
    get: async (key) => request((await conn()).transaction(STORE, 'readonly').objectStore(STORE).get(key) as IDBRequest<T | undefined>),
    all: async () => request((await conn()).transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<T[]>),
    putMany: (entries) => write((s) => entries.forEach(([k, v]) => s.put(v, k))),
    put: (key, value) => write((s) => s.put(value, key)),
    delete: (key) => write((s) => s.delete(key)),
  };
}
