import { compareKeys, type IndexKey } from './index-key.ts';

/**
 * A binary min-heap of keys that also knows where each id sits, so one job
 * can leave it (it started, was cancelled) in O(log n) without a search:
 * a lane's pending jobs, its head at the top.
 */
export class IndexedHeap {
  private readonly items: IndexKey[] = [];
  private readonly pos = new Map<string, number>();

  get size(): number {
    return this.items.length;
  }

  /** A heap of keys with distinct ids, built bottom-up in O(n) (a start-up's load: no push per key). */
  static from(keys: IndexKey[]): IndexedHeap {
    const heap = new IndexedHeap();
    for (const key of keys) {
      heap.pos.set(key.id, heap.items.length);
      heap.items.push(key);
    }
    for (let i = (keys.length >> 1) - 1; i >= 0; i--) heap.down(i);
    return heap;
  }

  /** The smallest key, O(1). */
  peek(): IndexKey | undefined {
    return this.items[0];
  }

  has(id: string): boolean {
    return this.pos.has(id);
  }

  /** Adds a key (an id already in the heap is replaced). */
  push(key: IndexKey): void {
    if (this.pos.has(key.id)) this.remove(key.id);
    this.items.push(key);
    this.pos.set(key.id, this.items.length - 1);
    this.up(this.items.length - 1);
  }

  /** Takes the id out; false when it was not in. */
  remove(id: string): boolean {
    const i = this.pos.get(id);
    if (i === undefined) return false;
    this.pos.delete(id);
    const last = this.items.pop()!;
    if (i < this.items.length) {
      this.items[i] = last;
      this.pos.set(last.id, i);
      this.down(i);
      this.up(i);
    }
    return true;
  }

  private up(i: number): void {
    const items = this.items;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareKeys(items[i]!, items[parent]!) >= 0) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const items = this.items;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < items.length && compareKeys(items[l]!, items[least]!) < 0) least = l;
      if (r < items.length && compareKeys(items[r]!, items[least]!) < 0) least = r;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(i: number, j: number): void {
    const items = this.items;
    const x = items[i]!;
    const y = items[j]!;
    items[i] = y;
    items[j] = x;
    this.pos.set(y.id, i);
    this.pos.set(x.id, j);
  }
}
