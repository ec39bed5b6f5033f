import { KEYS } from './storage.ts';
import { uuid } from './uuid.ts';

/** This browser's id, minted once and kept: it names the device in the hub's log. */
export function deviceId(): string {
  let id = localStorage.getItem(KEYS.deviceId);
  if (!id) {
    id = uuid();
    localStorage.setItem(KEYS.deviceId, id);
  }
  return id;
}
