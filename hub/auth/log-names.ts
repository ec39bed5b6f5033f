import type { State } from '#protocol';
import { own, type DeviceRecord } from './auth-store.ts';

/**
 * People and devices as the console names them: by staff number and name and
 * by the device's label, never by a raw id (issue 18 item 16: an owner reading
 * the console cannot tell whose a UUID is). Names are what people typed: the
 * hub's log makes every message one line (safe-log.ts).
 */
export function staffForLog(state: Pick<State, 'staff'>, staffId: string | null): string {
  if (staffId === null) return 'the hub';
  const staff = own(state.staff, staffId);
  return staff ? `staff ${staff.code} (${staff.name})` : 'a staff member no longer listed';
}

/** A device by the label it was enrolled with, else the start of its id (enough to tell two apart). */
export function deviceForLog(devices: Readonly<Record<string, DeviceRecord>>, deviceId: string): string {
  const label = own(devices, deviceId)?.label;
  return label ? `device "${label}"` : `device ${deviceId.slice(0, 8)}`;
}
