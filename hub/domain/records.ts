/**
 * Keyed records (products, tables, orders, staff...) are plain objects so
 * that they travel as JSON into the log, the snapshot and every device. A
 * plain object also answers to names it does not hold (`constructor`,
 * `toString`, `__proto__`), so the rules never index a record directly:
 * they read through `getOwn` and write through `withOwn`/`withoutOwn`,
 * which only ever see the record's own entries. The protocol refuses such
 * ids at the door too (hub/protocol/ids.ts); this is the second lock.
 */

/** A record keyed by id, as the state holds them. */
export type Records<T> = Record<string, T>;

/** The record's own entry for `id`, never something inherited from Object.prototype. */
export function getOwn<T>(records: Readonly<Records<T>>, id: string): T | undefined {
  return Object.hasOwn(records, id) ? records[id] : undefined;
}

/** Whether the record holds an entry of its own for `id`. */
export function hasOwn(records: Readonly<Records<unknown>>, id: string): boolean {
  return Object.hasOwn(records, id);
}

/**
 * Stores `value` under `id` in place. `defineProperty` creates an own entry
 * whatever the key: a plain assignment to `__proto__` would swap the
 * object's prototype instead. Only for a copy the caller just made.
 */
export function setOwn<T>(records: Records<T>, id: string, value: NoInfer<T>): void {
  // Only `__proto__` needs defineProperty (Object.prototype has no other
  // setter); using it for every key would drop the object into V8's slow
  // dictionary mode, and every later copy of `orders` would pay for it.
  if (id === '__proto__') Object.defineProperty(records, id, { value, enumerable: true, writable: true, configurable: true });
  else records[id] = value;
}

/** A copy of the records with `value` under `id` (the input is never changed). */
export function withOwn<T>(records: Readonly<Records<T>>, id: string, value: NoInfer<T>): Records<T> {
  const out = { ...records };
  setOwn(out, id, value);
  return out;
}

/** A copy of the records without `id`'s own entry (the input is never changed). */
export function withoutOwn<T>(records: Readonly<Records<T>>, id: string): Records<T> {
  if (!Object.hasOwn(records, id)) return records;
  // A rest copy rather than `delete`, which would also leave a slow dictionary-mode object.
  const { [id]: _dropped, ...out } = records;
  return out;
}

