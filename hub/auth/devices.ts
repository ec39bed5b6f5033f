import { randomBytes } from 'node:crypto';
import { own, type AuthStore, type DeviceRecord } from './auth-store.ts';
import { newToken, tokenId } from './secrets.ts';

/** The PIN screen offers at most this many people, the most recent first. */
const MAX_KNOWN = 12;

/**
 * Enrolled devices. A browser becomes one at its first full sign-in and gets
 * a long-lived HttpOnly cookie; from then on a PIN alone works there, for the
 * people who signed in fully on it before. The device keeps the id its
 * commands carry when that id is free, so the log and the browser agree.
 */
export class Devices {
  private readonly store: AuthStore;
  private readonly clock: () => Date;

  constructor(store: AuthStore, clock: () => Date) {
    this.store = store;
    this.clock = clock;
  }

  /** The device a cookie names, or null. */
  find(token: string | undefined): DeviceRecord | null {
    if (!token) return null;
    const id = tokenId(token);
    return Object.values(this.store.doc.devices).find((d) => d.tokenId === id) ?? null;
  }

  byId(id: string): DeviceRecord | null {
    return own(this.store.doc.devices, id) ?? null;
  }

  /**
   * After a full sign-in: the device the cookie names learns this person, or
   * a new device is enrolled. Returns the cookie to set when a new one was made.
   */
  async enroll(token: string | undefined, wantedId: string, label: string, staffId: string): Promise<{ device: DeviceRecord; token: string | null }> {
    const known = this.find(token);
    const fresh = known ? null : newToken();
    const device = await this.store.update((doc) => {
      let d = known ? own(doc.devices, known.id) : undefined;
      if (!d) {
        // Someone else's id is never taken over: a clash gets an id of its own.
        // The record is prototype-free, so even a wanted id like `__proto__` is only a key.
        const id = Object.hasOwn(doc.devices, wantedId) ? `${wantedId.slice(0, 48)}-${randomBytes(4).toString('hex')}` : wantedId;
        d = { id, tokenId: tokenId(fresh!), label, enrolledAt: this.clock().toISOString(), staffIds: [] };
        doc.devices[id] = d;
      }
      d.label = label || d.label;
      d.staffIds = [staffId, ...d.staffIds.filter((s) => s !== staffId)].slice(0, MAX_KNOWN);
      return d;
    });
    return { device, token: fresh };
  }

  /** Moves a person to the front of the device's list (they just signed in there). */
  async remember(deviceId: string, staffId: string): Promise<void> {
    if (own(this.store.doc.devices, deviceId)?.staffIds[0] === staffId) return;
    await this.store.update((doc) => {
      const d = own(doc.devices, deviceId);
      if (d) d.staffIds = [staffId, ...d.staffIds.filter((s) => s !== staffId)].slice(0, MAX_KNOWN);
    });
  }

  /** Every device's label by id, for the activity view. */
  labels(): Record<string, string> {
    return Object.fromEntries(Object.values(this.store.doc.devices).map((d) => [d.id, d.label]));
  }
}

/** A short name for a browser from its User-Agent: "Android · Chrome", "Windows · Firefox". */
export function deviceLabel(userAgent: string): string {
  const os = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'Mac' : /Linux/.test(userAgent) ? 'Linux' : '';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : '';
  return [os, browser].filter(Boolean).join(' · ') || userAgent.slice(0, 40) || 'unknown';
}
