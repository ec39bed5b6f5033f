import type { ActivityPage, ActivityQuery, CommandPayload, CommandReply, CommandType, CredentialsRequest, Role } from '#protocol';
import type { ErrorCode } from '#protocol';
import { ROLE_PRESET_IDS } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';
import { enqueue } from '../../sync/outbox.ts';

/** A staff change's fate after a short wait: done, refused with the hub's code and field, or queued (offline). */
export type Sent = { kind: 'ok' } | { kind: 'refused'; code: ErrorCode; field: string } | { kind: 'queued' };

/** Sends a change through the outbox and waits briefly for the answer, so a form can show a refusal by its field. */
export async function sendNow<K extends CommandType>(type: K, payload: CommandPayload<K>, waitMs = 3000): Promise<Sent> {
  const reply: CommandReply | null = await Promise.race([enqueue(type, payload), new Promise<null>((r) => setTimeout(() => r(null), waitMs))]);
  if (reply === null) return { kind: 'queued' };
  return reply.ok ? { kind: 'ok' } : { kind: 'refused', code: reply.code, field: reply.message ?? '' };
}

/** A new PIN or password goes straight to the hub's auth service: never through a logged, broadcast command. */
export function setCredentials(staffId: string, req: CredentialsRequest): Promise<ApiResult<{ ok: true }>> {
  return api('PUT', `/api/staff/${encodeURIComponent(staffId)}/credentials`, req);
}

/** GET /api/activity with the page's filters. */
export function fetchActivity(q: ActivityQuery): Promise<ApiResult<ActivityPage>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return api('GET', `/api/activity?${params.toString()}`);
}

/** A role's name: a preset is named in the device's language, a role the owner made by its own name. */
export { roleName } from '../../auth/role-name.ts';

/** Roles in a stable order: the presets as listed, then the owner's own by name. */
export function sortedRoles(roles: Record<string, Role>): Role[] {
  const rank = (id: string) => {
    const i = (ROLE_PRESET_IDS as readonly string[]).indexOf(id);
    return i === -1 ? ROLE_PRESET_IDS.length : i;
  };
  return Object.values(roles).sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
}
