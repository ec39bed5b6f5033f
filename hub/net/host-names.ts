import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';
import { mdnsHostName } from './mdns.ts';

/** Answers whether a request's `Host` header names this hub; undefined is a request without one. */
export type HostCheck = (hostHeader: string | undefined) => boolean;

export type HostCheckOptions = {
  /** The names the owner added in the settings (read at every request: a save applies at once). */
  ownerNames: () => readonly string[] | undefined;
  /** The `--host` the hub listens on: a name or address given there is the hub's own too. */
  listenHost?: string;
  /** This machine's addresses now (default: every address of every network interface). */
  addresses?: () => string[];
  /** This machine's name (default: the operating system's). */
  hostname?: () => string;
};

/** Every address of this machine's network interfaces, IPv4 and IPv6, loopback included. */
export function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
}

/** An IPv6 address in the one spelling browsers send (lower case, zeros compressed), or null. */
function canonicalIPv6(address: string): string | null {
  if (isIP(address) !== 6) return null;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * The host part of a `Host` header: lower case, without port, brackets or a
 * trailing dot. Null when it is not a well-formed `host[:port]`.
 */
export function hostOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  let host: string;
  let rest: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1) return null;
    const v6 = canonicalIPv6(value.slice(1, end));
    if (v6 === null) return null;
    host = v6;
    rest = value.slice(end + 1);
  } else {
    const colon = value.indexOf(':');
    host = colon === -1 ? value : value.slice(0, colon);
    rest = colon === -1 ? '' : value.slice(colon);
    host = host.replace(/\.$/, '');
  }
  if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
  return host === '' ? null : host;
}

/** An address as hostOf spells it (IPv6 canonical), so the two compare as strings. */
function spelled(address: string): string {
  return canonicalIPv6(address.replace(/%.*$/, '')) ?? address.toLowerCase();
}

/**
 * The DNS-rebinding door. A page from another site can make its own name
 * point at the hub's address; the browser then sends that name as `Host`,
 * and the Origin check alone would let the page in (its Origin matches its
 * Host). So the hub answers only to names that are its own: localhost and
 * the loopback addresses, every address of this machine (read again when an
 * unknown address arrives: DHCP may have given a new one), the machine's
 * name and its mDNS `.local` name, the `--host` it listens on, and the names
 * the owner added. Any port is accepted: the name is what a rebinding forges.
 * A request without Host passes: every browser sends one (HTTP/1.1 requires
 * it and Node refuses an HTTP/1.1 request without it), so only an HTTP/1.0
 * script on the network can omit it, and such a script is not a browser
 * that a foreign page could drive.
 */
export function createHostCheck(opts: HostCheckOptions): HostCheck {
  const readAddresses = opts.addresses ?? interfaceAddresses;
  const name = (opts.hostname ?? osHostname)().toLowerCase().replace(/\.$/, '');
  const fixed = new Set(['localhost', '127.0.0.1', '::1', name, mdnsHostName(name)]);
  if (opts.listenHost && opts.listenHost !== '0.0.0.0' && opts.listenHost !== '::') fixed.add(spelled(opts.listenHost));
  let addresses = new Set(readAddresses().map(spelled));

  return (header) => {
    if (header === undefined || header === '') return true;
    const host = hostOf(header);
    if (host === null) return false;
    if (fixed.has(host) || addresses.has(host)) return true;
    if ((opts.ownerNames() ?? []).includes(host)) return true;
    if (isIP(host) === 0) return false;
    // An address we do not know yet: maybe the network gave this machine a new one.
    addresses = new Set(readAddresses().map(spelled));
    return addresses.has(host);
  };
}

