import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFile } from '#hub/einvoice/secrets/certificate-store.ts';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import type { CertificateReply, SendSettingsReply } from '#protocol';
import { cookieFor, getJson, getState, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The e-invoicing secret routes through the real app: upload, describe and
 * remove the certificate; the SOL settings; refusals with their codes that
 * store nothing; the settings gate; the body limit; and no password ever in
 * an answer, the state or the hub's log.
 */

const PASSWORD = 'Clave-Del-P12-7731';
const SOL_PASSWORD = 'SolSecreto-5521';
const DAY = 86_400_000;
const logs: string[] = [];
let t: TestHub;
let waiter = '';
beforeAll(async () => {
  t = await startTestHub({ log: (m) => logs.push(m) });
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
});
afterAll(() => t.close());

type Reply<T> = { status: number; body: T; text: string };
/** A JSON request as the demo owner (or `cookie`); the raw text too, to look for secrets in it. */
async function send<T>(method: string, apiPath: string, body?: unknown, cookie = cookieFor(t.url) ?? ''): Promise<Reply<T>> {
  const res = await fetch(new URL(apiPath, t.url), {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as T, text };
}
const upload = (p12: Uint8Array, password: string, cookie?: string) =>
  send<CertificateReply & { code?: string }>('PUT', '/api/einvoice/certificate', { p12Base64: Buffer.from(p12).toString('base64'), password }, cookie);
const exists = (file: string) => stat(file).then(() => true, () => false);

describe('the certificate', () => {
  it('none at first', async () => {
    const r = await getJson<CertificateReply>(t.url, '/api/einvoice/certificate');
    expect(r.body).toEqual({ ok: true, certificate: null });
  });

  it('a wrong password is refused with its code and nothing is stored', async () => {
    const r = await upload(makeTestPkcs12(PASSWORD).p12, 'otra-clave-xyz');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: 'CERT_BAD_PASSWORD' });
    expect(await exists(certificateFile(t.dataDir))).toBe(false);
  });

  it.each([
    ['not a PKCS#12 file', () => Buffer.from('no soy un certificado'), PASSWORD, 'CERT_UNREADABLE'],
    ['expired', () => makeTestPkcs12(PASSWORD, { notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) }).p12, PASSWORD, 'CERT_EXPIRED'],
    ['no private key', () => makeTestPkcs12(PASSWORD, { withKey: false }).p12, PASSWORD, 'CERT_NO_PRIVATE_KEY'],
  ])('refused: %s (%s), nothing stored', async (_label, make, password, code) => {
    const r = await upload(make(), password);
    expect(r.body).toMatchObject({ ok: false, code });
    expect(await exists(certificateFile(t.dataDir))).toBe(false);
  });

  it.each([
    ['not base64', { p12Base64: 'no es base64!', password: 'x' }, 'INCORRECT_INPUT'],
    ['no file', { p12Base64: '', password: 'x' }, 'REQUIRED_FIELD'],
    ['not JSON', '{"p12Base64":', 'MALFORMED_JSON'],
  ])('a malformed body is refused: %s', async (_label, body, code) => {
    expect((await send<{ code: string }>('PUT', '/api/einvoice/certificate', body)).body.code).toBe(code);
  });

  it('a good file is kept (0600) and described: subject, RUC, validity', async () => {
    const r = await upload(makeTestPkcs12(PASSWORD).p12, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.certificate).toMatchObject({ ruc: '20123456789', expired: false });
    expect(r.body.certificate?.subject).toContain('CN=RESTAURANTE DE PRUEBA SAC');
    expect(Date.parse(r.body.certificate?.notAfter ?? '')).toBeGreaterThan(Date.now());
    expect((await stat(certificateFile(t.dataDir))).mode & 0o777).toBe(0o600);
    const again = await getJson<CertificateReply>(t.url, '/api/einvoice/certificate');
    expect(again.body.certificate).toEqual(r.body.certificate);
  });

  it('a refused replacement keeps the stored certificate', async () => {
    const before = await readFile(certificateFile(t.dataDir), 'utf8');
    expect((await upload(makeTestPkcs12(PASSWORD).p12, 'mala')).body.code).toBe('CERT_BAD_PASSWORD');
    expect(await readFile(certificateFile(t.dataDir), 'utf8')).toBe(before);
  });

  it('a 5 MB body is refused before it is read, and changes nothing', async () => {
    const before = await readFile(certificateFile(t.dataDir), 'utf8');
    const big = { p12Base64: 'A'.repeat(5 * 1024 * 1024), password: PASSWORD };
    const r = await send<{ code: string }>('PUT', '/api/einvoice/certificate', big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await readFile(certificateFile(t.dataDir), 'utf8')).toBe(before);
  });

  it('a waiter can neither read, upload nor remove it', async () => {
    expect((await send<{ code: string }>('GET', '/api/einvoice/certificate', undefined, waiter)).body.code).toBe('FORBIDDEN');
    expect((await upload(makeTestPkcs12(PASSWORD).p12, PASSWORD, waiter)).status).toBe(403);
    expect((await send('DELETE', '/api/einvoice/certificate', undefined, waiter)).status).toBe(403);
    expect(await exists(certificateFile(t.dataDir))).toBe(true);
    // Signed out: the session door.
    expect((await send('GET', '/api/einvoice/certificate', undefined, '')).status).toBe(401);
  });

  it('removed by the owner', async () => {
    expect((await send<CertificateReply>('DELETE', '/api/einvoice/certificate')).body).toEqual({ ok: true, certificate: null });
    expect(await exists(certificateFile(t.dataDir))).toBe(false);
    expect((await getJson<CertificateReply>(t.url, '/api/einvoice/certificate')).body.certificate).toBeNull();
    // Twice is fine (nothing left to remove).
    expect((await send('DELETE', '/api/einvoice/certificate')).status).toBe(200);
  });
});

describe('where to send and the SOL user', () => {
  it('none at first; saved; the password only as "set", kept when not sent again', async () => {
    expect((await getJson<SendSettingsReply>(t.url, '/api/einvoice/sol')).body.settings).toBeNull();
    const saved = await send<SendSettingsReply>('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-beta' }, user: 'MODDATOS', password: SOL_PASSWORD });
    expect(saved.body).toEqual({ ok: true, settings: { endpoint: { kind: 'sunat-beta' }, user: 'MODDATOS', passwordSet: true } });
    // Moving where the password goes needs it typed again (issue 19 item 15); the user alone keeps it.
    const ose = { kind: 'ose', url: 'https://ose.example.pe/ol-ti-itcpe/billService' };
    expect((await send<{ code: string }>('PUT', '/api/einvoice/sol', { endpoint: ose, user: 'MODDATOS' })).body.code).toBe('SECRET_REQUIRED');
    expect((await send<SendSettingsReply>('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-beta' }, user: 'MODDATOS2' })).body.settings?.passwordSet).toBe(true);
    const moved = await send<SendSettingsReply>('PUT', '/api/einvoice/sol', { endpoint: ose, user: 'MODDATOS', password: SOL_PASSWORD });
    expect(moved.body.settings).toEqual({ endpoint: { kind: 'ose', url: 'https://ose.example.pe/ol-ti-itcpe/billService' }, user: 'MODDATOS', passwordSet: true });
    // The OSE's consultation service (getStatusCdr) is kept when given, and left out when empty.
    const consult = { kind: 'ose', url: 'https://ose.example.pe/ol-ti-itcpe/billService', consultUrl: 'https://ose.example.pe/billConsultService' };
    expect((await send<SendSettingsReply>('PUT', '/api/einvoice/sol', { endpoint: consult, user: 'MODDATOS', password: SOL_PASSWORD })).body.settings?.endpoint).toEqual(consult);
    expect((await send<SendSettingsReply>('PUT', '/api/einvoice/sol', { endpoint: { ...consult, consultUrl: '  ' }, user: 'MODDATOS', password: SOL_PASSWORD })).body.settings?.endpoint)
      .toEqual({ kind: 'ose', url: 'https://ose.example.pe/ol-ti-itcpe/billService' });
    const file = path.join(t.dataDir, 'secrets', 'einvoice-sol.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ password: SOL_PASSWORD });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['an OSE over http', { endpoint: { kind: 'ose', url: 'http://ose.example.pe/bill' }, user: 'A' }, 'ENDPOINT_NOT_HTTPS'],
    ['an OSE address that is no URL', { endpoint: { kind: 'ose', url: 'ose en la nube' }, user: 'A' }, 'ENDPOINT_NOT_HTTPS'],
    ['an OSE consultation address over http', { endpoint: { kind: 'ose', url: 'https://ose.example.pe/bill', consultUrl: 'http://ose.example.pe/consult' }, user: 'A' }, 'ENDPOINT_NOT_HTTPS'],
    ['an OSE consultation address that is no URL', { endpoint: { kind: 'ose', url: 'https://ose.example.pe/bill', consultUrl: 'javascript:alert(1)' }, user: 'A' }, 'ENDPOINT_NOT_HTTPS'],
    ['an unknown kind', { endpoint: { kind: '__proto__' }, user: 'A' }, 'INCORRECT_INPUT'],
    ['a user with spaces', { endpoint: { kind: 'sunat-beta' }, user: 'MOD DATOS' }, 'INCORRECT_INPUT'],
  ])('refused: %s, nothing changed', async (_label, body, code) => {
    const before = await getJson<SendSettingsReply>(t.url, '/api/einvoice/sol');
    expect((await send<{ code: string }>('PUT', '/api/einvoice/sol', body)).body.code).toBe(code);
    expect((await getJson<SendSettingsReply>(t.url, '/api/einvoice/sol')).body).toEqual(before.body);
  });

  it('a waiter is refused', async () => {
    expect((await send('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-production' }, user: 'X', password: 'y' }, waiter)).status).toBe(403);
    expect((await send('GET', '/api/einvoice/sol', undefined, waiter)).status).toBe(403);
  });
});

describe('secrets stay secret', () => {
  it('no password in any answer, the state or the log', async () => {
    const up = await upload(makeTestPkcs12(PASSWORD).p12, PASSWORD);
    const sol = await send('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-beta' }, user: 'MODDATOS', password: SOL_PASSWORD });
    const answers = [up.text, sol.text, (await send('GET', '/api/einvoice/certificate')).text, (await send('GET', '/api/einvoice/sol')).text, JSON.stringify(await getState(t.url))];
    for (const text of answers) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(SOL_PASSWORD);
    }
    expect(logs.length).toBeGreaterThan(0);
    const log = logs.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(SOL_PASSWORD);
    // Nothing of the secrets in the store's files either (the log, snapshots): only in secrets/.
    for (const name of await readdir(t.dataDir, { recursive: true })) {
      if (name.startsWith('secrets')) continue;
      const file = path.join(t.dataDir, name);
      if (!(await stat(file)).isFile()) continue;
      const text = await readFile(file, 'latin1');
      expect(text, name).not.toContain(PASSWORD);
      expect(text, name).not.toContain(SOL_PASSWORD);
    }
  });
});
