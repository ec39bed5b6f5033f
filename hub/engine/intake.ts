import type { ApprovalTokens } from './approval-tokens.ts';
import type { Actor, Engine } from './engine.ts';
import type { CommandReply } from '#protocol';
import { COMMAND_ALIAS, INTERNAL, parseCommand } from '#protocol';

/** Validates an untrusted command and hands it to the engine; shared by sockets and HTTP. */
export type CommandIntake = (input: unknown, actor: Actor) => Promise<CommandReply>;

/**
 * The one door for commands from devices. The actor (staff and device) comes
 * from the caller's session, never from the envelope; commands the hub
 * records itself (sign-in notes, alerts) are refused here whoever sends them.
 * A manager's approval arrives only as a token the hub minted
 * (`approvals`, POST /api/approval) for this very command id, type, sender
 * and device; nothing in the envelope or payload can name an approver.
 */
export function createIntake(engine: Engine, approvals: ApprovalTokens | null = null): CommandIntake {
  return async (input, actor) => {
    const parsed = parseCommand(input);
    if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
    if (COMMAND_ALIAS[parsed.command.type] === INTERNAL) return { ok: false, code: 'FORBIDDEN', message: parsed.command.type };
    // The log records the session's device, which the envelope cannot claim to be; the token is not recorded.
    const { approval, ...rest } = parsed.command;
    const command = { ...rest, deviceId: actor.deviceId };
    if (approval === undefined) return engine.submit(command, actor);
    // A resend of a command already answered (its ack was lost) gets that answer: its token was spent on the first.
    if (engine.knows(command.id)) return engine.submit(command, actor);
    const redeemed = approvals?.redeem(approval, command, actor);
    if (!redeemed?.ok) return { ok: false, code: 'APPROVAL_INVALID', message: redeemed?.why ?? 'unknown' };
    return engine.submit(command, actor, redeemed.approverId);
  };
}
