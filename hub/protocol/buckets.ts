/**
 * A large keyed collection of the hub's state (20,000 members and their indexes) split
 * into 256 buckets by a hash of the key, so that writing one key copies one bucket
 * (~80 entries at 20,000) and the bucket table (256), not the whole collection: a spread
 * measures ~6 ms at 20,000 entries (hub/domain/README.md "What the live state holds"),
 * ~45 µs here for a whole balance move (helper and applier, measured at 20,000 members; ~5 µs
 * with one member). The layout is the same after a replay (the hash is fixed), it is plain
 * JSON for the log and the snapshot, and keys are read and written as own entries only
 * (an id such as `__proto__` is an entry like any other). Read and write through these
 * functions only.
 */
export type Buckets<T> = Record<string, Record<string, T>>;

/** FNV-1a over the key's UTF-16 units, folded to two hex digits ("00".."ff"). */
export function bucketOf(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h ^ (h >>> 8) ^ (h >>> 16) ^ (h >>> 24)) & 0xff).toString(16).padStart(2, '0');
}

function own<T>(records: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return records !== undefined && Object.hasOwn(records, key) ? records[key] : undefined;
}

function withKey<T>(records: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const out = { ...records };
  // defineProperty for `__proto__` only: a plain assignment would swap the prototype.
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
  return out;
}

/** The entry under `key`, or undefined (also where the collection is absent, as on a device). */
export function bucketGet<T>(b: Readonly<Buckets<T>> | undefined, key: string): T | undefined {
  return b === undefined ? undefined : own(own(b, bucketOf(key)), key);
}

/** A copy with `value` under `key`: one bucket and the table copied, never the whole collection. */
export function bucketWith<T>(b: Readonly<Buckets<T>>, key: string, value: T): Buckets<T> {
  const name = bucketOf(key);
  return withKey(b, name, withKey(own(b, name) ?? {}, key, value));
}

/** A copy without `key` (the input itself when it has no such key). */
export function bucketWithout<T>(b: Readonly<Buckets<T>>, key: string): Buckets<T> {
  const name = bucketOf(key);
  const bucket = own(b, name);
  if (bucket === undefined || !Object.hasOwn(bucket, key)) return b as Buckets<T>;
  const { [key]: _dropped, ...rest } = bucket;
  return withKey(b, name, rest);
}

/** Every entry, bucket by bucket: for a hub's start (a search index), never on the command path. */
export function* bucketEntries<T>(b: Readonly<Buckets<T>> | undefined): Generator<[string, T]> {
  if (b === undefined) return;
  // collection-guard: only for building indexes at start and tests, never a command's rule.
  for (const bucket of Object.values(b)) for (const [key, value] of Object.entries(bucket)) yield [key, value];
}
