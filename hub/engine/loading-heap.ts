import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The heap a start-up load leaves behind, handed back to the system before
 * the hub answers (issue 20 item 3, RSS at the first /api/health). Reading a
 * year's store decodes ~50 MB of lines (the job table's 20,000 tickets, a week
 * of command ids, the log tail) of which ~15 MB stay. V8 grows its heap
 * through such a load rather than collect, and keeps what it grew after the
 * garbage is gone: the young generation at its largest (2 x 8 MB,
 * installer/node-flags.ts) and the freed old-generation pages in its page
 * pool for reuse. A plain full collection frees objects but keeps both (one
 * after the job table took RSS 186-189 -> 170-172 MB; that was all it did).
 * V8's memory-reducing collection (the `last-resort` flavour of `gc`, as on a
 * low-memory notification: full collections that compact, shrink the young
 * generation and release pooled pages) gives them back: once the hub is set
 * up and before it listens (`releaseAfterLoad`, hub/server.ts), RSS at first
 * health 171 -> 152 MB on the benchmark's year as shipped (hub/engine/README.md
 * "Start-up memory"). It replaced the plain collection after the job table:
 * with both, RSS at health is the same and the start pays one more full
 * collection (40-90 ms on a loaded machine); without the early one the peak
 * during the load is ~8 MB higher (~168 MB, below the 172 it was before).
 *
 * Node has no API for a collection; `--expose-gc` set at run time exposes
 * `gc` to contexts created after it, so one small context is made once, its
 * `gc` kept, and the flag set back. Nothing else changes: collections V8
 * would run later, now, while nothing waits for the hub.
 */

/** Heap growth during a load past which it counts as large (its left-over heap is released once the hub is set up). */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/** What `gc` takes when exposed (V8's gc extension): `last-resort` is the memory-reducing collection. */
type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;

let fullCollection: Collect | null = null;

/** Set when a load's step grew the heap past the threshold: its left-over heap is released once the hub is ready. */
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
  private readonly mark = heapUsed();
  private readonly threshold: number;

  constructor(threshold: number = COLLECT_AFTER_BYTES) {
    this.threshold = threshold;
  }

  /**
   * After a loading step: whether the heap grew past the threshold since the
   * load began (a small store never counts), in which case `releaseAfterLoad`
   * will hand the load's left-over heap back. Collects nothing itself.
   */
  settle(): boolean {
    if (heapUsed() - this.mark <= this.threshold) return false;
    largeLoadToRelease = true;
    return true;
  }
}

/**
 * Once the hub is ready, before it listens: after a large load (a `settle()`
 * said so), one memory-reducing collection gives the heap V8 kept through
 * the load back to the system (see above). Nothing when no load was large (a
 * new or small store, tests), and only once per load. Returns whether it ran.
 */
export function releaseAfterLoad(): boolean {
  if (!largeLoadToRelease) return false;
  largeLoadToRelease = false;
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
