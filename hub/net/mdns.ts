import { hostname } from 'node:os';
import { Bonjour } from 'bonjour-service';

/** The mDNS service type a setup tool looks for: `_pos-hub._tcp`. */
export const MDNS_TYPE = 'pos-hub';

/**
 * The name this machine answers to over mDNS: `<hostname>.local`. The hub
 * announces its service on it (bonjour-service would otherwise use the bare
 * host name, which no mDNS resolver asks for), and the Host check accepts it.
 */
export function mdnsHostName(name: string = hostname()): string {
  const base = name.toLowerCase().replace(/\.$/, '');
  return base.endsWith('.local') ? base : `${base.split('.')[0]}.local`;
}

export type Advertiser = { close(): Promise<void> };

/**
 * Announces the hub on the shop network under the restaurant's name, so a
 * phone app or setup tool can find it without typing an address. Errors are
 * logged, never fatal: the hub works without mDNS.
 */
export function advertise(name: string, port: number, info: { storeId: string; version: string }, log: (m: string) => void): Advertiser {
  const bonjour = new Bonjour({}, (err: unknown) => log(`mdns: ${String(err)}`));
  const service = bonjour.publish({
    name: name || 'POS hub',
    type: MDNS_TYPE,
    host: mdnsHostName(),
    port,
    txt: { path: '/', storeId: info.storeId, version: info.version },
  });
  service.on('error', (err: unknown) => log(`mdns: ${String(err)}`));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}
