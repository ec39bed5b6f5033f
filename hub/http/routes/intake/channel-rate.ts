/**
 * The intake API's pace, per channel: a token bucket of BURST requests that
 * refills at PER_MINUTE a minute. A web shop's dinner rush is a few orders a
 * minute; a shop stuck in a retry loop (or a stolen key) is slowed down
 * without touching the tills or the other channels. Counted in memory: a
 * restart forgives, which needs the box in hand.
 */
export const BURST = 20;
export const PER_MINUTE = 30;

type Bucket = { tokens: number; at: number };

export class ChannelRate {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: () => Date;
  private readonly burst: number;
  private readonly perMinute: number;

  constructor(clock: () => Date, burst = BURST, perMinute = PER_MINUTE) {
    this.clock = clock;
    this.burst = burst;
    this.perMinute = perMinute;
  }

  /** Takes one request's place: 0, or the whole seconds to wait before the next one is let in (nothing taken). */
  take(channelId: string): number {
    const now = this.clock().getTime();
    const b = this.buckets.get(channelId) ?? { tokens: this.burst, at: now };
    const refill = ((now - b.at) / 60_000) * this.perMinute;
    const tokens = Math.min(this.burst, b.tokens + Math.max(0, refill));
    if (tokens < 1) {
      this.buckets.set(channelId, { tokens, at: now });
      return Math.max(1, Math.ceil(((1 - tokens) * 60) / this.perMinute));
    }
    this.buckets.set(channelId, { tokens: tokens - 1, at: now });
    return 0;
  }
}
