import type { IntakeChannelView } from '#hub/auth/intake-channels.ts';
import { api, type ApiResult } from '../../auth/api.ts';

export type { IntakeChannelView };

/** The owner's channels (GET /api/intake/channels, gate `settings`). */
export function fetchChannels(): Promise<ApiResult<{ channels: IntakeChannelView[] }>> {
  return api('GET', '/api/intake/channels');
}

/** Makes a channel; the answer carries its key, the only time the hub ever sends it. */
export function createChannel(name: string): Promise<ApiResult<{ channel: IntakeChannelView; key: string }>> {
  return api('POST', '/api/intake/channels', { name });
}

/** Revokes a channel's key at once. */
export function revokeChannel(id: string): Promise<ApiResult<{ channel: IntakeChannelView }>> {
  return api('DELETE', `/api/intake/channels/${encodeURIComponent(id)}`);
}

/** The channels' names by id (GET /api/intake/channels/names, M005 or settings): a takeout's `web:<id>` shown as its shop's name. */
export function fetchChannelNames(): Promise<ApiResult<{ names: Record<string, string> }>> {
  return api('GET', '/api/intake/channels/names');
}
