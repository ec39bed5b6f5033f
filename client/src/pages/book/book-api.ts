import type { Reservation, ReservationDayPage, State } from '#protocol';
import { addDays, restaurantDay } from '#domain';

/** The restaurant's time zone: reservation times are shown and typed in it, whatever the device's own. */
export const RESTAURANT_TIME_ZONE = 'America/Lima';

/** Today in the restaurant's calendar (YYYY-MM-DD). */
export const todayOfRestaurant = (now: Date = new Date()) => restaurantDay(now.toISOString());
export { addDays };

/** A day and a time typed on the form (the restaurant's), as the ISO time the command carries. */
export const atOf = (day: string, time: string) => `${day}T${time}:00-05:00`;

/** The reservation's time of day in the restaurant, as HH:MM in the reader's language. */
export function timeOf(r: Pick<Reservation, 'at'>, lang: string): string {
  return new Date(r.at).toLocaleTimeString(lang, { timeZone: RESTAURANT_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
}

/** Today's and the coming days' reservations of `day` from the live state, by time. */
export function liveReservationsOf(state: State, day: string): Reservation[] {
  return Object.values(state.upcomingReservations ?? {})
    .filter((r) => r.day === day)
    .sort((a, b) => a.at.localeCompare(b.at) || a.no - b.no);
}

/** One page of a past day's reservations from the hub (they are not in the live state). */
export async function fetchDay(day: string, offset: number, limit = 50): Promise<ReservationDayPage | { error: string }> {
  try {
    const res = await fetch(`/api/reservations?day=${encodeURIComponent(day)}&offset=${offset}&limit=${limit}`, { credentials: 'same-origin', signal: AbortSignal.timeout(60_000) });
    const body = (await res.json()) as ReservationDayPage | { ok: false; code: string };
    return body.ok ? body : { error: body.code };
  } catch {
    return { error: 'LINK_ERROR' };
  }
}
