/**
 * JSON text of a large value, produced in slices so that the event loop runs
 * between them: a snapshot of a busy store (open orders, a week of command
 * ids) takes tens of milliseconds to stringify, and a hub must not hold every
 * acknowledgement that long. The text is exactly `JSON.stringify(value)`.
 *
 * The top two levels (the file, the state) are always walked; deeper, only
 * plain objects and arrays with more than `SMALL` entries (the orders, the
 * products, the command ids). Anything smaller (an order, a product, one
 * command id) goes to JSON.stringify whole, faster than any walk in JavaScript.
 */

/** Containers up to this many entries are stringified in one call (below the top levels). */
const SMALL = 32;
/** Levels walked whatever their size: a small object may hold a large one. */
const TOP_LEVELS = 2;

/**
 * Where the text goes. `flush` is awaited at every pause: the place to write what `push` collected.
 * `pushBytes`, when the sink has it, takes a kept container's text as its UTF-8 bytes (the snapshot
 * file: no joining and encoding it again); without it that text comes through `push`.
 */
export type JsonSink = {
  push(text: string): void;
  pushBytes?(bytes: Buffer): void;
  flush(): Promise<void>;
};

/**
 * The text of large containers below the top levels whose entries are all
 * written whole (a bucket of members or coupons, the products, the orders),
 * by the object itself. The live state is never changed in place (a change
 * makes a new copy of the record it touches: hub/domain/records.ts), so the
 * same object has the same text: the next snapshot writes an unchanged bucket
 * from here instead of stringifying its entries again (issue 20: a snapshot
 * costs what changed; with 20,000 members and 50,000 coupons their JSON was
 * the largest self time of a snapshot). Weak: a replaced bucket's text goes
 * with it. Only leaf containers are kept, so no text is held twice.
 */
const texts = new WeakMap<object, string | Buffer>();

/** Kept texts at least this long are written as bytes (a bucket of ~80 members is ~36 KB). */
const KEPT_BYTES_FROM = 4096;

/** Writes `JSON.stringify(value)` into `sink`, pausing whenever a slice has run `sliceMs` milliseconds. */
export async function stringifyInSlices(value: unknown, sink: JsonSink, sliceMs = 2): Promise<void> {
  let sliceStart = performance.now();
  const pause = async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await sink.flush();
    // The flush may have had nothing to write: give the loop its turn all the same.
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };

  // The text of the container being walked, gathered for `texts` while all its entries are written
  // whole; dropped (null) once one of them is walked itself (then that one is the leaf).
  let gathered: string[] | null = null;
  const out = (text: string) => {
    sink.push(text);
    gathered?.push(text);
  };
  // A kept text, as bytes where the sink takes them (its parent is never kept: gathered is null here).
  // A text is kept as a string and made bytes the first time it is written again: a container that
  // changes before every snapshot (an open order, on a busy hub most of them) never pays the encoding,
  // one that stays (a bucket of members) pays it once (bench: snapshot acks on the empty hub).
  const outKept = (v: object, known: string | Buffer) => {
    // Text while a parent gathers its own (it is kept too), or where the sink takes no bytes.
    if (gathered !== null || !sink.pushBytes) {
      out(typeof known === 'string' ? known : known.toString('utf8'));
      return;
    }
    // A small text goes on with the others (encoded in one run): a Buffer per small container costs more than it saves.
    if (typeof known === 'string' && known.length < KEPT_BYTES_FROM) {
      sink.push(known);
      return;
    }
    const bytes = typeof known === 'string' ? Buffer.from(known, 'utf8') : known;
    if (bytes !== known) texts.set(v, bytes);
    sink.pushBytes(bytes);
  };

  // `keys`: the object's own keys when the caller listed them already (listing a
  // 20,000-key record costs about 2 ms: once per object, never three times).
  const write = async (v: unknown, depth: number, keys: string[] | null): Promise<void> => {
    const cacheable = depth >= TOP_LEVELS && typeof v === 'object' && v !== null;
    const known = keptText(v, depth);
    if (known !== undefined) {
      // The value itself or an entry its caller did not look up: its parent may still gather it (outKept).
      outKept(v as object, known);
      return;
    }
    const outer = gathered;
    gathered = cacheable ? [] : null;
    if (Array.isArray(v) && (depth < TOP_LEVELS || v.length > SMALL)) {
      out('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out(',');
        const item: unknown = v[i];
        const known = keptText(item, depth + 1);
        // A kept entry's own keys are not listed again (a bucket of 80 members: ~80 keys, 1,500 buckets a snapshot).
        const itemKeys = known === undefined ? walkableKeys(item, depth + 1) : null;
        if (known !== undefined) {
          gathered = null;
          outKept(item as object, known);
        } else if (itemKeys) {
          gathered = null;
          await write(item, depth + 1, itemKeys);
        }
        // JSON.stringify writes a function, symbol or undefined in an array as null.
        else out(JSON.stringify(item) ?? 'null');
        await pause();
      }
      out(']');
      done(v);
      gathered = outer;
      return;
    }
    const own = keys ?? walkableKeys(v, depth);
    if (!Array.isArray(v) && own) {
      out('{');
      let first = true;
      for (const key of own) {
        const item: unknown = (v as Record<string, unknown>)[key];
        const known = keptText(item, depth + 1);
        const itemKeys = known === undefined ? walkableKeys(item, depth + 1) : null;
        const text = known !== undefined || itemKeys ? null : JSON.stringify(item);
        // ...and leaves such a member out of an object.
        if (text === undefined) continue;
        out(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        if (known !== undefined) {
          // Its parent holds a walked container: not a leaf, as when write() is called for it.
          gathered = null;
          outKept(item as object, known);
        } else if (text === null) {
          gathered = null;
          await write(item, depth + 1, itemKeys);
        } else out(text);
        await pause();
      }
      out('}');
      done(v);
      gathered = outer;
      return;
    }
    gathered = outer;
    out(JSON.stringify(v) ?? 'null');
  };
  // A walked container whose text was gathered whole is kept for the next snapshot.
  const done = (v: unknown) => {
    if (gathered !== null && typeof v === 'object' && v !== null) texts.set(v, gathered.join(''));
  };

  await write(value, 0, null);
}

/** The text the last snapshot made for this very container, if it was a leaf then (only below the top levels). */
function keptText(v: unknown, depth: number): string | Buffer | undefined {
  return depth >= TOP_LEVELS && typeof v === 'object' && v !== null ? texts.get(v) : undefined;
}

/**
 * What to walk entry by entry (near the top, or large): for an array, `[]`
 * (its indexes are walked); for a plain object, its own keys; null for
 * anything JSON.stringify should write whole.
 */
function walkableKeys(v: unknown, depth: number): string[] | null {
  if (typeof v !== 'object' || v === null) return null;
  if (Array.isArray(v)) return depth < TOP_LEVELS || v.length > SMALL ? [] : null;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return null;
  // A value with its own toJSON says how it is written: leave that to JSON.stringify.
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return null;
  const keys = Object.keys(v);
  return depth < TOP_LEVELS || keys.length > SMALL ? keys : null;
}
