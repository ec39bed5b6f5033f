import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '#hub/engine/engine.ts';
import type { DeviceFeed } from './device-feed.ts';
import { CatchUp } from './catch-up.ts';
import { TokenBucket } from './token-bucket.ts';

/** A catch-up whose buckets read `clock.now`, which the test moves by hand (timers may run ahead of it). */
function harness(snapshotRate: { burst: number; everyMs: number }) {
  const clock = { now: 0 };
  const sent: string[] = [];
  const notices: unknown[] = [];
  const engine = { storeId: 'store', changesSince: () => null } as unknown as Engine;
  const feed = {
    deviceHas: () => true,
    snapshot: () => sent.push('snapshot'),
    changes: () => sent.push('changes'),
    board: () => undefined,
  } as unknown as DeviceFeed;
  const catchUp = new CatchUp(
    engine,
    feed,
    { notice: (n) => notices.push(n) },
    new TokenBucket(20, 500, () => clock.now),
    new TokenBucket(snapshotRate.burst, snapshotRate.everyMs, () => clock.now),
  );
  return { clock, sent, notices, catchUp };
}

afterEach(() => vi.useRealTimers());

describe('catch-up budget', () => {
  it('a flood of resumes costs one held-back answer and one notice', () => {
    vi.useFakeTimers();
    const h = harness({ burst: 1, everyMs: 400 });
    for (let i = 0; i < 50; i++) h.catchUp.resume({ storeId: 'other', lastSeq: 0 });
    expect(h.sent).toEqual(['snapshot']);
    expect(h.notices).toHaveLength(1);
    h.clock.now = 401;
    vi.advanceTimersByTime(401);
    expect(h.sent).toEqual(['snapshot', 'snapshot']);
    expect(h.notices).toHaveLength(1);
  });

  it('a timer that fires before the clock shows the token waits again without a second notice', () => {
    vi.useFakeTimers();
    const h = harness({ burst: 1, everyMs: 400 });
    h.catchUp.resume({ storeId: 'other', lastSeq: 0 });
    h.catchUp.resume({ storeId: 'other', lastSeq: 0 });
    h.clock.now = 398; // the timer's clock ran ahead of the wall clock
    vi.advanceTimersByTime(401);
    expect(h.sent).toEqual(['snapshot']);
    h.clock.now = 420;
    vi.advanceTimersByTime(50);
    expect(h.sent).toEqual(['snapshot', 'snapshot']);
    expect(h.notices).toEqual([{ code: 'RATE_LIMITED', retryAfterSeconds: 1 }]);
  });

  it('a closed socket never gets the held-back answer', () => {
    vi.useFakeTimers();
    const h = harness({ burst: 1, everyMs: 400 });
    h.catchUp.resume({ storeId: 'other', lastSeq: 0 });
    h.catchUp.resume({ storeId: 'other', lastSeq: 0 });
    h.catchUp.close();
    h.clock.now = 1000;
    vi.advanceTimersByTime(1000);
    expect(h.sent).toEqual(['snapshot']);
  });
});
