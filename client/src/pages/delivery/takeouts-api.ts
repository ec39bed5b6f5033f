import { api, type ApiResult } from '../../auth/api.ts';
import type { Takeout } from './contract.ts';

/** One page of a business day's finished takeouts (closed, cancelled, refused), newest first. */
export type TakeoutDayPage = { takeouts: Takeout[]; more: boolean };

/**
 * GET /api/takeouts?day=: a day's takeouts that left the live state (the hub files them by day,
 * as it does bills); live ones are in the replica.
 */
export function fetchTakeoutDay(day: string, offset: number, limit = 50): Promise<ApiResult<TakeoutDayPage>> {
  return api('GET', `/api/takeouts?day=${encodeURIComponent(day)}&offset=${offset}&limit=${limit}`);
}
