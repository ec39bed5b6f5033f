import { useSnapshot } from 'valtio';
import type { RolePresetId } from '#protocol';
import { PATHS } from '../routes.ts';
import { readJson, writeJson } from '../sync/storage.ts';
import { session } from './session.ts';

/**
 * A kitchen screen (issue 18 item 4) is a device on which a person of the
 * kitchen role (the `kitchen` preset) is signed in: it never idle-locks
 * (`idle-lock.ts`), lands on the kitchen display after sign-in (`AuthGate`),
 * reopens the station it last showed after a reload, and receives no amounts
 * (hub/presenters/amounts.ts). The role is the hub's word, so setting a
 * tablet up is signing a cook in on it once; nothing else to configure.
 */
export const KITCHEN_ROLE = 'kitchen' satisfies RolePresetId;

/** Whether the signed-in person makes this device a kitchen screen. */
export function useKitchenScreen(): boolean {
  return useSnapshot(session).staff?.roleId === KITCHEN_ROLE;
}

/** Where this device keeps the station its screen shows (a device setting, not a secret). */
const STATION_KEY = 'pos.kdsStation';

/** The station this device's kitchen display showed last ('' when none). */
export function rememberedStation(): string {
  const kept = readJson<unknown>(STATION_KEY);
  return typeof kept === 'string' ? kept : '';
}

/** Keeps the station this device's kitchen display shows, so a reload opens it again. */
export function rememberStation(stationId: string): void {
  writeJson(STATION_KEY, stationId);
}

/** The kitchen display at this device's station (or the picker, when it has none yet). */
export function kitchenHome(): string {
  const station = rememberedStation();
  return station ? `${PATHS.kitchenDisplay}?station=${encodeURIComponent(station)}` : PATHS.kitchenDisplay;
}
