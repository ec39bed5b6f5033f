import type { OrderReport } from '#protocol';
import type { DayRange } from './collect-view.ts';

const query = (r: DayRange) => `from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;

/** The order report of a range of business days; an error code when the hub cannot answer. */
export async function fetchReport(r: DayRange): Promise<OrderReport | { error: string }> {
  try {
    const res = await fetch(`/api/reports/orders?${query(r)}`, { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as OrderReport | { ok: false; code: string };
    return body.ok ? body : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}

/** Where the same report downloads as a workbook, headers in the page's language. */
export function exportUrl(r: DayRange, lang: string): string {
  return `/api/reports/orders.xlsx?${query(r)}&lang=${encodeURIComponent(lang.slice(0, 2))}`;
}
