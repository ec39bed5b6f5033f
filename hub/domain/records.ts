/**
 * Keyed records (products, tables, orders, staff...) are plain objects so
 * that they travel as JSON into the log, the snapshot and every device. A
 * plain object also answers to names it does not hold (`constructor`,
 * `toString`, `__proto__`), so the rules never index a record directly:
 * they read through `getOwn` and write through `withOwn`/`withoutOwn`,
 * which only ever see the record's own entries. The protocol refuses such
 * ids at the door too (hub/protocol/ids.ts); this is the second lock.
 *
 * `withOwn` and `withoutOwn` are the device's copy-on-write: each copies the
 * whole record (a copy of uuid-keyed entries, a removal and an addition in
 * turn, measures ~3.5 µs at 40 entries, ~40 µs at 500, ~220 µs at 2,000 on
 * the hub's machine under load; a spread was 7, 390 and 650: see hashRecord). So they are used
 * on records whose size a restaurant bounds, not its history, and several
 * keys of one event go in one copy (`withChanges`). hub/domain/README.md
 * "What the live state holds and its bounds" lists each collection, its
 * bound and why; hub/domain/collection-guard.test.ts fails when a rule copies
 * or walks a whole collection it does not list, copies.test.ts when an
 * applier copies one per id. Bounded: areas (40), tables (400), open orders,
 * parked orders, staff, roles, alerts (30), printers and their status,
 * categories, today's queue (999), today's book, kitchen display tickets (300
 * open + 50 bumped per station), fiscal counters (one summary counter),
 * pending summary lines (500 a day). Large, and written through these all
 * the same: upcoming reservations (60 days; read by day, never walked),
 * products (a 2,000-dish menu), bill corrections and open debts, whose
 * writes still copy them (the README says what that costs and what would
 * make it flat).
 */

/**
 * Copies the hub's engine may change in place (a transient copy-on-write, issue 20): while a call
 * runs under `withOwned(set, ...)`, a record copied by `withOwn`/`withChanges`/`withoutOwn` joins
 * `set`, and a later change to a record in `set` is made in place instead of copying it again.
 * The engine lends one set per group commit's worth of staged commands and drops it when that
 * batch goes to the disk, so a record is changed in place only while no committed state, snapshot
 * or device can hold it (hub/engine/README.md "What one command costs"). Outside `withOwned`
 * (devices, replay, every test of the rules) nothing is ever changed in place. No clock, I/O or
 * randomness: the same events give the same state either way.
 */
let owned: WeakSet<object> | null = null;

/** Runs `fn` with `set` as the records it may change in place (see `owned`); restored after, even on a throw. */
export function withOwned<T>(set: WeakSet<object>, fn: () => T): T {
  const before = owned;
  owned = set;
  try {
    return fn();
  } finally {
    owned = before;
  }
}

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
  // setter); an assignment is the cheaper call for every other key.
  if (id === '__proto__') Object.defineProperty(records, id, { value, enumerable: true, writable: true, configurable: true });
  else records[id] = value;
}

/**
 * An empty object in V8's hash-table ("dictionary") mode, for a copy of a
 * record. Keyed records have ids for keys (uuids): a spread or a rest copy
 * makes an object with "fast" properties, which means a hidden class for its
 * very set of keys, built key by key, on every copy (a new order's id is a
 * new set). Copying into a hash table costs a third of that at 64 orders, a
 * tenth at 400, reads as fast, and serializes the same (issue 20: the
 * order appliers' copies were the largest self time of a command's rules).
 * Deleting a property that is not the last one is what switches an object to
 * that mode; the object is otherwise a plain `{}`.
 */
function hashRecord<T>(): Records<T> {
  const out: Record<string, unknown> = { a: 0, b: 0 };
  delete out.a;
  delete out.b;
  return out as Records<T>;
}

/** A copy of the records, every own entry (in a hash-table object: see hashRecord). */
function copyOf<T>(records: Readonly<Records<T>>, drop?: string): Records<T> {
  const out = hashRecord<T>();
  for (const id of Object.keys(records)) if (id !== drop) setOwn(out, id, records[id] as T);
  owned?.add(out);
  return out;
}

/** The records itself when it is a copy lent to be changed in place (see `owned`), else null. */
function ownedCopy<T>(records: Readonly<Records<T>>): Records<T> | null {
  return owned !== null && owned.has(records) ? (records as Records<T>) : null;
}

/** A copy of the records with `value` under `id` (the input is never changed, unless lent: see `owned`). */
export function withOwn<T>(records: Readonly<Records<T>>, id: string, value: NoInfer<T>): Records<T> {
  const out = ownedCopy(records) ?? copyOf(records);
  setOwn(out, id, value);
  return out;
}

/** No ids: `withChanges` dropping nothing. */
export const NO_IDS: ReadonlySet<string> = new Set();

/**
 * A copy of the records with every `[id, value]` of `put` stored and every id
 * of `drop` gone, made in one copy (where `withOwn`/`withoutOwn` in turn
 * would copy once per change). The input is never changed (unless lent: see
 * `owned`); nothing to change returns it as it is.
 */
export function withChanges<T>(records: Readonly<Records<T>>, put: ReadonlyArray<readonly [string, T]>, drop: ReadonlySet<string>): Records<T> {
  let dropping = false;
  for (const id of drop) if (Object.hasOwn(records, id)) dropping = true;
  if (!dropping && put.length === 0) return records as Records<T>;
  let out = ownedCopy(records);
  if (out) {
    // `delete` removes an own entry whatever its key (no setter runs, not even for `__proto__`).
    for (const id of drop) if (Object.hasOwn(out, id)) delete out[id];
  } else if (dropping) {
    out = hashRecord<T>();
    // collection-guard: one copy for all the changes, of a record the caller bounds.
    for (const id of Object.keys(records)) if (!drop.has(id)) setOwn(out, id, records[id] as T);
    owned?.add(out);
  } else {
    out = copyOf(records);
  }
  for (const [id, value] of put) if (!drop.has(id)) setOwn(out, id, value);
  return out;
}

/** A copy of the records without `id`'s own entry (the input is never changed, unless lent: see `owned`). */
export function withoutOwn<T>(records: Readonly<Records<T>>, id: string): Records<T> {
  if (!Object.hasOwn(records, id)) return records;
  const own = ownedCopy(records);
  if (own) {
    delete own[id];
    return own;
  }
  // A copy without it (a rest copy `{ [id]: _, ...out }` builds a hidden class per copy: see hashRecord).
  return copyOf(records, id);
}

