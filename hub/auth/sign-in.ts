import type { PinSignInRequest, SignInRequest, Staff } from '#protocol';
import { pairKey, pinKeys, signInKeys, staffKey, type Source } from './attempt-keys.ts';
import { refused, type AuthService, type Outcome, type SignedIn } from './auth-service.ts';
import { own } from './auth-store.ts';
import { deviceLabel } from './devices.ts';
import { isPinFormat, verifyNothing, verifySecret } from './secrets.ts';

/** What the transport knows about the caller beyond the request body (`ip`: the socket's own address). */
export type Caller = { ip: string; userAgent: string; deviceToken: string | undefined };

/** A staff number names one person; otherwise the name does (the rules keep both unique). */
function findStaff(auth: AuthService, identifier: string): Staff | null {
  const all = Object.values(auth.engine.state.staff);
  const id = identifier.trim();
  if (/^\d+$/.test(id)) return all.find((s) => s.code === id) ?? null;
  const name = id.toLowerCase();
  return all.find((s) => s.name.toLowerCase() === name) ?? null;
}

async function secretMatches(auth: AuthService, staff: Staff | null, secret: string): Promise<boolean> {
  const stored = staff ? own(auth.store.doc.secrets, staff.id) : undefined;
  if (!staff || !stored) return verifyNothing(secret);
  // Both are tried when set: a password may be all digits too.
  const pin = stored.pin && isPinFormat(secret) ? await verifySecret(secret, stored.pin) : false;
  return pin || (stored.password ? verifySecret(secret, stored.password) : false);
}

/** The identifier as it may appear in the log: quoted (control characters escaped) and short. */
const quoted = (text: string) => JSON.stringify(text.slice(0, 20));

/**
 * A full sign-in: staff number or name, and PIN or password. Works on any
 * device and enrolls it. The attempt is counted before the slow check (the
 * keys: attempt-keys.ts); a device not enrolled waits its turn for the check.
 */
export async function signInFull(auth: AuthService, req: SignInRequest, caller: Caller): Promise<Outcome<SignedIn>> {
  const device = auth.devices.find(caller.deviceToken);
  const staff = findStaff(auth, req.identifier);
  const source: Source = device ? { kind: 'device', id: device.id } : { kind: 'address', ip: caller.ip };
  const knownHere = Boolean(device && staff && device.staffIds.includes(staff.id));
  // Nothing is awaited between looking at the counts and counting this attempt.
  const reservation = auth.reserve(signInKeys(source, staff?.id ?? null, knownHere));
  if (!reservation.ok) return reservation;
  const check = () => secretMatches(auth, staff, req.secret);
  const right = device ? await check() : await auth.strangers.run(check);
  if (right === null) {
    reservation.refund();
    return refused('TOO_MANY_ATTEMPTS', { retryAfter: 1 });
  }
  if (!right) {
    const from = device ? device.id : `address ${caller.ip}`;
    await auth.failed(reservation, `wrong PIN or password for ${quoted(req.identifier)}`, from, staff?.id ?? null, device?.id ?? null);
    return refused('WRONG_CREDENTIALS');
  }
  if (!staff || staff.disabled) {
    reservation.refund();
    return refused('STAFF_DISABLED');
  }
  auth.succeeded(reservation, [pairKey(source, staff.id), staffKey(staff.id)]);
  return { ok: true, value: await auth.startSession(staff.id, { token: caller.deviceToken, wantedId: req.deviceId, label: deviceLabel(caller.userAgent) }, 'full') };
}

/**
 * A PIN alone, for a quick switch on a shared till: only on an enrolled
 * device, matched only among the people who signed in fully there before
 * (or only the one tapped). Two of them with the same PIN: they must give
 * their number too (PIN_AMBIGUOUS).
 */
export async function signInPin(auth: AuthService, req: PinSignInRequest, caller: Caller): Promise<Outcome<SignedIn>> {
  const device = auth.devices.find(caller.deviceToken);
  if (!device) return refused('DEVICE_NOT_ENROLLED');
  if (!isPinFormat(req.pin)) return refused('PIN_FORMAT');
  const known = auth.knownStaff(device);
  const tapped = req.staffId ? (known.find((s) => s.id === req.staffId) ?? null) : null;
  const reservation = auth.reserve(pinKeys(device.id, tapped?.id ?? null, known.map((s) => s.id)));
  if (!reservation.ok) return reservation;
  // Tapping someone not known here matches nobody (and moves no one's count but this device's).
  const candidates = req.staffId ? (tapped ? [tapped] : []) : known;
  const checks = await Promise.all(
    candidates.map(async (s) => {
      const pin = own(auth.store.doc.secrets, s.id)?.pin;
      return pin && (await verifySecret(req.pin, pin)) ? s : null;
    }),
  );
  if (candidates.length === 0) await verifyNothing(req.pin);
  const matched = checks.filter((s) => s !== null);
  if (matched.length === 0) {
    await auth.failed(reservation, 'wrong PIN on the PIN screen', device.id, tapped?.id ?? null, device.id);
    return refused('WRONG_CREDENTIALS');
  }
  if (matched.length > 1) {
    reservation.refund();
    return refused('PIN_AMBIGUOUS');
  }
  const who = matched[0]!;
  auth.succeeded(reservation, [pairKey({ kind: 'device', id: device.id }, who.id)]);
  return { ok: true, value: await auth.startSession(who.id, { token: caller.deviceToken, wantedId: device.id, label: device.label }, 'pin') };
}
