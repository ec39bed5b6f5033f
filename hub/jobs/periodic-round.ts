/**
 * Work done in rounds: one at start, then one every `everyMs`, never two at
 * once (a round asked for while one runs joins it, so a test's `runNow()` and
 * the timer never record the same command twice). The hub's planners run
 * this way: the e-invoice daily summaries (hub/einvoice/outbox/summary-planner.ts)
 * and the nightly export (hub/exports/planner.ts). The timer does not keep
 * the process alive; `stop()` waits for the round under way. A round the
 * timer started that fails goes to `onError` (an unhandled rejection would
 * stop the hub); `start()` and `runNow()` give the failure to their caller.
 */
export abstract class PeriodicRound {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private readonly everyMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(everyMs: number, onError: (error: unknown) => void) {
    this.everyMs = everyMs;
    this.onError = onError;
  }

  /** The work of one round. */
  protected abstract work(): Promise<void>;

  start(): Promise<void> {
    this.timer = setInterval(() => void this.runNow().catch(this.onError), this.everyMs);
    this.timer.unref();
    return this.runNow();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One round now, or the one under way (the timer's; tests call it after moving the clock). */
  runNow(): Promise<void> {
    this.round ??= this.work().finally(() => {
      this.round = null;
    });
    return this.round;
  }
}
