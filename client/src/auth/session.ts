import { proxy, subscribe } from 'valtio';
import type { Alias, DeviceInfo, ErrorCode, KnownStaff, SessionInfo, SetupRequest } from '#protocol';
import { connect, disconnect, isConnecting, onSessionRefused } from '../sync/connection.ts';
import { deviceId } from '../sync/device.ts';
import { outbox } from '../sync/outbox.ts';
import { narrowReplicaTo, replica } from '../sync/replica.ts';
import { KEYS, readJson, writeJson } from '../sync/storage.ts';
import { api, type ApiResult } from './api.ts';

/**
 * booting: asking the hub; unclaimed: the hub waits for its owner (setup);
 * signedOut: sign-in page; locked: the PIN screen (idle lock or quick
 * switch); signedIn: the app.
 */
export type SessionStatus = 'booting' | 'unclaimed' | 'signedOut' | 'locked' | 'signedIn';
type Staff = SessionInfo['staff'];

/**
 * Who is signed in on this device. The hub decides (HttpOnly cookies); this
 * store mirrors it so the pages know what to show, and keeps a copy in the
 * browser so a waiter whose phone lost the Wi-Fi keeps working. Business
 * actions (sign in, sign out, lock) live here; pages stay thin.
 */
export const session = proxy({
  status: 'booting' as SessionStatus,
  staff: null as Staff | null,
  /** The aliases the hub gave at sign-in; the replica's roles take over once it is loaded. */
  aliases: [] as Alias[],
  /** People who signed in fully here: the PIN screen offers them. */
  knownStaff: [] as KnownStaff[],
  enrolled: false,
  restaurantName: '',
  /** Why the hub ended the session (STAFF_DISABLED...), said once on the sign-in page. */
  endedBy: null as ErrorCode | null,
});

/** What survives a reload: never a secret or a token. `pendingEnd`: a sign-out waiting for the outbox to empty. */
type Kept = { status: 'signedIn' | 'locked'; staff: Staff; aliases: Alias[]; knownStaff: KnownStaff[]; pendingEnd: 'signOut' | 'lock' | null };
let pendingEnd: Kept['pendingEnd'] = null;

function keep(): void {
  if ((session.status === 'signedIn' || session.status === 'locked') && session.staff) {
    const kept: Kept = { status: session.status, staff: session.staff, aliases: [...session.aliases], knownStaff: [...session.knownStaff], pendingEnd };
    writeJson(KEYS.session, kept);
  } else writeJson(KEYS.session, null);
}

async function refreshDevice(): Promise<void> {
  const r = await api<DeviceInfo>('GET', '/api/auth/device');
  if (!r.ok) return;
  session.enrolled = r.body.enrolled;
  session.knownStaff = r.body.knownStaff;
  session.restaurantName = r.body.restaurantName;
}

function signedIn(info: SessionInfo): void {
  // Before anything renders for them: the copy shows only what this person may see (another's alerts never).
  narrowReplicaTo(info.staff.id);
  session.staff = info.staff;
  session.aliases = info.aliases;
  session.knownStaff = info.knownStaff;
  session.enrolled = true;
  session.endedBy = null;
  session.status = 'signedIn';
  pendingEnd = null;
  keep();
  // A new cookie: the live channel must shake hands again to be this person.
  disconnect();
  connect();
}

/** How long a device with a kept session waits for the hub at start before carrying on offline. */
const BOOT_WAIT_MS = 5_000;

/** Asks the hub who is signed in here; offline, trusts what this browser kept. */
export async function bootSession(): Promise<void> {
  const kept = readJson<Kept>(KEYS.session);
  pendingEnd = kept?.pendingEnd ?? null;
  if (kept?.staff) {
    narrowReplicaTo(kept.staff.id);
    session.staff = kept.staff;
    session.aliases = kept.aliases;
    session.knownStaff = kept.knownStaff;
  }
  // With a kept session the screen waits on this answer: a hub that takes the
  // connection but does not answer (a Wi-Fi half there) must not hold the
  // waiter for the request layer's full minute; after a few seconds it counts as offline.
  const me = await api<SessionInfo>('GET', '/api/auth/me', undefined, kept?.staff ? BOOT_WAIT_MS : undefined);
  if (me.ok && !pendingEnd) return signedIn(me.body);
  if (me.ok || (kept && me.code === 'LINK_ERROR')) {
    // Offline (or a sign-out still owed): carry on as this browser last knew, and deliver what is queued.
    session.status = pendingEnd ? (pendingEnd === 'lock' ? 'locked' : 'signedOut') : (kept?.status ?? 'signedOut');
    connect();
    void refreshDevice();
    void finishEnd();
    return;
  }
  pendingEnd = null;
  session.status = me.code === 'HUB_UNCLAIMED' ? 'unclaimed' : kept?.status === 'locked' ? 'locked' : 'signedOut';
  keep();
  await refreshDevice();
}

/** A full sign-in (number or name + PIN or password); enrolls this device. */
export async function signIn(identifier: string, secret: string): Promise<ApiResult<SessionInfo>> {
  const r = await api<SessionInfo>('POST', '/api/auth/signin', { identifier, secret, deviceId: deviceId() });
  if (r.ok) signedIn(r.body);
  return r;
}

/** A PIN alone on this enrolled device (optionally for the person tapped). */
export async function signInPin(pin: string, staffId?: string): Promise<ApiResult<SessionInfo>> {
  const r = await api<SessionInfo>('POST', '/api/auth/pin', staffId ? { pin, staffId } : { pin });
  if (r.ok) signedIn(r.body);
  return r;
}

/** Claims a new hub; the owner is signed in at the end. */
export async function claimHub(req: Omit<SetupRequest, 'deviceId'>): Promise<ApiResult<SessionInfo>> {
  const r = await api<SessionInfo>('POST', '/api/setup', { ...req, deviceId: deviceId() });
  if (r.ok) {
    signedIn(r.body);
    await refreshDevice();
  }
  return r;
}

/**
 * Signs out (or locks, for the idle lock and the quick switch). The page
 * leaves at once; the hub is told once this device's queued commands are
 * delivered, so they are still recorded as this person's.
 */
export async function endSession(kind: 'signOut' | 'lock'): Promise<void> {
  if (session.status !== 'signedIn') return;
  session.status = kind === 'lock' ? 'locked' : 'signedOut';
  // Signed out, the copy kept here holds nothing private (a lock keeps it: the PIN screen shows none of it, and whoever unlocks narrows it).
  if (kind === 'signOut') narrowReplicaTo(null);
  pendingEnd = kind;
  keep();
  await finishEnd();
}

let ending: Promise<void> | null = null;

/** Tells the hub about a sign-out or lock once nothing of this person is left to deliver (once at a time). */
function finishEnd(): Promise<void> {
  ending ??= tellHubEnded().finally(() => (ending = null));
  return ending;
}

async function tellHubEnded(): Promise<void> {
  if (!pendingEnd || outbox.items.length > 0) return;
  const r = await api<{ ok: true }>('POST', '/api/auth/signout', { reason: pendingEnd });
  if (!r.ok && r.code !== 'UNAUTHORIZED') return;
  pendingEnd = null;
  keep();
  disconnect();
  await refreshDevice();
}

/** The hub ended or refused this session (disabled, expired, signed in elsewhere on this device). */
function ended(code: ErrorCode): void {
  if (code === 'HUB_UNCLAIMED') session.status = 'unclaimed';
  else {
    session.endedBy = code === 'STAFF_DISABLED' ? code : null;
    if (session.status === 'signedIn') session.status = 'signedOut';
  }
  pendingEnd = null;
  keep();
  void refreshDevice();
}

/** Wires the store to the connection: refusals end the session; an emptied outbox lets a sign-out finish. */
export function watchSession(): void {
  onSessionRefused(ended);
  subscribe(outbox, () => {
    if (pendingEnd && outbox.items.length === 0) void finishEnd();
  });
  // Back in reach of the hub (after a restart of the box, say): a sign-out still owed goes now.
  subscribe(replica, () => {
    if (pendingEnd && replica.status === 'online') void finishEnd();
  });
  window.addEventListener('online', () => {
    if (pendingEnd) void finishEnd();
    else if (session.status === 'signedIn' && !isConnecting()) connect();
  });
}
