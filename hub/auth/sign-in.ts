import type { PinSignInRequest, SignInRequest, Staff } from '../protocol/index.ts';
import { refused, type AuthService, type Outcome, type SignedIn } from './auth-service.ts';
import { deviceLabel } from './devices.ts';
import { isPinFormat, verifyNothing, verifySecret } from './secrets.ts';
import type { ThrottleKey } from './throttle.ts';

/** What the transport knows about the caller beyond the request body. */
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
  const stored = staff ? auth.store.doc.secrets[staff.id] : undefined;
  if (!staff || !stored) return verifyNothing(secret);
  // Both are tried when set: a password may be all digits too.
  const pin = stored.pin && isPinFormat(secret) ? await verifySecret(secret, stored.pin) : false;
  return pin || (stored.password ? verifySecret(secret, stored.password) : false);
}

/**
 * A full sign-in: staff number or name, and PIN or password. Works on any
 * device and enrolls it. Wrong answers count against the device, the person
 * named and (for a device not enrolled) the whole hub.
 */
export async function signInFull(auth: AuthService, req: SignInRequest, caller: Caller): Promise<Outcome<SignedIn>> {
  const device = auth.devices.find(caller.deviceToken);
  const staff = findStaff(auth, req.identifier);
  const keys: ThrottleKey[] = [{ scope: 'device', id: device?.id ?? `ip:${caller.ip}` }];
  if (staff) keys.push({ scope: 'staff', id: staff.id });
  if (!device) keys.push({ scope: 'hub', id: 'hub' });
  const wait = auth.throttle.retryAfter(keys);
  if (wait > 0) return refused('TOO_MANY_ATTEMPTS', { retryAfter: wait });
  if (!(await secretMatches(auth, staff, req.secret))) {
    await auth.failed(keys, `wrong PIN or password for "${req.identifier.slice(0, 20)}"`, device?.id ?? null);
    return refused('WRONG_CREDENTIALS');
  }
  if (!staff || staff.disabled) return refused('STAFF_DISABLED');
  auth.throttle.succeed(keys);
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
  const keys: ThrottleKey[] = [{ scope: 'device', id: device.id }];
  if (req.staffId) keys.push({ scope: 'staff', id: req.staffId });
  const wait = auth.throttle.retryAfter(keys);
  if (wait > 0) return refused('TOO_MANY_ATTEMPTS', { retryAfter: wait });
  const candidates = auth.knownStaff(device).filter((s) => !req.staffId || s.id === req.staffId);
  const checks = await Promise.all(
    candidates.map(async (s) => {
      const pin = auth.store.doc.secrets[s.id]?.pin;
      return pin && (await verifySecret(req.pin, pin)) ? s : null;
    }),
  );
  if (candidates.length === 0) await verifyNothing(req.pin);
  const matched = checks.filter((s) => s !== null);
  if (matched.length === 0) {
    await auth.failed(keys, 'wrong PIN on the PIN screen', device.id);
    return refused('WRONG_CREDENTIALS');
  }
  if (matched.length > 1) return refused('PIN_AMBIGUOUS');
  auth.throttle.succeed([...keys, { scope: 'staff', id: matched[0]!.id }]);
  return { ok: true, value: await auth.startSession(matched[0]!.id, { token: caller.deviceToken, wantedId: device.id, label: device.label }, 'pin') };
}
