import type { ShiftReport, ShiftReportResponse } from '#protocol';

/** Which report: the open shift's so far, or a closed one by the Lima day it closed (its `shifts/` day file). */
export type ReportRef = 'current' | { id: string; day: string };

/** The Lima calendar day of an instant (Lima keeps UTC−5 all year): the day a closed shift is filed under. */
export function limaDayOf(iso: string): string {
  return new Date(Date.parse(iso) - 5 * 3600_000).toISOString().slice(0, 10);
}

const url = (ref: ReportRef) => (ref === 'current' ? '/api/shifts/current/report' : `/api/shifts/${encodeURIComponent(ref.id)}/report?day=${encodeURIComponent(ref.day)}`);

/** A shift's report (GET /api/shifts/.../report); an error code when the hub cannot answer. */
export async function fetchShiftReport(ref: ReportRef): Promise<ShiftReport | { error: string }> {
  try {
    const res = await fetch(url(ref), { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as ShiftReportResponse | { ok: false; code: string };
    return body.ok ? body.report : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}

/** Prints a closed shift's Z report again (POST /api/shifts/:id/print); `id` once per press, so a resend prints once. */
export async function printZAgain(shiftId: string, day: string, id: string): Promise<{ ok: true } | { error: string }> {
  try {
    const res = await fetch(`/api/shifts/${encodeURIComponent(shiftId)}/print`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, day }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { ok: true } | { ok: false; code: string };
    return body.ok ? { ok: true } : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
