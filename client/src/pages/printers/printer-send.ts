import type { CommandPayload, CommandReply, CommandType, ErrorCode } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';

/** What became of a printer command after a short wait: done, refused with the hub's code, or still on its way (offline). */
export type Sent = { kind: 'ok' } | { kind: 'refused'; code: ErrorCode } | { kind: 'queued' };

/**
 * Sends a printer command through the outbox and waits a moment for the
 * hub's answer, so the dialog can stay open on a refusal (a name or address
 * already taken) and say why. Without an answer in time the command stays
 * queued and is delivered later like any other.
 */
export async function sendAndWait<K extends CommandType>(type: K, payload: CommandPayload<K>, waitMs = 2500): Promise<Sent> {
  const reply: CommandReply | null = await Promise.race([enqueue(type, payload, { ownsRefusal: true }), new Promise<null>((r) => setTimeout(() => r(null), waitMs))]);
  if (reply === null) return { kind: 'queued' };
  return reply.ok ? { kind: 'ok' } : { kind: 'refused', code: reply.code };
}
