import type { CommandPayload, CommandReply, CommandType } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';

/**
 * Sends a setup command and waits a moment for the hub's answer: the page
 * shows a refusal beside the form (a name taken, a table in use); with no
 * answer in 2.5 s (offline) the command stays queued and is delivered later.
 */
export async function sendSetup<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply | null> {
  return Promise.race([enqueue(type, payload, { ownsRefusal: true }), new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
}
