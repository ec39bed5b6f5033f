import type { ApprovalTokens } from './approval-tokens.ts';
import type { Actor, Engine } from './engine.ts';
import type { CommandReply } from '#protocol';
import { COMMAND_ALIAS, INTERNAL, parseEnvelope, parsePayload } from '#protocol';
import { approvableGate, permissionDenied } from '#domain';
import { VerifyGuard } from './verify-guard.ts';

/** Validates an untrusted command and hands it to the engine; shared by sockets and HTTP. */
export type CommandIntake = (input: unknown, actor: Actor) => Promise<CommandReply>;

/**
 * The one door for commands from devices. The actor (staff and device) comes
 * from the caller's session, never from the envelope; commands the hub
 * records itself (sign-in notes, alerts) are refused here whoever sends them.
 *
 * **Authorized before validated** (issue 19 item 9): once the envelope names a
 * known type, a sender whose role lacks its gate gets FORBIDDEN (or
 * STAFF_DISABLED) before the payload is looked at, so a refusal never teaches
 * a role the fields of a command it may not send. The one exception is an
 * approvable gate (gift, cancelOrder, discount, refund) with an approval token
 * in the envelope: the token is taken (checked and spent) before the payload
 * is read, its payload digest compared after, and the rules check again when
 * deciding. A resend of a command already answered (its ack was lost) gets
 * that answer whatever its envelope carries now.
 *
 * A manager's approval arrives only as a token the hub minted
 * (`approvals`, POST /api/approval) for this very command id, type, payload,
 * sender and device; nothing in the envelope or payload can name an approver.
 */
export function createIntake(engine: Engine, approvals: ApprovalTokens | null = null, verifyGuard = new VerifyGuard()): CommandIntake {
  const submit = guardedSubmit(engine, verifyGuard);
  return async (input, actor) => {
    const env = parseEnvelope(input);
    if (!env.ok) return env;
    const { type, approval } = env.envelope;
    if (COMMAND_ALIAS[type] === INTERNAL) return { ok: false, code: 'FORBIDDEN', message: type };
    // A resend of a command already answered (its ack was lost) gets that answer, whatever changed since.
    const earlier = engine.answerOf(env.envelope.id);
    if (earlier) return earlier;
    const denied = permissionDenied(engine.state, type, actor);
    const tokenMayOpen = approval !== undefined && approvableGate(type) !== null;
    if (denied && !denied.ok && !tokenMayOpen) return { ok: false, code: denied.code, message: denied.message ?? type };
    // A token is taken (spent) before the payload is read: without a manager's PIN for this very id, nothing is learnt.
    const taken = approval === undefined ? null : (approvals?.take(approval, env.envelope, actor) ?? ({ ok: false, why: 'unknown' } as const));
    if (taken && !taken.ok) return { ok: false, code: 'APPROVAL_INVALID', message: taken.why };
    const parsed = parsePayload(env.envelope);
    if (!parsed.ok) return parsed;
    // The log records the session's device, which the envelope cannot claim to be; the token is not recorded.
    const { approval: _token, ...rest } = parsed.command;
    const command = { ...rest, deviceId: actor.deviceId };
    if (!taken) return submit(command, actor);
    // A token shown with another payload than the one approved (99 % for an approved 15 %, another line) says so.
    if (!taken.matches(command.payload)) return { ok: false, code: 'APPROVAL_MISMATCH', message: 'otherPayload' };
    return submit(command, actor, taken.approverId);
  };
}

/** engine.submit, with a member's verification guessed too often refused first (verify-guard.ts). */
function guardedSubmit(engine: Engine, guard: VerifyGuard): Engine['submit'] {
  return async (command, actor, approverId) => {
    if (command.type !== 'order.attachMember') return engine.submit(command, actor, approverId);
    const { memberId } = command.payload as { memberId: string };
    if (!guard.begin(memberId)) return { ok: false, code: 'MEMBER_VERIFY_LOCKED', message: 'verify' };
    let wrong = false;
    try {
      const reply = await engine.submit(command, actor, approverId);
      wrong = !reply.ok && reply.code === 'MEMBER_VERIFY_FAILED';
      return reply;
    } finally {
      guard.end(memberId, wrong);
    }
  };
}
