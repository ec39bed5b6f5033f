import type { ErrorCode } from '#protocol';
import type { UpdateStatusReply } from '#hub/http/routes/update/update.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/update: the release running, a request waiting for the updater, the updater's last result. */
export function fetchUpdateStatus(): Promise<ApiResult<UpdateStatusReply>> {
  return api('GET', '/api/update', undefined, 10_000);
}

/**
 * POST /api/update/upload: the file as it is (a binary of ~130 MB, sent as
 * raw bytes, not JSON). No time limit of the usual calls: on a phone's Wi-Fi
 * the upload plus the hub's check and backup take a minute or more.
 */
export async function uploadBinary(file: Blob): Promise<{ ok: true; version: string } | { ok: false; code: ErrorCode }> {
  let res: Response;
  try {
    res = await fetch('/api/update/upload', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file, credentials: 'same-origin' });
  } catch {
    return { ok: false, code: 'LINK_ERROR' };
  }
  const json = (await res.json().catch(() => null)) as { ok?: boolean; version?: string; code?: ErrorCode } | null;
  if (res.ok && json?.ok && typeof json.version === 'string') return { ok: true, version: json.version };
  return { ok: false, code: json?.code ?? (res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL') };
}

/** POST /api/update/usb: install a hub program found on a USB stick in the box (named as GET listed it). The copy and the backup take a while. */
export function installFromStick(stick: string, name: string): Promise<ApiResult<{ ok: true; version: string }>> {
  return api('POST', '/api/update/usb', { stick, name }, 300_000);
}
