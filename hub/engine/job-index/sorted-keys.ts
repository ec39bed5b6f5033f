import { compareKeys, type IndexKey } from './index-key.ts';

/** Keys per block: a block's insert or delete moves at most about this many pointers. */
const BLOCK = 256;

/** Compares a key with a position given as (a, b) only: the id does not count. */
function comparePos(k: IndexKey, a: number, b: number): number {
  return k.a - a || k.b - b;
}

/**
 * Keys kept sorted in blocks of at most 2 x BLOCK (a list of sorted blocks,
 * as a B-tree's leaves): insert, delete and seek are two binary searches and
 * a splice inside one block, so a change costs O(log n + BLOCK) whatever the
 * size, and a page is read from a seek onwards, costing its own length. Keys
 * mostly arrive at the end (a job changes now, its key is its change time),
 * where a block is simply appended to.
 */
export class SortedKeys {
  private blocks: IndexKey[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Keys already in ascending order, cut into full blocks at once (a start-up's load: no insert per key). */
  static fromSorted(keys: IndexKey[]): SortedKeys {
    const index = new SortedKeys();
    for (let i = 0; i < keys.length; i += BLOCK) index.blocks.push(keys.slice(i, i + BLOCK));
    index.count = keys.length;
    return index;
  }

  insert(key: IndexKey): void {
    this.count++;
    if (this.blocks.length === 0) {
      this.blocks.push([key]);
      return;
    }
    const bi = this.blockFor(key);
    const block = this.blocks[bi]!;
    block.splice(lowerBound(block, key), 0, key);
    if (block.length > 2 * BLOCK) this.blocks.splice(bi + 1, 0, block.splice(BLOCK));
  }

  /** Takes out the key equal to `key` (same a, b and id); false when absent. */
  delete(key: IndexKey): boolean {
    if (this.blocks.length === 0) return false;
    const bi = this.blockFor(key);
    const block = this.blocks[bi]!;
    const i = lowerBound(block, key);
    if (i >= block.length || compareKeys(block[i]!, key) !== 0) return false;
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) this.blocks.splice(bi, 1);
    return true;
  }

  /** The keys in ascending order (the caller stops when it has enough). */
  *ascending(): Generator<IndexKey> {
    for (const block of this.blocks) for (const key of block) yield key;
  }

  /**
   * The keys before the position (a, b) in descending order, or from the
   * last key when no position is given: a page of "newest first".
   */
  *descendingBefore(a?: number, b?: number): Generator<IndexKey> {
    let bi = this.blocks.length - 1;
    let i = bi >= 0 ? this.blocks[bi]!.length - 1 : -1;
    if (a !== undefined && b !== undefined && bi >= 0) {
      // The first block whose last key is at or after the position; keys before it in that block come first.
      let lo = 0;
      let hi = this.blocks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (comparePos(this.blocks[mid]!.at(-1)!, a, b) < 0) lo = mid + 1;
        else hi = mid;
      }
      bi = lo;
      if (bi === this.blocks.length) {
        bi--;
        i = this.blocks[bi]!.length - 1;
      } else {
        const block = this.blocks[bi]!;
        let l = 0;
        let h = block.length;
        while (l < h) {
          const mid = (l + h) >> 1;
          if (comparePos(block[mid]!, a, b) < 0) l = mid + 1;
          else h = mid;
        }
        i = l - 1;
      }
    }
    for (; bi >= 0; bi--) {
      const block = this.blocks[bi]!;
      if (i >= block.length) i = block.length - 1;
      for (; i >= 0; i--) yield block[i]!;
      i = Infinity;
    }
  }

  /** The block a key belongs in: the first whose last key is not before it, else the last block. */
  private blockFor(key: IndexKey): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(this.blocks[mid]!.at(-1)!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The first index of `block` whose key is not before `key`. */
function lowerBound(block: readonly IndexKey[], key: IndexKey): number {
  let lo = 0;
  let hi = block.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(block[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
