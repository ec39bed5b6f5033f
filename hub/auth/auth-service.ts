import { randomUUID } from 'node:crypto';
import type { Actor, Engine } from '../engine/engine.ts';
import type { CommandPayload, CommandType, CredentialsRequest, ErrorCode, KnownStaff, SessionInfo, Staff } from '../protocol/index.ts';
import { aliasesOf, canManageRole } from '../domain/index.ts';
import { AuthStore, type DeviceRecord, type SessionRecord } from './auth-store.ts';
import { Devices } from './devices.ts';
import { hubCommand } from './hub-command.ts';
import { hashSecret, isPasswordFormat, isPinFormat } from './secrets.ts';
import { Sessions } from './sessions.ts';
import { Throttle, type Lockout, type ThrottleKey } from './throttle.ts';

/** A flow's answer: its value, or the code that refused it (and for TOO_MANY_ATTEMPTS, the wait). */
/** Why a flow refused, for the transport to answer with (TOO_MANY_ATTEMPTS carries the wait). */
export type Refusal = { ok: false; code: ErrorCode; message?: string; retryAfter?: number };
export type Outcome<T> = { ok: true; value: T } | Refusal;
/** Builds a refusal. */
export const refused = (code: ErrorCode, extra: { message?: string; retryAfter?: number } = {}): Refusal => ({ ok: false, code, ...extra });

/** A new session: the cookies to set and what the device is told. */
export type SignedIn = { token: string; deviceToken: string | null; info: SessionInfo };

/** The hub's clock (injectable for tests) and log. */
export type AuthOptions = { clock: () => Date; log: (message: string) => void };

const SWEEP_MS = 60_000;

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
  }

  static async open(dataDir: string, engine: Engine, opts: AuthOptions): Promise<AuthService> {
    const auth = new AuthService(await AuthStore.open(dataDir), engine, opts);
    auth.watch();
    return auth;
  }

  /** The active staff member a session belongs to, or null (disabled, unknown). */
  staffOf(session: SessionRecord): Staff | null {
    const staff = this.engine.state.staff[session.staffId];
    return staff && !staff.disabled ? staff : null;
  }

  /** The live session of a cookie whose person is still active, or null. */
  session(token: string | undefined): SessionRecord | null {
    const s = this.sessions.find(token);
    return s && this.staffOf(s) ? s : null;
  }

  /** What a signed-in device is told about itself. */
  info(session: SessionRecord): SessionInfo {
    const staff = this.engine.state.staff[session.staffId]!;
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
    const staff = this.engine.state.staff;
    return (device?.staffIds ?? []).flatMap((id) => {
      const s = staff[id];
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
      doc.secrets[staffId] = { ...doc.secrets[staffId], pin: hash };
    });
  }

  /**
   * Sets a staff member's PIN and/or password: only someone with the staff
   * alias who may manage that person's role. The change is noted in the log
   * without the secret; the person's sessions on other devices end.
   */
  async setCredentials(actor: Actor, staffId: string, req: CredentialsRequest): Promise<Outcome<null>> {
    const state = this.engine.state;
    const target = state.staff[staffId];
    if (!target) return refused('NOT_FOUND');
    if (!aliasesOf(state, actor.staffId).has('staff') || !canManageRole(state, actor.staffId, target.roleId)) return refused('FORBIDDEN');
    if (req.pin === undefined && req.password === undefined && !req.clearPassword) return refused('REQUIRED_FIELD');
    if (req.pin !== undefined && !isPinFormat(req.pin)) return refused('PIN_FORMAT');
    if (req.password !== undefined && !isPasswordFormat(req.password)) return refused('PASSWORD_FORMAT');
    const pin = req.pin === undefined ? undefined : await hashSecret(req.pin);
    const password = req.password === undefined ? undefined : await hashSecret(req.password);
    const after = await this.store.update((doc) => {
      const next = { ...doc.secrets[staffId] };
      if (pin) next.pin = pin;
      if (password) next.password = password;
      else if (req.clearPassword) delete next.password;
      doc.secrets[staffId] = next;
      return next;
    });
    if (actor.staffId !== staffId) await this.sessions.end((s) => s.staffId === staffId, 'UNAUTHORIZED');
    this.log(`auth: credentials of staff ${target.code} changed by ${actor.staffId ?? 'the hub'}`);
    await this.note('staff.noteCredentials', { staffId, hasPin: Boolean(after.pin), hasPassword: Boolean(after.password) }, actor);
    return { ok: true, value: null };
  }

  /** Counts a wrong secret; a key that locks now is logged and raised to the owner as an alert. */
  async failed(keys: ThrottleKey[], what: string, deviceId: string | null): Promise<void> {
    const locked = this.throttle.fail(keys);
    this.log(`auth: ${what} from ${deviceId ?? keys.find((k) => k.scope === 'device')?.id ?? '?'}`);
    const first = locked.filter((l) => l.first);
    if (first.length === 0) return;
    const order: Lockout['scope'][] = ['hub', 'claim', 'staff', 'device'];
    const worst = first.sort((a, b) => order.indexOf(a.scope) - order.indexOf(b.scope))[0]!;
    const staffId = keys.find((k) => k.scope === 'staff')?.id ?? null;
    this.log(`auth: ${worst.scope} ${worst.id} locked for ${worst.lockedSeconds} s after ${worst.failures} failures`);
    const alert = { id: randomUUID(), scope: worst.scope, staffId, deviceId, failures: worst.failures, lockedSeconds: worst.lockedSeconds };
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

  /** Stops listening and waits for the store's last write. */
  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    await this.store.idle();
  }
}
