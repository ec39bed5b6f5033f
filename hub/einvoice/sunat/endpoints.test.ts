import { describe, expect, it } from 'vitest';
import { consultUrl, endpointUrl, SUNAT_CONSULT_ENDPOINT, SUNAT_ENDPOINTS } from './endpoints.ts';

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

describe('consultUrl (where getStatusCdr asks)', () => {
  it.each([
    ['SUNAT production: its consultation service', { kind: 'sunat-production' } as const, SUNAT_CONSULT_ENDPOINT],
    ['SUNAT beta: none (beta keeps nothing)', { kind: 'sunat-beta' } as const, null],
    ['an OSE without one', { kind: 'ose', url: 'https://ose.example.pe/billService' } as const, null],
    ['an OSE that gave one', { kind: 'ose', url: 'https://ose.example.pe/billService', consultUrl: 'https://ose.example.pe/billConsultService' } as const, 'https://ose.example.pe/billConsultService'],
    ['the fake on loopback', { kind: 'ose', url: 'http://127.0.0.1:1/b', consultUrl: 'http://127.0.0.1:1/c' } as const, 'http://127.0.0.1:1/c'],
  ])('%s', (_name, choice, expected) => {
    expect(consultUrl(choice)).toBe(expected);
  });

  it('refuses plain http off this machine, like the sending URL (it carries the SOL password)', () => {
    expect(() => consultUrl({ kind: 'ose', url: 'https://ose.example.pe/b', consultUrl: 'http://ose.example.pe/c' })).toThrow(/ENDPOINT_NOT_HTTPS/);
  });
});
