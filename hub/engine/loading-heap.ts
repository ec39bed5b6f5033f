import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Garbage of a start-up load collected before it becomes resident memory
 * (issue 20 item 3, RSS at the first /api/health). Reading a year's store
 * decodes ~50 MB of lines (the job table's 20,000 tickets, a week of command
 * ids, the log tail) of which ~20 MB stay; with V8's young generation kept
 * small (installer/node-flags.ts) much of the rest is promoted before it
 * dies, and V8 grows the old generation rather than run a full collection in
 * the middle of a busy load: the pages it grows stay in RSS after the
 * garbage on them is gone. One full collection after the largest step (the
 * job table) lets the replay reuse those pages (measured on the benchmark's
 * year, bundled hub: RSS at first health 186-189 -> 170-172 MB, ~+50 ms of
 * CPU; a second one after the replay gained nothing more; hub/engine/README.md).
 *
 * Node has no API for a full collection; `--expose-gc` set at run time
 * exposes `gc` to contexts created after it, so one small context is made
 * once, its `gc` kept, and the flag set back. Nothing else changes: the same
 * collection V8 would run later, now, while nothing waits for the hub.
 */

/** Heap growth since the last collection past which a loading step's garbage is collected. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

let fullCollection: (() => void) | null = null;

function collector(): () => void {
  if (fullCollection) return fullCollection;
  setFlagsFromString('--expose-gc');
  try {
    fullCollection = runInNewContext('gc') as () => void;
  } finally {
    // Later contexts (and code that checks for a global gc) see the flag as it was.
    setFlagsFromString('--no-expose-gc');
  }
  return fullCollection;
}

const heapUsed = (): number => getHeapStatistics().used_heap_size;

/** The heap during one load: `settle()` after each large step. */
export class LoadingHeap {
  private mark = heapUsed();
  private readonly threshold: number;

  constructor(threshold: number = COLLECT_AFTER_BYTES) {
    this.threshold = threshold;
  }

  /**
   * After a loading step: a full collection when the heap grew by more than
   * the threshold since the last one (a small store never pays for one).
   * Returns whether it ran.
   */
  settle(): boolean {
    if (heapUsed() - this.mark <= this.threshold) return false;
    collector()();
    this.mark = heapUsed();
    return true;
  }
}
