import { SUNAT_LANE } from './lane.ts';

/** Why the SUNAT lane waits: no answer from SUNAT, no usable certificate, no (or refused) SOL user. */
export type GateReason = 'SUNAT_UNREACHABLE' | 'CERT_MISSING' | 'SOL_MISSING';

/** First wait before asking again whether the lane may go, and the longest (backoff doubles in between). */
export const FIRST_PROBE_MS = 60_000;
export const MAX_PROBE_MS = 5 * 60_000;

export type GateDeps = {
  /** Whether the reason is gone (SUNAT answers at all; a certificate loads; SOL settings, changed since `since`, are there). */
  probe: (reason: GateReason, since: string | null) => Promise<boolean>;
  /** Lets the lane's next job go now (JobService.wakeLane). */
  wake: (lane: string) => void;
  clock?: () => Date;
  log?: (message: string) => void;
  /** Timers (tests hand in their own to see the waits). */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
};

const realTimer = (run: () => void, ms: number) => {
  const t = setTimeout(run, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
};

/**
 * Holds the SUNAT lane while sending cannot work, so a day offline records
 * one try per document (the first) instead of one a minute: the job
 * service asks `paused()` before starting a job in the lane and writes
 * nothing while it says yes. A probe asks again after 1 min, then 2, 4,
 * at most 5 min apart; when the reason is gone the lane is woken at once.
 * Also what the outbox status tells of SUNAT: reachable, last contact.
 */
export class SunatGate {
  private readonly deps: GateDeps;
  private readonly clock: () => Date;
  private blocked: { reason: GateReason; since: string | null; delayMs: number; timer: { cancel(): void } | null } | null = null;
  private probing: Promise<void> | null = null;
  private stopped = false;
  reachable: boolean | null = null;
  lastContactAt: string | null = null;

  constructor(deps: GateDeps) {
    this.deps = deps;
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Whether the lane must wait (asked by the job service; writes nothing). */
  paused(lane: string): boolean {
    return lane === SUNAT_LANE && this.blocked !== null;
  }

  /** The reason the lane waits, or null. */
  get reason(): GateReason | null {
    return this.blocked?.reason ?? null;
  }

  /** The wait before the next probe (tests). */
  get nextProbeMs(): number | null {
    return this.blocked?.delayMs ?? null;
  }

  /** A job found sending impossible: hold the lane until the probe says otherwise. `since`: what the SOL settings were then. */
  block(reason: GateReason, since: string | null = null): void {
    if (this.stopped) return;
    if (this.blocked) {
      this.blocked.reason = reason;
      this.blocked.since = since;
      return;
    }
    this.deps.log?.(`einvoice: sending waits (${reason})`);
    this.blocked = { reason, since, delayMs: FIRST_PROBE_MS, timer: null };
    this.schedule();
  }

  /** SUNAT answered (anything SOAP) or could not be reached. */
  contact(answered: boolean): void {
    this.reachable = answered;
    if (answered) this.lastContactAt = this.clock().toISOString();
  }

  /** Probes now (the certificate or SOL settings were just saved; tests). */
  checkNow(): Promise<void> {
    if (!this.blocked) return Promise.resolve();
    this.probing ??= this.runProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.blocked?.timer?.cancel();
    return this.probing ?? Promise.resolve();
  }

  private schedule(): void {
    const blocked = this.blocked;
    if (!blocked || this.stopped) return;
    blocked.timer?.cancel();
    blocked.timer = (this.deps.setTimer ?? realTimer)(() => void this.checkNow(), blocked.delayMs);
  }

  private async runProbe(): Promise<void> {
    const blocked = this.blocked;
    if (!blocked) return;
    blocked.timer?.cancel();
    let clear = false;
    try {
      clear = await this.deps.probe(blocked.reason, blocked.since);
    } catch (err) {
      this.deps.log?.(`einvoice: probe failed: ${String(err)}`);
    }
    if (blocked.reason === 'SUNAT_UNREACHABLE') this.contact(clear);
    if (this.stopped || this.blocked !== blocked) return;
    if (clear) {
      this.blocked = null;
      this.deps.log?.(`einvoice: sending resumes (${blocked.reason} cleared)`);
      this.deps.wake(SUNAT_LANE);
      return;
    }
    blocked.delayMs = Math.min(blocked.delayMs * 2, MAX_PROBE_MS);
    this.schedule();
  }
}
