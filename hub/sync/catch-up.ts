import type { Engine } from '#hub/engine/engine.ts';
import type { Change, Resume } from '#protocol';
import type { DeviceFeed, DeviceOutbox } from './device-feed.ts';
import type { TokenBucket } from './token-bucket.ts';

export { socketOutbox, type DeviceOutbox as CatchUpOutbox } from './device-feed.ts';

/**
 * What one socket missed, sent at the handshake and again at each `resume`.
 * The handshake's answer is always sent at once (handshakes have their own
 * budget). A `resume` spends one of the socket's resume tokens, and one of
 * the session's snapshot tokens when only a snapshot will do; without a
 * token the answer waits (the device is told by a notice) and is sent by
 * itself when the budget allows. Resumes that arrive while one waits are
 * folded into it: a flood costs one answer, never a queue. Answers go
 * through the socket's feed, shaped for its person; a device whose copy was
 * shaped for another view (another person, a changed role) gets a snapshot.
 */
export class CatchUp {
  private waiting: Resume | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private readonly engine: Engine;
  private readonly feed: DeviceFeed;
  private readonly out: Pick<DeviceOutbox, 'notice'>;
  private readonly resumes: TokenBucket;
  private readonly snapshots: TokenBucket;

  constructor(engine: Engine, feed: DeviceFeed, out: Pick<DeviceOutbox, 'notice'>, resumes: TokenBucket, snapshots: TokenBucket) {
    this.engine = engine;
    this.feed = feed;
    this.out = out;
    this.resumes = resumes;
    this.snapshots = snapshots;
  }

  /** The handshake's catch-up: always at once. */
  atHandshake(request: Resume): void {
    this.send(this.missed(request));
  }

  /** A `resume` from the device. */
  resume(request: Resume): void {
    if (this.waiting) {
      this.waiting = request;
      return;
    }
    this.serve(request);
  }

  /** Stops a waiting answer (the socket closed). */
  close(): void {
    clearTimeout(this.timer);
    this.waiting = null;
  }

  private missed(request: Resume): Change[] | null {
    if (request.storeId !== this.engine.storeId || !this.feed.deviceHas(request.view)) return null;
    return this.engine.changesSince(request.lastSeq);
  }

  /** `told`: the device already holds a notice for this answer (a timer found the budget still short). */
  private serve(request: Resume, told = false): void {
    if (!this.resumes.take()) return this.wait(request, this.resumes.msUntilToken(), told);
    const missed = this.missed(request);
    if (missed === null && !this.snapshots.take()) return this.wait(request, this.snapshots.msUntilToken(), told);
    this.send(missed);
  }

  /**
   * Runs synchronously, so no commit can slip between it and the live changes that follow.
   * The job board goes with every answer: jobs are not in the state, and a device coming
   * back needs their counts now, not at the next job change.
   */
  private send(missed: Change[] | null): void {
    if (missed === null) this.feed.snapshot();
    else this.feed.changes(missed);
    this.feed.board();
  }

  /**
   * One notice per held-back answer: a timer may fire a millisecond before the wall clock
   * shows the token (timers and Date.now are different clocks), and the wait that follows
   * is the same answer's, not a new one to announce.
   */
  private wait(request: Resume, ms: number, told: boolean): void {
    this.waiting = request;
    if (!told) this.out.notice({ code: 'RATE_LIMITED', retryAfterSeconds: Math.ceil(ms / 1000) });
    this.timer = setTimeout(() => {
      const latest = this.waiting;
      this.waiting = null;
      if (latest) this.serve(latest, true);
    }, ms + 1);
    this.timer.unref?.();
  }
}
