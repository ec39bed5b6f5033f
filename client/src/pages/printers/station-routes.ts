import type { State } from '#protocol';
import { kitchenFallback, stationTargets } from '#hub/domain/printing/routing.ts';

/** A kitchen station nothing prints, and where its dishes print instead (null: nowhere, the restaurant has no printer). */
export type UnroutedStation = { id: string; name: string; fallback: string | null };

/**
 * The stations whose dishes would print on the kitchen fallback (the hub's
 * own routing, hub/domain/printing/routing.ts): those no printer or screen is
 * set for, and that a listed dish still names (an unused station troubles
 * nobody). Read on the device, never on the hub's command path.
 */
export function unroutedStations(state: State | null): UnroutedStation[] {
  if (!state?.menuSettings || !state.printers) return [];
  const used = new Set(Object.values(state.products ?? {}).flatMap((p) => (p.listed && p.station ? [p.station] : [])));
  const stations = state.menuSettings.stations.filter((st) => used.has(st.id) && stationTargets(state, st.id).length === 0);
  if (stations.length === 0) return [];
  const fallback = kitchenFallback(state)?.name ?? null;
  return stations.map((st) => ({ id: st.id, name: st.name, fallback }));
}
