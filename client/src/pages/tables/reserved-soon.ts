import type { State } from '#protocol';
import { reservedSoon as nextReservationSoon } from '#domain';

/**
 * The time of each table's next reservation within the coming hour (the
 * domain's own rule, `reservedSoon` in hub/domain/reservations, so the map
 * and the hub never disagree about which tables are reserved soon):
 * tableId → ISO time. A table reserved soon shows "reserved HH:MM" on its card.
 */
export function reservedSoon(state: State, nowMs: number): Map<string, string> {
  const out = new Map<string, string>();
  const nowIso = new Date(nowMs).toISOString();
  const tableIds = new Set(Object.values(state.upcomingReservations).map((r) => r.tableId));
  for (const tableId of tableIds) {
    const next = nextReservationSoon(state, tableId, nowIso);
    if (next) out.set(tableId, next.at);
  }
  return out;
}

/** "19:30" in the restaurant's time (Lima), whatever the device's clock zone. */
export function limaTime(iso: string): string {
  return new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(11, 16);
}
