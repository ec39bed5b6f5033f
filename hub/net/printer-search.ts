import { connect } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** The port network receipt printers listen on for raw ESC/POS (JetDirect). */
export const RAW_PRINT_PORT = 9100;

/** At most this many hosts around each of the box's addresses: a /24 (a /16 would be 65,000 hosts). */
const MAX_PREFIX_BITS = 8;

function toNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function toAddress(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/**
 * The other hosts of the box's own IPv4 subnets, each at most the /24 around
 * the box's address (network and broadcast addresses left out). Only the
 * networks the box is on: the owner's "find a printer" never reaches beyond.
 */
export function ownSubnetHosts(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const hosts = new Set<string>();
  const own = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      if (a.family !== 'IPv4' || a.internal) continue;
      own.add(a.address);
      const maskBits = a.netmask.split('.').reduce((bits, part) => bits + (Number(part) >>> 0).toString(2).replace(/0/g, '').length, 0);
      const hostBits = Math.min(32 - maskBits, MAX_PREFIX_BITS);
      if (hostBits < 2) continue;
      const size = 2 ** hostBits;
      const first = Math.floor(toNumber(a.address) / size) * size;
      for (let n = first + 1; n < first + size - 1; n += 1) hosts.add(toAddress(n));
    }
  }
  return [...hosts].filter((h) => !own.has(h));
}

/** Whether something accepts a TCP connection on host:port within `timeoutMs` (closed again at once, nothing sent). */
export function answersOn(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The hosts, in the order given, that answer on `port`: asked `parallel` at
 * a time, each given `timeoutMs` (a /24 takes about 254 / 64 x 0.4 s: under 2 s).
 */
export async function hostsAnswering(hosts: readonly string[], port: number, opts: { timeoutMs?: number; parallel?: number } = {}): Promise<string[]> {
  const timeoutMs = opts.timeoutMs ?? 400;
  const parallel = opts.parallel ?? 64;
  const answered = new Array<boolean>(hosts.length).fill(false);
  let next = 0;
  const worker = async () => {
    while (next < hosts.length) {
      const i = next++;
      answered[i] = await answersOn(hosts[i]!, port, timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, hosts.length) }, worker));
  return hosts.filter((_, i) => answered[i]);
}
