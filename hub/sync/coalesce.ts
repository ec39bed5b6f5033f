/** Timers a coalescer uses (the real ones by default; tests may step them). */
export type CoalesceTimers = {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

const REAL_TIMERS: CoalesceTimers = {
  now: () => performance.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `run` at most once per `intervalMs` however often it is poked, and
 * always once after the last poke (a trailing run is guaranteed: what
 * changed in the meantime is read when it runs, so nothing is left unsaid).
 * The first poke after a quiet spell runs on the next turn of the event loop
 * (never inside the poker: the job table pokes from the engine's commit, which
 * must not wait for a push; and the records committed together go in one run).
 * Used for the job board push: 2,000 tickets queued in a second cost each
 * device five boards.
 */
export class Coalescer {
  private timer: unknown = null;
  private last = -Infinity;
  private closed = false;
  private readonly intervalMs: number;
  private readonly run: () => void;
  private readonly timers: CoalesceTimers;

  constructor(intervalMs: number, run: () => void, timers: CoalesceTimers = REAL_TIMERS) {
    this.intervalMs = intervalMs;
    this.run = run;
    this.timers = timers;
  }

  /** Something changed: run soon if the last run is old enough, else once when it is. */
  poke(): void {
    if (this.closed || this.timer !== null) return;
    const wait = Math.max(0, this.last + this.intervalMs - this.timers.now());
    this.timer = this.timers.set(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = null;
    if (this.closed) return;
    this.last = this.timers.now();
    this.run();
  }

  /** No more runs (a pending one is dropped). */
  close(): void {
    this.closed = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
