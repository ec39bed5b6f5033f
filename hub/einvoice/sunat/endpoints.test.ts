import { describe, expect, it } from 'vitest';
import { endpointUrl, SUNAT_ENDPOINTS } from './endpoints.ts';

describe('endpointUrl', () => {
  it('SUNAT beta and production are fixed', () => {
    expect(endpointUrl({ kind: 'sunat-beta' })).toBe(SUNAT_ENDPOINTS.beta);
    expect(endpointUrl({ kind: 'sunat-production' })).toBe(SUNAT_ENDPOINTS.production);
  });

  const allowed: [string, string][] = [
    ['an https OSE', 'https://ose.example.pe/ol-ti-itcpfegem/billService'],
    ['http on 127.0.0.1 (the fake SUNAT)', 'http://127.0.0.1:8123/ol-ti-itcpfegem-beta/billService'],
    ['http on localhost', 'http://localhost:8123/billService'],
    ['http on LOCALHOST (host names are case-insensitive)', 'http://LOCALHOST:8123/billService'],
    ['http on ::1', 'http://[::1]:8123/billService'],
  ];
  it.each(allowed)('allows %s', (_name, url) => {
    expect(endpointUrl({ kind: 'ose', url })).toBe(new URL(url).toString());
  });

  const refused: [string, string][] = [
    ['plain http to another host', 'http://ose.example.pe/billService'],
    ['http to a host that starts like loopback', 'http://127.0.0.1.evil.example/billService'],
    ['http to localhost as a subdomain', 'http://localhost.evil.example/billService'],
    ['http to another loopback-looking address', 'http://127.0.0.2/billService'],
    ['http to the LAN', 'http://192.168.1.10/billService'],
    ['ftp', 'ftp://127.0.0.1/billService'],
    ['a file URL', 'file:///etc/passwd'],
  ];
  it.each(refused)('refuses %s', (_name, url) => {
    expect(() => endpointUrl({ kind: 'ose', url })).toThrow(/ENDPOINT_NOT_HTTPS/);
  });

  it('refuses what is not a URL', () => {
    expect(() => endpointUrl({ kind: 'ose', url: 'not a url' })).toThrow();
  });
});
