/**
 * A hub-wide ceiling on how many attempts of one kind are looked at per
 * minute (claim codes). It never locks: past the ceiling an attempt is told
 * to come back when the oldest of the last minute's attempts has aged out,
 * which is at most a minute. With the per-address claim count in front of
 * it, one address cannot fill it: it needs many addresses at once.
 */
export class RateWindow {
  private readonly taken: number[] = [];
  private readonly clock: () => Date;
  private readonly perWindow: number;
  private readonly windowMs: number;

  constructor(clock: () => Date, perWindow: number, windowMs = 60_000) {
    this.clock = clock;
    this.perWindow = perWindow;
    this.windowMs = windowMs;
  }

  /** Takes a place in the window: 0, or the seconds until one is free (nothing taken). */
  take(): number {
    const now = this.clock().getTime();
    while (this.taken.length > 0 && this.taken[0]! <= now - this.windowMs) this.taken.shift();
    if (this.taken.length >= this.perWindow) return Math.max(1, Math.ceil((this.taken[0]! + this.windowMs - now) / 1000));
    this.taken.push(now);
    return 0;
  }
}
