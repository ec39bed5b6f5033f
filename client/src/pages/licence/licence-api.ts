import type { LicenceStatus } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

type LicenceReply = { ok: true; licence: LicenceStatus };

/** GET /api/licence: where the box stands (hub/http/routes/licence). */
export function fetchLicence(): Promise<ApiResult<LicenceReply>> {
  return api('GET', '/api/licence', undefined, 10_000);
}

/** POST /api/licence: a code typed or scanned by the owner. */
export function enterLicence(code: string): Promise<ApiResult<LicenceReply>> {
  return api('POST', '/api/licence', { code }, 10_000);
}
