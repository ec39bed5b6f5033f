import { randomUUID } from 'node:crypto';
import type { Command, CommandPayload, CommandType } from '#protocol';

/** A command the hub makes itself (setup, demo seed, sign-in notes, alerts): a fresh id, the hub's clock. */
export function hubCommand<K extends CommandType>(type: K, payload: CommandPayload<K>, deviceId: string, now: Date): Command {
  return { id: randomUUID(), type, payload, deviceId, at: now.toISOString() } as Command;
}
