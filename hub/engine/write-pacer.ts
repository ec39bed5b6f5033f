/**
 * When the engine's write loop should run (engine.ts `SubmitMode`). A device's command (`now`) is
 * written at once. The hub's own bookkeeping (`ride`: a job's start, writing mark, finish) waits,
 * at most `maxWaitMs`, for the next batch a device's command starts, so it costs no fdatasync of
 * its own, but only while devices are at work (a `now` command submitted or written within
 * `windowMs`); otherwise waiting would only delay it. The pacer only decides when: the queue,
 * the order of records and "on disk before the reply" stay the engine's.
 */
export class WritePacer {
  /** Queued records submitted `now`: the loop runs while there is one. */
  private nowQueued = 0;
  /** Riders have waited long enough (or nobody is coming): the next batch goes whoever is in it. */
  private ridersDue = false;
  private timer: NodeJS.Timeout | null = null;
  /** When the last `now` command was submitted or written (performance.now()). */
  private lastNowAt = -Infinity;

  private readonly opts: { windowMs: number; maxWaitMs: number };
  /** Called when waiting riders become due: the engine kicks its loop. */
  private readonly onRidersDue: () => void;

  constructor(opts: { windowMs: number; maxWaitMs: number }, onRidersDue: () => void) {
    this.opts = opts;
    this.onRidersDue = onRidersDue;
  }

  /** A record joined the queue; whether the loop should be kicked now (otherwise it waits for company). */
  queued(mode: 'now' | 'ride'): boolean {
    const now = performance.now();
    if (mode === 'now') {
      this.nowQueued++;
      this.lastNowAt = now;
      return true;
    }
    if (now - this.lastNowAt > this.opts.windowMs) {
      // Nobody at work lately: waiting would only delay it.
      this.ridersDue = true;
      return true;
    }
    this.arm();
    return false;
  }

  /** Whether a queue of `length` records must be written now (a `now` command, or riders that waited enough). */
  due(length: number): boolean {
    return length > 0 && (this.nowQueued > 0 || this.ridersDue);
  }

  /** Riders still queued wait at most `maxWaitMs` from now. */
  arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ridersDue = true;
      this.onRidersDue();
    }, this.opts.maxWaitMs);
  }

  /** The loop takes the whole queue as one batch: every rider in it goes; whether devices' commands are in it. */
  takeBatch(): boolean {
    const devicesAtWork = this.nowQueued > 0;
    this.reset();
    return devicesAtWork;
  }

  /** A batch is on disk: with devices' commands in it, their senders send again right after (a slow disk's write outlasts the window). */
  written(devicesAtWork: boolean): void {
    if (devicesAtWork) this.lastNowAt = performance.now();
  }

  /** Closing: riders waiting for company go now, nobody else is coming. */
  release(): void {
    this.ridersDue = true;
  }

  /** The queue was emptied (taken, or refused after a failed write): nothing waits. */
  reset(): void {
    this.nowQueued = 0;
    this.ridersDue = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
