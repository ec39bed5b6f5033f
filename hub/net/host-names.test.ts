import { describe, expect, it } from 'vitest';
import { createHostCheck, hostOf } from './host-names.ts';
import { mdnsHostName } from './mdns.ts';

describe('hostOf reads a Host header', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LocalHost:8080', 'localhost'],
    ['192.168.1.20:8080', '192.168.1.20'],
    ['[::1]:8080', '::1'],
    ['[FE80:0:0:0:0:0:0:1]', 'fe80::1'],
    ['caja.lan.', 'caja.lan'],
    ['caja.lan.:80', 'caja.lan'],
  ])('%s -> %s', (header, host) => expect(hostOf(header)).toBe(host));

  it.each(['', ':8080', 'a:b', 'evil.example:80:80', '[::1', '[nothost]:80', '::1', 'x:99999999'])('refuses %j', (header) => {
    expect(hostOf(header)).toBeNull();
  });
});

describe('the Host check (DNS rebinding)', () => {
  let addresses = ['127.0.0.1', '::1', '192.168.1.20', 'fe80::a00:27ff:fe4e:66a1'];
  let reads = 0;
  let owner: string[] | undefined = ['caja.lan', '10.8.0.5'];
  const check = createHostCheck({
    ownerNames: () => owner,
    addresses: () => {
      reads += 1;
      return addresses;
    },
    hostname: () => 'posbox',
  });

  it.each([
    'localhost:8080',
    '127.0.0.1:8080',
    '[::1]:8080',
    '192.168.1.20',
    '192.168.1.20:8080',
    '[fe80::a00:27ff:fe4e:66a1]:8080',
    'posbox:8080',
    'posbox.local:8080',
    'POSBOX.LOCAL.',
    'caja.lan:8080',
    '10.8.0.5:8080',
  ])('accepts %s', (host) => expect(check(host)).toBe(true));

  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', 'posbox.evil.example', '192.168.1.21:8080', '[::2]', 'caja.lan.evil', '0x7f.1'])(
    'refuses %s',
    (host) => expect(check(host)).toBe(false),
  );

  it('lets a request without Host through (no browser sends one; see createHostCheck)', () => {
    expect(check(undefined)).toBe(true);
  });

  it('reads the interfaces again for an unknown address, so a new DHCP address works at once', () => {
    expect(check('192.168.1.77:8080')).toBe(false);
    addresses = [...addresses, '192.168.1.77'];
    const before = reads;
    expect(check('192.168.1.77:8080')).toBe(true);
    expect(reads).toBe(before + 1);
    // A name never makes it read them: a rebinding page cannot make the hub work for it.
    expect(check('evil.example')).toBe(false);
    expect(reads).toBe(before + 1);
  });

  it('follows the owner names as they change, and tolerates data without them', () => {
    owner = undefined;
    expect(check('caja.lan')).toBe(false);
    owner = ['caja.lan'];
    expect(check('caja.lan')).toBe(true);
  });

  it('the mDNS name is <hostname>.local', () => {
    expect(mdnsHostName('PosBox')).toBe('posbox.local');
    expect(mdnsHostName('posbox.example.lan')).toBe('posbox.local');
    expect(mdnsHostName('posbox.local.')).toBe('posbox.local');
  });
});
