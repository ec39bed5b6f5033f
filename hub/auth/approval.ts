import type { Actor } from '#hub/engine/engine.ts';
import type { ApprovalGrant, ApprovalRequest, Approver } from '#protocol';
import { commandPayloads, COMMAND_ALIAS, INTERNAL, isCommandType } from '#protocol';
import { approvalDigest } from '#hub/engine/approval-tokens.ts';
import { deviceForLog, staffForLog } from './log-names.ts';
import { approversFor, mayApprove } from '#domain';
import { pairKey, signInKeys, staffKey, type Source } from './attempt-keys.ts';
import { refused, type AuthService, type Outcome } from './auth-service.ts';
import { own } from './auth-store.ts';
import { isPinFormat, verifySecret } from './secrets.ts';

/**
 * Manager approval on the same device: the person signed in here (`actor`)
 * hands the device to a manager, who types their PIN for one command the
 * device is about to send. The PIN is checked and throttled exactly as a full
 * sign-in naming that manager from this device (attempt-keys.ts: the pair of
 * device and manager, the device, and the manager where they are not known
 * here), counted before the check, so parallel guesses gain nothing. A right
 * PIN mints a token bound to that command id, type, payload, device and sender
 * (hub/engine/approval-tokens.ts); the manager's session is never opened.
 */
export async function requestApproval(auth: AuthService, actor: Actor, req: ApprovalRequest): Promise<Outcome<ApprovalGrant>> {
  const gate = isCommandType(req.type) ? COMMAND_ALIAS[req.type] : INTERNAL;
  if (gate === INTERNAL) return refused('INCORRECT_INPUT', { message: 'type' });
  // Nobody approves themself; and only someone whose role holds the gate counts. Both are
  // answered before any PIN is looked at, so they tell a guesser nothing about the PIN.
  if (req.staffId === actor.staffId) return refused('FORBIDDEN', { message: 'self' });
  const approver = auth.staffById(req.staffId);
  if (!approver || !mayApprove(auth.engine.state, approver.id, gate, actor.staffId)) return refused('FORBIDDEN', { message: 'approver' });
  // The token is bound to this payload as the command's schema reads it (what the intake compares).
  const payload = isCommandType(req.type) ? commandPayloads[req.type].safeParse(req.payload) : null;
  if (!payload?.success) return refused('INCORRECT_INPUT', { message: 'payload' });
  if (!isPinFormat(req.pin)) return refused('PIN_FORMAT');

  const device = auth.devices.byId(actor.deviceId);
  const source: Source = { kind: 'device', id: actor.deviceId };
  const knownHere = Boolean(device?.staffIds.includes(approver.id));
  // Nothing is awaited between looking at the counts and counting this attempt.
  const reservation = auth.reserve(signInKeys(source, approver.id, knownHere));
  if (!reservation.ok) return reservation;
  const stored = own(auth.store.doc.secrets, approver.id)?.pin;
  const right = stored ? await verifySecret(req.pin, stored) : false;
  if (!right) {
    await auth.failed(reservation, `wrong approval PIN for staff ${approver.code}`, actor.deviceId, approver.id, actor.deviceId);
    return refused('WRONG_CREDENTIALS');
  }
  auth.succeeded(reservation, [pairKey(source, approver.id), staffKey(approver.id)]);
  const { token, expiresAt } = auth.approvals.issue({ commandId: req.commandId, type: req.type, digest: approvalDigest(req.type, payload.data), approverId: approver.id, actorId: actor.staffId ?? '', deviceId: actor.deviceId });
  auth.log(`auth: ${staffForLog(auth.engine.state, approver.id)} approved ${req.type} for ${staffForLog(auth.engine.state, actor.staffId)} on ${deviceForLog(auth.store.doc.devices, actor.deviceId)}`);
  return { ok: true, value: { ok: true, token, approver: { id: approver.id, name: approver.name }, expiresAt: expiresAt.toISOString() } };
}

/** Who may approve a command of this type for `actor` (the dialog's list); empty for an unknown or internal type. */
export function approversOf(auth: AuthService, actor: Actor, type: string): Approver[] {
  if (!isCommandType(type)) return [];
  return approversFor(auth.engine.state, type, actor.staffId);
}
