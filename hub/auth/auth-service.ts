import { randomUUID } from 'node:crypto';
import { ApprovalTokens } from '#hub/engine/approval-tokens.ts';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { CommandPayload, CommandType, CredentialsRequest, ErrorCode, KnownStaff, SessionInfo, Staff } from '#protocol';
import { isReservedId } from '#protocol';
import { aliasesOf, canManageRole } from '#domain';
import { AuthStore, own, type DeviceRecord, type SessionRecord } from './auth-store.ts';
import { EvaluationQueue } from './evaluation-queue.ts';
import { RateWindow } from './rate-window.ts';
import { Devices } from './devices.ts';
import { hubCommand } from './hub-command.ts';
import { staffForLog } from './log-names.ts';
import { hashSecret, isPasswordFormat, isPinFormat } from './secrets.ts';
import { Sessions } from './sessions.ts';
import { Throttle, type AttemptKeys, type Reservation, type ThrottleKey, type ThrottleScope } from './throttle.ts';

/** Why a flow refused, for the transport to answer with (TOO_MANY_ATTEMPTS carries the wait). */
export type Refusal = { ok: false; code: ErrorCode; message?: string; retryAfter?: number };
/** A flow's answer: its value, or the code that refused it. */
export type Outcome<T> = { ok: true; value: T } | Refusal;
/** Builds a refusal. */
export const refused = (code: ErrorCode, extra: { message?: string; retryAfter?: number } = {}): Refusal => ({ ok: false, code, ...extra });

/** A new session: the cookies to set and what the device is told. */
export type SignedIn = { token: string; deviceToken: string | null; info: SessionInfo };

/** The hub's clock (injectable for tests) and log. */
export type AuthOptions = { clock: () => Date; log: (message: string) => void };

const SWEEP_MS = 60_000;
/** Claim codes looked at per minute, hub-wide (each address also has its own count). */
const CLAIMS_PER_MINUTE = 30;

/** The alert scope the owner's banner knows for each throttle counter. */
const ALERT_SCOPE: Record<ThrottleScope, 'device' | 'staff' | 'claim'> = { pair: 'staff', source: 'device', staff: 'staff', claim: 'claim' };
/** Which lock-out is worth the owner's attention first when one failure causes several. */
const ALERT_ORDER: ThrottleScope[] = ['claim', 'staff', 'pair', 'source'];

/**
 * Sign-in as a service of the hub: sessions, enrolled devices, throttling,
 * credentials. The HTTP routes and the socket handshake ask it who is
 * calling; it listens to the engine so that disabling someone ends their
 * sessions at once. Secrets live only in its store (auth.json).
 */
export class AuthService {
  readonly sessions: Sessions;
  readonly devices: Devices;
  readonly throttle: Throttle;
  /** Secret checks from devices not enrolled wait in this line (enrolled ones never do). */
  readonly strangers = new EvaluationQueue();
  /** The hub-wide ceiling on claim codes looked at per minute. */
  readonly claimPace: RateWindow;
  /** Manager approvals for one command each, in memory (hub/auth/approval.ts mints them, the intake redeems them). */
  readonly approvals: ApprovalTokens;
  readonly store: AuthStore;
  readonly engine: Engine;
  readonly clock: () => Date;
  readonly log: (message: string) => void;
  private stops: (() => void)[] = [];

  private constructor(store: AuthStore, engine: Engine, opts: AuthOptions) {
    this.store = store;
    this.engine = engine;
    this.clock = opts.clock;
    this.log = opts.log;
    this.sessions = new Sessions(store, opts.clock);
    this.devices = new Devices(store, opts.clock);
    this.throttle = new Throttle(opts.clock);
    this.claimPace = new RateWindow(opts.clock, CLAIMS_PER_MINUTE);
    this.approvals = new ApprovalTokens(opts.clock);
  }

  static async open(dataDir: string, engine: Engine, opts: AuthOptions): Promise<AuthService> {
    const auth = new AuthService(await AuthStore.open(dataDir), engine, opts);
    await auth.repair();
    auth.watch();
    return auth;
  }

  /** A staff member by id: only the state's own records, never a member every object answers to. */
  staffById(staffId: string): Staff | null {
    return isReservedId(staffId) ? null : (own(this.engine.state.staff, staffId) ?? null);
  }

  /** The active staff member a session belongs to, or null (disabled, unknown). */
  staffOf(session: SessionRecord): Staff | null {
    const staff = this.staffById(session.staffId);
    return staff && !staff.disabled ? staff : null;
  }

  /** The live session of a cookie whose person is still active, or null. */
  session(token: string | undefined): SessionRecord | null {
    const s = this.sessions.find(token);
    return s && this.staffOf(s) ? s : null;
  }

  /** What a signed-in device is told about itself. */
  info(session: SessionRecord): SessionInfo {
    const staff = this.staffById(session.staffId)!;
    return {
      ok: true,
      staff: { id: staff.id, name: staff.name, code: staff.code, roleId: staff.roleId },
      aliases: [...aliasesOf(this.engine.state, staff.id)],
      deviceId: session.deviceId,
      knownStaff: this.knownStaff(this.devices.byId(session.deviceId)),
    };
  }

  /** The active people who signed in fully on a device before: the PIN screen offers them. */
  knownStaff(device: DeviceRecord | null): KnownStaff[] {
    return (device?.staffIds ?? []).flatMap((id) => {
      const s = this.staffById(id);
      return s && !s.disabled ? [{ id: s.id, name: s.name, code: s.code }] : [];
    });
  }

  /** Opens a session after a right secret (or setup); a full sign-in also enrolls the device. */
  async startSession(staffId: string, device: { token: string | undefined; wantedId: string; label: string }, method: 'full' | 'pin' | 'setup'): Promise<SignedIn> {
    let deviceId = this.devices.find(device.token)?.id ?? '';
    let deviceToken: string | null = null;
    if (method === 'pin') await this.devices.remember(deviceId, staffId);
    else {
      const enrolled = await this.devices.enroll(device.token, device.wantedId, device.label, staffId);
      deviceId = enrolled.device.id;
      deviceToken = enrolled.token;
    }
    const { token, session } = await this.sessions.open(staffId, deviceId);
    await this.note('staff.noteSignIn', { staffId, method }, { staffId, deviceId });
    return { token, deviceToken, info: this.info(session) };
  }

  /** Ends a session at the person's request (or the device's idle lock); the device stays enrolled. */
  async signOut(session: SessionRecord, reason: 'signOut' | 'lock'): Promise<void> {
    await this.sessions.end((s) => s.id === session.id, 'UNAUTHORIZED');
    if (this.staffOf(session)) await this.note('staff.noteSignOut', { staffId: session.staffId, reason }, { staffId: session.staffId, deviceId: session.deviceId });
  }

  /** Stores a PIN (the demo seed and setup, acting as the hub). */
  async storePin(staffId: string, pin: string): Promise<void> {
    const hash = await hashSecret(pin);
    await this.store.update((doc) => {
      doc.secrets[staffId] = { ...own(doc.secrets, staffId), pin: hash };
    });
  }

  /**
   * Sets a staff member's PIN and/or password: only someone with the staff
   * alias who may manage that person's role. The change is noted in the log
   * without the secret; the person's sessions on other devices end.
   */
  async setCredentials(actor: Actor, staffId: string, req: CredentialsRequest): Promise<Outcome<null>> {
    const state = this.engine.state;
    // A URL may name anything: only a real staff record is ever looked up or written.
    const target = this.staffById(staffId);
    if (!target) return refused('NOT_FOUND');
    if (!aliasesOf(state, actor.staffId).has('staff') || !canManageRole(state, actor.staffId, target.roleId)) return refused('FORBIDDEN');
    if (req.pin === undefined && req.password === undefined && !req.clearPassword) return refused('REQUIRED_FIELD');
    if (req.pin !== undefined && !isPinFormat(req.pin)) return refused('PIN_FORMAT');
    if (req.password !== undefined && !isPasswordFormat(req.password)) return refused('PASSWORD_FORMAT');
    const pin = req.pin === undefined ? undefined : await hashSecret(req.pin);
    const password = req.password === undefined ? undefined : await hashSecret(req.password);
    const after = await this.store.update((doc) => {
      const next = { ...own(doc.secrets, staffId) };
      if (pin) next.pin = pin;
      if (password) next.password = password;
      else if (req.clearPassword) delete next.password;
      doc.secrets[staffId] = next;
      return next;
    });
    if (actor.staffId !== staffId) await this.sessions.end((s) => s.staffId === staffId, 'UNAUTHORIZED');
    this.log(`auth: credentials of ${staffForLog(this.engine.state, staffId)} changed by ${staffForLog(this.engine.state, actor.staffId)}`);
    await this.note('staff.noteCredentials', { staffId, hasPin: Boolean(after.pin), hasPassword: Boolean(after.password) }, actor);
    return { ok: true, value: null };
  }

  /**
   * Reserves an attempt before anything slow: it is counted as a failure now
   * and refunded by `succeeded`. Refused while a checked key is locked.
   */
  reserve(keys: AttemptKeys): Reservation | Refusal {
    const r = this.throttle.reserve(keys);
    return r.ok ? r : refused('TOO_MANY_ATTEMPTS', { retryAfter: r.retryAfter });
  }

  /** A right secret: the reserved failure is taken back and the person's own counts start afresh. */
  succeeded(reservation: Reservation, clear: readonly ThrottleKey[]): void {
    reservation.refund();
    this.throttle.clear(clear);
  }

  /** A wrong secret (already counted): logged; a key it locked is raised to the owner as an alert. */
  async failed(reservation: Reservation, what: string, source: string, staffId: string | null, deviceId: string | null): Promise<void> {
    this.log(`auth: ${what} from ${source}`);
    const first = reservation.lockouts.filter((l) => l.first);
    if (first.length === 0) return;
    const worst = [...first].sort((a, b) => ALERT_ORDER.indexOf(a.scope) - ALERT_ORDER.indexOf(b.scope))[0]!;
    this.log(`auth: ${worst.scope} ${JSON.stringify(worst.id)} locked for ${worst.lockedSeconds} s after ${worst.failures} failures`);
    const alert = { id: randomUUID(), scope: ALERT_SCOPE[worst.scope], staffId, deviceId, failures: worst.failures, lockedSeconds: worst.lockedSeconds };
    await this.note('security.raiseAlert', alert, { staffId: null, deviceId: 'hub' });
  }

  /** Records something the hub itself witnessed; a full disk must not stop anyone signing in. */
  async note<K extends CommandType>(type: K, payload: CommandPayload<K>, actor: Actor): Promise<void> {
    const reply = await this.engine.submit(hubCommand(type, payload, actor.deviceId, this.clock()), actor);
    if (!reply.ok) this.log(`auth: could not record ${type}: ${reply.code}`);
  }

  /** Disabling someone ends their sessions (their sockets drop); expired sessions are swept. */
  private watch(): void {
    this.stops.push(
      this.engine.onChange((change) => {
        for (const e of change.events) {
          if (e.type === 'staff.disabledSet' && e.disabled) void this.sessions.end((s) => s.staffId === e.staffId, 'STAFF_DISABLED').catch((err: unknown) => this.log(`auth: ending sessions failed: ${String(err)}`));
        }
      }),
    );
    const timer = setInterval(() => void this.sessions.sweep().catch(() => undefined), SWEEP_MS);
    timer.unref();
    this.stops.push(() => clearInterval(timer));
  }

  /**
   * Repairs an auth.json damaged by an older hub: a secret filed under a name
   * that is not a staff member (such as `constructor`, written through the
   * credentials route before ids were checked) is dropped, with one log line.
   */
  private async repair(): Promise<void> {
    const doc = this.store.doc;
    const strays = Object.keys(doc.secrets).filter((id) => !this.staffById(id));
    const badDevices = Object.keys(doc.devices).filter(isReservedId);
    const badSessions = Object.keys(doc.sessions).filter((id) => isReservedId(id) || !this.staffById(own(doc.sessions, id)?.staffId ?? ''));
    if (strays.length + badDevices.length + badSessions.length === 0) return;
    await this.store.update((d) => {
      for (const id of strays) delete d.secrets[id];
      for (const id of badDevices) delete d.devices[id];
      for (const id of badSessions) delete d.sessions[id];
    });
    this.log(
      `auth: repaired auth.json: dropped ${strays.length} secret(s) of no staff member (${strays.map((id) => JSON.stringify(id.slice(0, 40))).join(', ')}), ${badDevices.length} device(s) and ${badSessions.length} session(s) with impossible ids`,
    );
  }

  /** Stops listening and waits for the store's last write. */
  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    await this.store.idle();
  }
}
