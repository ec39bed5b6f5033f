/**
 * Command ids written the way devices make them (a lowercase UUID, 36
 * characters) kept as 16 bytes each with their seq (issue 20 item 3, RSS at
 * start-up): a week of ids held as strings in a `Map` took ~120 bytes an id
 * (the string alone ~56), this ~30-35 (hub/engine/README.md "Start-up memory").
 * Any other id (upper case, hub-made ids with a suffix) is not packed:
 * `ProcessedIds` keeps those as strings, so two ids are the same here exactly
 * when their strings are.
 *
 * The ids and seqs lie in chunks of CHUNK ids (typed arrays, 6 KB), each
 * chunk belonging to one group (`PackedGroup`: ProcessedIds makes one per
 * hour), filled in order and dropped with their group. An open-addressing
 * hash table of 4-byte handles (chunk, place) finds an id: linear probing, a
 * removal shifting the entries after it back (no tombstones, so a table that
 * sees ids come and go for a year never fills with them).
 */

/** Words of one packed id: the 32 hex digits of a UUID as four 32-bit numbers. */
const WORDS = 4;
/** A slot holding this has no id (handles are never negative). */
const EMPTY = -1;
const MIN_CAPACITY = 1 << 10;
/** Grown (doubled) past this share of slots used, shrunk (halved) under the lower one. */
const MAX_LOAD = 0.75;
const MIN_LOAD = 0.1;

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[97 + i] = 10 + i;
/** Offsets of the dashes in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const DASHES = [8, 13, 18, 23];

/**
 * Packs `id` into `out` (four words) when it is a lowercase UUID; false
 * (`out` partly written, to be ignored) for anything else. Version and variant digits are
 * not checked: any 32 lowercase hex digits in that layout pack, and unpack
 * to the same string.
 */
export function packId(id: string, out: Uint32Array): boolean {
  if (id.length !== 36) return false;
  for (const d of DASHES) if (id.charCodeAt(d) !== 45) return false;
  let w = 0;
  let word = 0;
  let digits = 0;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue;
    const c = id.charCodeAt(i);
    const v = c < 128 ? HEX[c]! : -1;
    if (v < 0) return false;
    word = (word << 4) | v;
    if (++digits === 8) {
      out[w++] = word >>> 0;
      word = 0;
      digits = 0;
    }
  }
  return true;
}

/** The id string of four packed words (tests and tools; ids are never unpacked on a command's path). */
export function unpackId(words: ArrayLike<number>, at = 0): string {
  const hex = [0, 1, 2, 3].map((k) => (words[at + k]! >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A 32-bit hash of four words (UUIDs of version 7 are ordered in their first words: all four are mixed). */
function hashOf(k: ArrayLike<number>, at: number): number {
  let h = Math.imul(k[at]! ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15) ^ k[at + 1]!, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13) ^ k[at + 2]!, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16) ^ k[at + 3]!, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Ids per chunk: a handle is chunk number x CHUNK + place. */
const CHUNK = 256;

/** The ids added under one group (an hour of ProcessedIds), dropped together. Made by the table. */
export type PackedGroup = { readonly chunks: number[]; last: number; count: number };

export class PackedIdTable {
  /** Handles of ids, or EMPTY. */
  private slots: Int32Array;
  private mask: number;
  private count = 0;
  /** Per chunk number: its ids' words and their seqs (undefined: a free number). */
  private readonly chunkKeys: (Uint32Array | undefined)[] = [];
  private readonly chunkSeqs: (Float64Array | undefined)[] = [];
  private readonly freeChunks: number[] = [];

  constructor(capacity = MIN_CAPACITY) {
    const cap = Math.max(MIN_CAPACITY, 2 ** Math.ceil(Math.log2(capacity)));
    this.slots = new Int32Array(cap).fill(EMPTY);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Slots (tests: the table grows and shrinks with what it holds). */
  get capacity(): number {
    return this.mask + 1;
  }

  /** Chunks in use (tests: a dropped group gives its chunks back). */
  get chunksInUse(): number {
    return this.chunkKeys.length - this.freeChunks.length;
  }

  group(): PackedGroup {
    return { chunks: [], last: CHUNK, count: 0 };
  }

  /** The seq of the packed id `key` (four words from `at`), or undefined. */
  get(key: ArrayLike<number>, at = 0): number | undefined {
    const i = this.find(key, at);
    return i < 0 ? undefined : this.seqOf(this.slots[i]!);
  }

  /** Adds the id with its seq under `group`; false (nothing changed) when it is there already. */
  add(key: ArrayLike<number>, seq: number, group: PackedGroup, at = 0): boolean {
    if (!(seq >= 0)) throw new RangeError(`a command's seq is a number from 0: ${seq}`);
    if (this.find(key, at) >= 0) return false;
    if ((this.count + 1) / (this.mask + 1) > MAX_LOAD) this.resize((this.mask + 1) * 2);
    if (group.last === CHUNK) {
      group.chunks.push(this.newChunk());
      group.last = 0;
    }
    const chunk = group.chunks.at(-1)!;
    const place = group.last++;
    const o = place * WORDS;
    const keys = this.chunkKeys[chunk]!;
    for (let w = 0; w < WORDS; w++) keys[o + w] = key[at + w]!;
    this.chunkSeqs[chunk]![place] = seq;
    this.put(chunk * CHUNK + place);
    this.count++;
    group.count++;
    return true;
  }

  /** Removes every id of the group and frees its chunks; returns how many went. */
  dropGroup(group: PackedGroup): number {
    let dropped = 0;
    group.chunks.forEach((chunk, c) => {
      const n = c === group.chunks.length - 1 ? group.last : CHUNK;
      for (let place = 0; place < n; place++) if (this.remove(this.chunkKeys[chunk]!, place * WORDS)) dropped++;
      this.chunkKeys[chunk] = undefined;
      this.chunkSeqs[chunk] = undefined;
      this.freeChunks.push(chunk);
    });
    group.chunks.length = 0;
    group.last = CHUNK;
    group.count = 0;
    if (this.mask + 1 > MIN_CAPACITY && this.count / (this.mask + 1) < MIN_LOAD) this.resize(Math.max(MIN_CAPACITY, 2 ** Math.ceil(Math.log2(this.count / (MIN_LOAD * 4)))));
    return dropped;
  }

  private newChunk(): number {
    const chunk = this.freeChunks.pop() ?? this.chunkKeys.length;
    this.chunkKeys[chunk] = new Uint32Array(CHUNK * WORDS);
    this.chunkSeqs[chunk] = new Float64Array(CHUNK);
    return chunk;
  }

  private seqOf(handle: number): number {
    return this.chunkSeqs[(handle / CHUNK) | 0]![handle % CHUNK]!;
  }

  /** The hash of the id a handle points at. */
  private hashOfHandle(handle: number): number {
    return hashOf(this.chunkKeys[(handle / CHUNK) | 0]!, (handle % CHUNK) * WORDS);
  }

  /** The slot of the id, or -1. */
  private find(key: ArrayLike<number>, at: number): number {
    const { slots, mask } = this;
    const k0 = key[at]!;
    const k1 = key[at + 1]!;
    const k2 = key[at + 2]!;
    const k3 = key[at + 3]!;
    for (let i = hashOf(key, at) & mask; slots[i] !== EMPTY; i = (i + 1) & mask) {
      const handle = slots[i]!;
      const keys = this.chunkKeys[(handle / CHUNK) | 0]!;
      const o = (handle % CHUNK) * WORDS;
      if (keys[o] === k0 && keys[o + 1] === k1 && keys[o + 2] === k2 && keys[o + 3] === k3) return i;
    }
    return -1;
  }

  /** Takes the id out of the hash table (its chunk is the caller's); false when it was not there. */
  private remove(key: ArrayLike<number>, at: number): boolean {
    let i = this.find(key, at);
    if (i < 0) return false;
    const { slots, mask } = this;
    // Entries after the hole that probed past it move back into it (a probe must never cross an empty slot).
    for (let j = (i + 1) & mask; slots[j] !== EMPTY; j = (j + 1) & mask) {
      const home = this.hashOfHandle(slots[j]!) & mask;
      // j's entry may fill the hole at i unless its home lies cyclically in (i, j].
      const stays = i <= j ? i < home && home <= j : i < home || home <= j;
      if (stays) continue;
      slots[i] = slots[j]!;
      i = j;
    }
    slots[i] = EMPTY;
    this.count--;
    return true;
  }

  /** Into the first empty slot of its probe (the caller knows it is absent and that there is room). */
  private put(handle: number): void {
    const { slots, mask } = this;
    let i = this.hashOfHandle(handle) & mask;
    while (slots[i] !== EMPTY) i = (i + 1) & mask;
    slots[i] = handle;
  }

  /**
   * Every handle into a table of `capacity` slots: O(ids) once per doubling
   * or shrinking (as a `Map` rehashes when it grows), so O(1) per id added
   * or dropped on average, whatever the size.
   */
  private resize(capacity: number): void {
    const old = this.slots;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
    for (let i = 0; i < old.length; i++) if (old[i] !== EMPTY) this.put(old[i]!);
  }
}
