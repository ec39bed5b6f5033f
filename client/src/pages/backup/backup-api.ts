import type { BackupsReply } from '#hub/http/routes/backups/backups.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/backups: the backups on the box, whole or cut, and whether a passphrase is set. */
export function fetchBackups(): Promise<ApiResult<BackupsReply>> {
  return api('GET', '/api/backups', undefined, 20_000);
}

/** PUT /api/backups/passphrase (the owner's): a new passphrase; the hub keeps only the key made from it. */
export function savePassphrase(passphrase: string): Promise<ApiResult<{ ok: true }>> {
  return api('PUT', '/api/backups/passphrase', { passphrase }, 20_000);
}
