/**
 * The address as a map (SPEC.md section 9 map component: zoom 5 to 18, default 16, refreshed every
 * 30 s) where the device itself reaches the map service, and always as a link a rider's phone opens
 * in its maps app. The hub never goes to the internet for this: only the device does, if it can.
 */
export const MAP_ZOOM = { min: 5, max: 18, initial: 16 } as const;
export const MAP_REFRESH_MS = 30_000;

/** How long the reachability probe waits before calling the map service unreachable. */
export const PROBE_TIMEOUT_MS = 4_000;

/** A zoom level kept within SPEC's range. */
export function clampZoom(zoom: number): number {
  return Math.min(MAP_ZOOM.max, Math.max(MAP_ZOOM.min, Math.round(zoom)));
}

/** The text the map service searches: the address alone (the reference is for people, not for maps). */
function query(address: string): string {
  return encodeURIComponent(address.trim().replace(/\s+/g, ' '));
}

/** A link any phone opens in its maps app (Android and iOS both take Google's universal search link). */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${query(address)}`;
}

/** The embeddable map of the address at `zoom` (no key needed). */
export function embedUrl(address: string, zoom: number): string {
  return `https://maps.google.com/maps?q=${query(address)}&z=${clampZoom(zoom)}&output=embed`;
}

/** A small image of the map service: if it loads, this device reaches the map's tiles. */
export const PROBE_IMAGE = 'https://maps.google.com/favicon.ico';
