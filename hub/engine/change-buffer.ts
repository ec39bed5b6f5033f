import type { Change } from '#protocol';

/**
 * The most recent changes, so a device that was away a short while gets
 * exactly what it missed instead of the whole state.
 */
export class ChangeBuffer {
  private items: Change[] = [];

  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  push(change: Change): void {
    this.items.push(change);
    // Trim in chunks so that pushing stays O(1) amortised.
    if (this.items.length > this.capacity * 1.5) this.items = this.items.slice(-this.capacity);
  }

  /**
   * Changes after `seq` up to `current`, or null when the buffer no longer
   * reaches back that far (the device needs a snapshot).
   */
  since(seq: number, current: number): Change[] | null {
    if (seq === current) return [];
    if (seq > current) return null;
    const first = this.items[0];
    if (!first || first.seq > seq + 1) return null;
    // Seqs ascend in the buffer: the first change after `seq` is found by halving, not by a walk.
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid]!.seq > seq) hi = mid;
      else lo = mid + 1;
    }
    return this.items.slice(lo);
  }
}
