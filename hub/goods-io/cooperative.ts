/**
 * Long work on the hub's one thread, done in slices: a reader calls `due()`
 * in its inner loop (cheap: it looks at the clock only every few hundred
 * calls) and, when it says so, awaits `pause()`, which lets every other
 * request, socket and timer run before the work goes on. So reading a big or
 * hostile file never holds a till's order up for more than a few
 * milliseconds, and no worker thread (awkward in the single binary) is needed.
 */
export class Slicer {
  private calls = 0;
  private since = performance.now();

  private readonly sliceMs: number;

  /** @param sliceMs how long one slice of work may run before it gives way. */
  constructor(sliceMs = 5) {
    this.sliceMs = sliceMs;
  }

  /** True when the current slice is used up and the caller should `await pause()`. */
  due(): boolean {
    if ((++this.calls & 255) !== 0) return false;
    return performance.now() - this.since >= this.sliceMs;
  }

  /**
   * The same question, looking at the clock every time: for callers whose
   * one step is a whole block of work (a native decode of 64 KB), where
   * asking only every 256th step would let many blocks run unbroken.
   */
  dueNow(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /** Gives way to everything else waiting on the event loop, then starts a new slice. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
