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

/*
 * The second half, `releaseAfterLoad()`: once the hub is set up and before it
 * listens, a large load's left-over heap is handed back to the system. After
 * reading a year's store V8 keeps ~20 MB it no longer needs: the young
 * generation grown to its largest (2 x 8 MB, installer/node-flags.ts) and the
 * freed old-generation pages kept in its page pool for reuse. A plain full
 * collection frees objects but keeps both; only V8's memory-reducing
 * collection (the `last-resort` flavour of `gc`, as on a low-memory
 * notification: full collections that compact, shrink the young generation
 * and release pooled pages) gives them back. Measured on the benchmark's year
 * as shipped: RSS at first health 171-173 -> 150-154 MB (hub/engine/README.md
 * "Start-up memory").
 */

/** Heap growth since the last collection past which a loading step's garbage is collected. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/** What `gc` takes when exposed (V8's gc extension): `last-resort` is the memory-reducing collection. */
type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;

let fullCollection: Collect | null = null;

/** Set when a load's step was large enough to collect: the load's left-over heap is released once the hub is ready. */
let largeLoadToRelease = false;

function collector(): Collect {
  if (fullCollection) return fullCollection;
  setFlagsFromString('--expose-gc');
  try {
    fullCollection = runInNewContext('gc') as Collect;
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
    largeLoadToRelease = true;
    return true;
  }
}

/**
 * Once the hub is ready, before it listens: after a large load (a `settle()`
 * collected), one memory-reducing collection gives the heap V8 kept through
 * the load back to the system (see above). Nothing when no load was large (a
 * new or small store, tests), and only once per load. Returns whether it ran.
 */
export function releaseAfterLoad(): boolean {
  if (!largeLoadToRelease) return false;
  largeLoadToRelease = false;
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
