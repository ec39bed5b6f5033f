import type { AccountListResponse } from '#protocol';

export type HistoryState = 'settled' | 'writtenOff';

/** Closed debts between two Lima days (absent: the hub's last 30 days); an error code when the hub cannot answer. */
export async function fetchHistory(state: HistoryState, from: string | null, to: string | null): Promise<AccountListResponse | { error: string }> {
  try {
    const q = new URLSearchParams({ state });
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    const res = await fetch(`/api/accounts?${q.toString()}`, { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as AccountListResponse | { ok: false; code: string };
    return body.ok ? body : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
