import type { Actor, Engine } from './engine.ts';
import type { CommandReply } from '#protocol';
import { COMMAND_ALIAS, INTERNAL, parseCommand } from '#protocol';

/** Validates an untrusted command and hands it to the engine; shared by sockets and HTTP. */
export type CommandIntake = (input: unknown, actor: Actor) => Promise<CommandReply>;

/**
 * The one door for commands from devices. The actor (staff and device) comes
 * from the caller's session, never from the envelope; commands the hub
 * records itself (sign-in notes, alerts) are refused here whoever sends them.
 */
export function createIntake(engine: Engine): CommandIntake {
  return async (input, actor) => {
    const parsed = parseCommand(input);
    if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
    if (COMMAND_ALIAS[parsed.command.type] === INTERNAL) return { ok: false, code: 'FORBIDDEN', message: parsed.command.type };
    // The log records the session's device, which the envelope cannot claim to be.
    return engine.submit({ ...parsed.command, deviceId: actor.deviceId }, actor);
  };
}
