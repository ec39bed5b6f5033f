import type { ErrorCode } from '#protocol';
import { TokenBucket } from './token-bucket.ts';

/** `burst` at once, then one more every `everyMs`. */
export type Rate = { burst: number; everyMs: number };

/** How much one session, one address and one socket may ask of the hub's live channel. */
export type SocketLimits = {
  /** Open sockets of one session (one device: its tabs, a phone's half-dead old socket). A new one beyond closes the oldest. */
  socketsPerSession: number;
  /** Open sockets from one network address (several devices behind one address). A new one beyond is refused. */
  socketsPerAddress: number;
  /** Handshakes of one session; each may send a whole snapshot. Beyond: refused with RATE_LIMITED, the device retries. */
  handshakesPerSession: Rate;
  /** Snapshots sent for `resume` requests, shared by a session's sockets. Beyond: sent later, when the rate allows. */
  resumeSnapshotsPerSession: Rate;
  /** `resume` requests answered per socket (missed changes are cheap, not free). Beyond: answered later. */
  resumesPerSocket: Rate;
  /** Commands of one socket received and not yet acknowledged. Beyond: RATE_LIMITED at once (the device resends). */
  commandsInFlightPerSocket: number;
  /** Commands of one socket started per time; beyond, they wait their turn (in order) within the in-flight cap. */
  commandsPerSocket: Rate;
};

/**
 * Numbers no restaurant meets: a device uses one or a few sockets, reconnects
 * a few times an hour and needs a snapshot about once per start; a device's
 * outbox sends at most 16 commands at a time (client/src/sync/outbox.ts).
 * They only stop floods: 11 MB of snapshot for 14 bytes of `resume`, or
 * thousands of commands queued behind one socket. 500 commands a second is
 * far above any device (a busy till sends one every few seconds; a long
 * offline queue drains through its window of 16) and cheap for the hub.
 */
export const SOCKET_LIMITS: SocketLimits = {
  socketsPerSession: 32,
  socketsPerAddress: 64,
  handshakesPerSession: { burst: 40, everyMs: 3_000 },
  resumeSnapshotsPerSession: { burst: 3, everyMs: 20_000 },
  resumesPerSocket: { burst: 20, everyMs: 500 },
  commandsInFlightPerSocket: 64,
  commandsPerSocket: { burst: 500, everyMs: 2 },
};

/** A bucket for a Rate. */
export function bucketOf(rate: Rate, now: () => number = Date.now): TokenBucket {
  return new TokenBucket(rate.burst, rate.everyMs, now);
}

/**
 * Who holds which sockets: per session (oldest first) and per address, and
 * each session's handshake and snapshot budgets. The budgets live as long as
 * the session, not its sockets, so closing and reopening does not refill them.
 */
export class SocketRegistry<S> {
  private readonly bySession = new Map<string, S[]>();
  private readonly byAddress = new Map<string, number>();
  private readonly handshakes = new Map<string, TokenBucket>();
  private readonly snapshots = new Map<string, TokenBucket>();

  readonly limits: SocketLimits;
  private readonly now: () => number;

  constructor(limits: SocketLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  private budget(map: Map<string, TokenBucket>, sessionId: string, rate: Rate): TokenBucket {
    let bucket = map.get(sessionId);
    if (!bucket) map.set(sessionId, (bucket = bucketOf(rate, this.now)));
    return bucket;
  }

  /** At a handshake: null lets it in, else the refusal's code. */
  admit(sessionId: string, address: string): ErrorCode | null {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.socketsPerAddress) return 'TOO_MANY_CONNECTIONS';
    if (!this.budget(this.handshakes, sessionId, this.limits.handshakesPerSession).take()) return 'RATE_LIMITED';
    return null;
  }

  /** Records a connected socket; answers the session's oldest sockets that must now close to keep the cap. */
  add(sessionId: string, address: string, socket: S): S[] {
    const list = this.bySession.get(sessionId) ?? [];
    list.push(socket);
    this.bySession.set(sessionId, list);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    return list.slice(0, Math.max(0, list.length - this.limits.socketsPerSession));
  }

  /** Forgets a closed socket. */
  remove(sessionId: string, address: string, socket: S): void {
    const list = this.bySession.get(sessionId)?.filter((s) => s !== socket) ?? [];
    if (list.length > 0) this.bySession.set(sessionId, list);
    else this.bySession.delete(sessionId);
    const count = (this.byAddress.get(address) ?? 1) - 1;
    if (count > 0) this.byAddress.set(address, count);
    else this.byAddress.delete(address);
  }

  /** The snapshot budget a session's `resume` requests share. */
  snapshotBudget(sessionId: string): TokenBucket {
    return this.budget(this.snapshots, sessionId, this.limits.resumeSnapshotsPerSession);
  }

  /** Drops the budgets of sessions that ended (their sockets are being closed). */
  forget(sessionIds: readonly string[]): void {
    for (const id of sessionIds) {
      this.handshakes.delete(id);
      this.snapshots.delete(id);
    }
  }
}
