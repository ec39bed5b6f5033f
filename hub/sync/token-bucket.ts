/**
 * A token bucket: `capacity` actions at once, then one more every
 * `refillMs`. The clock is passed in so tests can count without sleeping.
 */
export class TokenBucket {
  readonly capacity: number;
  readonly refillMs: number;
  private readonly now: () => number;
  private tokens: number;
  private at: number;

  constructor(capacity: number, refillMs: number, now: () => number = Date.now) {
    this.capacity = capacity;
    this.refillMs = refillMs;
    this.now = now;
    this.tokens = capacity;
    this.at = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (t - this.at) / this.refillMs);
    this.at = t;
  }

  /** Takes one token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until `take` would succeed (0: now). */
  msUntilToken(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * this.refillMs);
  }
}
