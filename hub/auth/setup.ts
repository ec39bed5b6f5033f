import { randomUUID } from 'node:crypto';
import type { ErrorCode, SetupRequest } from '#protocol';
import { isValidRuc, OWNER_ROLE } from '#protocol';
import { refused, type AuthService, type Outcome, type SignedIn } from './auth-service.ts';
import type { ClaimCode } from './claim.ts';
import { deviceLabel } from './devices.ts';
import { hubCommand } from './hub-command.ts';
import { presetRoleCommands } from './presets.ts';
import { isPinFormat } from './secrets.ts';
import type { Caller } from './sign-in.ts';
import { checkClaimCode } from './claim-check.ts';

/** The first check of each field, in the order the page shows them. */
function invalidField(req: SetupRequest): { code: 'REQUIRED_FIELD' | 'INCORRECT_INPUT' | 'INVALID_RUC' | 'PIN_FORMAT'; field: string } | null {
  if (!req.restaurantName) return { code: 'REQUIRED_FIELD', field: 'restaurantName' };
  if (req.ruc && !isValidRuc(req.ruc)) return { code: 'INVALID_RUC', field: 'ruc' };
  if (!req.ownerName) return { code: 'REQUIRED_FIELD', field: 'ownerName' };
  if (!req.ownerCode) return { code: 'REQUIRED_FIELD', field: 'ownerCode' };
  if (!/^\d{1,6}$/.test(req.ownerCode)) return { code: 'INCORRECT_INPUT', field: 'ownerCode' };
  if (!isPinFormat(req.pin)) return { code: 'PIN_FORMAT', field: 'pin' };
  return null;
}

/**
 * Claims an unclaimed hub: checks the one-time code, records the restaurant,
 * the preset roles and the owner through the engine as the hub itself, stores
 * the owner's PIN, then signs the owner in on this device (enrolling it).
 */
export async function claimHub(auth: AuthService, claim: ClaimCode | null, req: SetupRequest, caller: Caller): Promise<Outcome<SignedIn>> {
  const checked = await checkClaimCode(auth, claim, req.claimCode, caller);
  if (!checked.ok) return checked;
  const code = checked.value;
  const bad = invalidField(req);
  if (bad) return refused(bad.code, { message: bad.field });

  code.consume();
  const now = auth.clock();
  const actor = { staffId: null, deviceId: req.deviceId };
  const ownerId = randomUUID();
  const commands = [
    hubCommand('restaurant.rename', { name: req.restaurantName }, actor.deviceId, now),
    hubCommand('settings.save', { ...auth.engine.state.settings, ruc: req.ruc }, actor.deviceId, now),
    ...presetRoleCommands(actor.deviceId, now),
  ];
  try {
    for (const c of commands) {
      const reply = await auth.engine.submit(c, actor);
      if (!reply.ok) throw Object.assign(new Error(reply.code), { code: reply.code });
    }
    // The PIN is on disk before the owner exists: a hub is never claimed by someone who cannot sign in.
    await auth.storePin(ownerId, req.pin);
    const owner = await auth.engine.submit(hubCommand('staff.save', { id: ownerId, name: req.ownerName, code: req.ownerCode, roleId: OWNER_ROLE }, actor.deviceId, now), actor);
    if (!owner.ok) throw Object.assign(new Error(owner.code), { code: owner.code });
    await auth.note('staff.noteCredentials', { staffId: ownerId, hasPin: true, hasPassword: false }, actor);
  } catch (err) {
    // Nothing claimed the hub (no staff yet): the same code may be tried again.
    code.release();
    auth.log(`setup: failed: ${String(err)}`);
    return refused((err as { code?: ErrorCode }).code ?? 'INTERNAL');
  }
  auth.log(`setup: hub claimed by ${req.ownerName} (staff number ${req.ownerCode})`);
  const signedIn = await auth.startSession(ownerId, { token: caller.deviceToken, wantedId: req.deviceId, label: deviceLabel(caller.userAgent) }, 'setup');
  return { ok: true, value: signedIn };
}
