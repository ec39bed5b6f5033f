import type { TokenBucket } from './token-bucket.ts';

/**
 * The pace of one socket's commands. Commands start in arrival order (the
 * hub decides in that order, and a device's outbox relies on it); at most
 * `maxInFlight` may be received and not yet acknowledged, the rest are
 * refused at once (the device keeps them and resends), so a flood can never
 * queue unbounded work. Within that cap, commands beyond the socket's rate
 * wait their turn rather than being refused: a device catching up after a
 * long offline spell is slowed, never told "no".
 */
export class CommandGate {
  private readonly queue: Array<() => Promise<void>> = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  private readonly maxInFlight: number;
  private readonly rate: TokenBucket;

  constructor(maxInFlight: number, rate: TokenBucket) {
    this.maxInFlight = maxInFlight;
    this.rate = rate;
  }

  /** Runs `work` in its turn; false (and `work` never runs) when the socket already has too many in flight. */
  admit(work: () => Promise<void>): boolean {
    if (this.closed || this.inFlight >= this.maxInFlight) return false;
    this.inFlight += 1;
    this.queue.push(work);
    this.pump();
    return true;
  }

  /** Drops what has not started (the socket closed: no reply can reach it, and the device resends). */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.queue.length = 0;
  }

  private pump(): void {
    while (this.queue.length > 0 && this.rate.take()) {
      const work = this.queue.shift()!;
      // The work reports its own failures (it acknowledges them); here only the count matters.
      const done = () => {
        this.inFlight -= 1;
      };
      work().then(done, done);
    }
    if (this.queue.length > 0 && this.timer === undefined && !this.closed) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, this.rate.msUntilToken());
    }
  }
}
