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

/** The name a hub without a restaurant name (not yet claimed) announces. */
export const UNNAMED_HUB = 'POS hub';

/** How long the hub listens for other hubs' names before it picks its own. */
const LISTEN_MS = 1_000;

/**
 * The first of `wanted`, `wanted (2)`, `wanted (3)`... that no other hub
 * announces (the numbering mDNS itself suggests, RFC 6762 section 9).
 */
export function freeName(wanted: string, taken: ReadonlySet<string>): string {
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  if (!lower.has(wanted.toLowerCase())) return wanted;
  for (let n = 2; ; n += 1) {
    const name = `${wanted} (${n})`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/**
 * Announces the hub on the shop network under the restaurant's name, so a
 * phone app or setup tool can find it without typing an address. It first
 * listens a second for the hubs already there and takes the next free name
 * when its own is taken (bonjour-service's own probe would only print a
 * stack trace and announce nothing). Errors are logged, never fatal: the hub
 * works without mDNS.
 */
export function advertise(name: string, port: number, info: { storeId: string; version: string }, log: (m: string) => void): Advertiser {
  const bonjour = new Bonjour({}, (err: unknown) => log(`mdns: ${String(err)}`));
  const wanted = name || UNNAMED_HUB;
  const taken = new Set<string>();
  const browser = bonjour.find({ type: MDNS_TYPE }, (service) => taken.add(service.name));
  let closed = false;
  const timer = setTimeout(() => {
    browser.stop();
    if (closed) return;
    const chosen = freeName(wanted, taken);
    if (chosen !== wanted) log(`mdns: another hub on this network is already called "${wanted}"; this one is announced as "${chosen}"`);
    // Probing is done above; the library's probe would print a raw error on a clash.
    const service = bonjour.publish({ name: chosen, type: MDNS_TYPE, host: mdnsHostName(), port, probe: false, txt: { path: '/', storeId: info.storeId, version: info.version } });
    service.on('up', () => log(`mdns: announced as "${chosen}" (${mdnsHostName()}:${port})`));
    service.on('error', (err: unknown) => log(`mdns: ${String(err)}`));
  }, LISTEN_MS);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        clearTimeout(timer);
        browser.stop();
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}

/**
 * Announces the hub under the restaurant's name, and again under the new
 * name when it changes (the claim names an unnamed hub, the owner may rename
 * it): the old name says goodbye, so a setup tool never lists a stale one.
 */
export function advertiseRestaurant(opts: {
  name: () => string;
  /** Called after each recorded change (the engine's onChange); returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
  port: number;
  info: { storeId: string; version: string };
  log: (m: string) => void;
}): Advertiser {
  let announced = opts.name();
  let current = advertise(announced, opts.port, opts.info, opts.log);
  let closing: Promise<void> = Promise.resolve();
  const unsubscribe = opts.onChange(() => {
    const name = opts.name();
    if (name === announced) return;
    announced = name;
    const old = current;
    closing = closing.then(() => old.close());
    current = advertise(name, opts.port, opts.info, opts.log);
  });
  return {
    close: async () => {
      unsubscribe();
      await closing;
      await current.close();
    },
  };
}
