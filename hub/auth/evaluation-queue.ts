/**
 * Hub-wide pacing of secret checks from devices that are not enrolled.
 * Each check costs a scrypt (tens of milliseconds of a core); a flood of
 * them from many addresses must not starve the restaurant's own tills. So
 * at most `concurrency` such checks run at once and the rest wait in line
 * (first come, first served): strangers are slowed, never locked out.
 * Enrolled devices do not queue here at all. Only a line already
 * `maxWaiting` long turns a newcomer away, for a second.
 */
export class EvaluationQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly maxWaiting: number;

  constructor(concurrency = 2, maxWaiting = 256) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  /** Checks running now and waiting in line (for tests and the log). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `check` when a place is free; null without running it when the line
   * is full (the caller answers "try again in a second").
   */
  async run<T>(check: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await check();
    } finally {
      // Hand the place straight to the next in line, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
