import type { TallyDayResponse } from '#protocol';

/** One business day's book (absent day: today's, by the hub's clock and closing hour); an error code when the hub cannot answer. */
export async function fetchTally(day: string | null): Promise<TallyDayResponse | { error: string }> {
  try {
    const query = day === null ? '' : `?day=${encodeURIComponent(day)}`;
    const res = await fetch(`/api/tally${query}`, { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as TallyDayResponse | { ok: false; code: string };
    return body.ok ? body : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
