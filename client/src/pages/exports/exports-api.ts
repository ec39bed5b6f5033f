import type { ExportsReply } from '#hub/http/routes/exports/schema.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/exports: the newest days, their files and deliveries, the USB sticks seen, whether mail waits. */
export function fetchExports(): Promise<ApiResult<ExportsReply>> {
  return api('GET', '/api/exports');
}

/** A file of a day's folder, as a download link (the session cookie goes with it). */
export function fileUrl(day: string, name: string): string {
  return `/api/exports/${encodeURIComponent(day)}/${encodeURIComponent(name)}`;
}
