import type { NetworkInterfaceInfo } from 'node:os';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hostsAnswering, ownSubnetHosts } from './printer-search.ts';

const v4 = (address: string, netmask: string, internal = false): NetworkInterfaceInfo => ({ address, netmask, family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: null });

describe('ownSubnetHosts', () => {
  it.each([
    { name: 'a /24: its 253 other hosts', ifs: { eth0: [v4('192.168.1.20', '255.255.255.0')] }, count: 253, has: ['192.168.1.1', '192.168.1.254'], not: ['192.168.1.0', '192.168.1.20', '192.168.1.255', '192.168.2.1'] },
    { name: 'a /16: only the /24 around the box', ifs: { wlan0: [v4('10.5.7.9', '255.255.0.0')] }, count: 253, has: ['10.5.7.1'], not: ['10.5.8.1', '10.5.0.1'] },
    { name: 'a /30: the one other host', ifs: { eth0: [v4('172.16.0.1', '255.255.255.252')] }, count: 1, has: ['172.16.0.2'], not: ['172.16.0.3'] },
    { name: 'a /32 (a tunnel): nothing', ifs: { tun0: [v4('100.64.0.5', '255.255.255.255')] }, count: 0, has: [], not: [] },
    { name: 'loopback and IPv6 are left alone', ifs: { lo: [v4('127.0.0.1', '255.0.0.0', true)], eth0: [{ ...v4('fe80::1', 'ffff:ffff:ffff:ffff::'), family: 'IPv6' as const, scopeid: 0 }] }, count: 0, has: [], not: [] },
  ])('$name', ({ ifs, count, has, not }) => {
    const hosts = ownSubnetHosts(ifs as NodeJS.Dict<NetworkInterfaceInfo[]>);
    expect(hosts).toHaveLength(count);
    for (const h of has) expect(hosts).toContain(h);
    for (const h of not) expect(hosts).not.toContain(h);
  });
});

describe('hostsAnswering', () => {
  it('finds the host that accepts a connection on the port, and only it', async () => {
    const server = createServer((s) => s.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      expect(await hostsAnswering(['127.0.0.2', '127.0.0.1', '127.0.0.3'], port, { timeoutMs: 2000 })).toEqual(['127.0.0.1']);
      expect(await hostsAnswering([], port)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
