import type { Actor, Engine } from '../engine/engine.ts';
import type { CommandReply } from '../protocol/index.ts';
import { parseCommand } from '../protocol/index.ts';

/** Validates an untrusted command and hands it to the engine; shared by sockets and HTTP. */
export type CommandIntake = (input: unknown, actor: Actor) => Promise<CommandReply>;

export function createIntake(engine: Engine): CommandIntake {
  return async (input, actor) => {
    const parsed = parseCommand(input);
    if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
    // The device named in the envelope is the one the log records.
    return engine.submit(parsed.command, { ...actor, deviceId: parsed.command.deviceId });
  };
}
