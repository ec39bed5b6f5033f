import type { ExportsReply } from '#hub/http/routes/exports/schema.ts';
import type { SuggestedDayReply } from '#hub/http/routes/exports/suggested-day.ts';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/exports: the newest days, their files and deliveries, the USB sticks seen, whether mail waits. */
export function fetchExports(): Promise<ApiResult<ExportsReply>> {
  return api('GET', '/api/exports');
}

/** GET /api/exports/suggested-day: the day to offer first (today with bills, else the last day with bills). */
export function fetchSuggestedDay(): Promise<ApiResult<SuggestedDayReply>> {
  return api('GET', '/api/exports/suggested-day');
}

/** A file of a day's folder, as a download link (the session cookie goes with it). */
export function fileUrl(day: string, name: string): string {
  return `/api/exports/${encodeURIComponent(day)}/${encodeURIComponent(name)}`;
}
