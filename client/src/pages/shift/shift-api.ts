import type { ClosedShift, ShiftDayPage } from '#protocol';

/** The shifts closed on `day` (they left the live state), newest first; an error code when the hub cannot answer. */
export async function fetchClosedShifts(day: string): Promise<ClosedShift[] | { error: string }> {
  try {
    const res = await fetch(`/api/shifts?day=${encodeURIComponent(day)}`, { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as ShiftDayPage | { ok: false; code: string };
    return body.ok ? body.shifts : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
