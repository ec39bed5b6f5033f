import type { CommandPayload, CommandReply, CommandType, ImportReport } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';

/** What became of a change after a short wait: done, refused (with the hub's code and field), or still on its way. */
export type Sent = { kind: 'ok' } | { kind: 'refused'; reply: Extract<CommandReply, { ok: false }> } | { kind: 'queued' };

/**
 * Sends a goods change through the outbox and waits a moment for the hub's
 * answer, so a form can show a refusal (DUPLICATE_CODE…) next to its field.
 * Without an answer in time (offline), the change stays queued and is sent
 * later like any other: the form may close.
 */
export async function sendAndWait<K extends CommandType>(type: K, payload: CommandPayload<K>, waitMs = 2500): Promise<Sent> {
  const reply = await Promise.race([enqueue(type, payload), new Promise<null>((r) => setTimeout(() => r(null), waitMs))]);
  if (reply === null) return { kind: 'queued' };
  return reply.ok ? { kind: 'ok' } : { kind: 'refused', reply };
}

/** The download address of the menu file (the session cookie goes with the link). */
export function exportUrl(format: 'csv' | 'xlsx', lang: string): string {
  return `/api/goods/export?format=${format}&lang=${encodeURIComponent(lang.slice(0, 2))}`;
}

/** Uploads a menu file: `check` only reports; otherwise imports it (all or nothing) under `commandId`. */
export async function uploadMenu(file: Blob, check: boolean, commandId: string): Promise<ImportReport | { error: string }> {
  try {
    const res = await fetch(`/api/goods/import?${check ? 'check=1&' : ''}commandId=${commandId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: file,
    });
    const body = (await res.json()) as ImportReport | { ok: false; code: string };
    if ('code' in body) return { error: body.code };
    return body;
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
