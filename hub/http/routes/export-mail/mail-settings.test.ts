import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSettingsReply, MailTestReply } from '#hub/exports/mail/settings.ts';
import { startFakeSmtp, type FakeSmtp } from '#hub/exports/mail/testing/fake-smtp.ts';
import { cookieFor, getJson, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The export's mail settings through the real app: saved in the secret
 * store (0600), the password never answered or logged and kept when not
 * sent again; line breaks, odd hosts and extra keys refused with nothing
 * changed; the settings gate; a test mail to a fake SMTP server on
 * 127.0.0.1, sent or classified.
 */

const PASSWORD = 'Correo-Secreto-9921';
const logs: string[] = [];
let t: TestHub;
let smtp: FakeSmtp;
let waiter = '';
beforeAll(async () => {
  t = await startTestHub({ log: (m) => logs.push(m) });
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
  smtp = await startFakeSmtp({ users: { caja: PASSWORD } });
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

type Reply<T> = { status: number; body: T; text: string };
async function send<T>(method: string, apiPath: string, body?: unknown, cookie = cookieFor(t.url) ?? ''): Promise<Reply<T>> {
  const res = await fetch(new URL(apiPath, t.url), {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as T, text };
}

const valid = () => ({ host: '127.0.0.1', port: smtp.port, security: 'none', user: 'caja', password: PASSWORD, from: 'caja@restaurante.pe', recipients: ['contador@estudio.pe'] });
const FILE = () => path.join(t.dataDir, 'secrets', 'export-mail.json');

describe('the export mail settings', () => {
  it('none at first; saved in the secret store with the password only as "set"', async () => {
    expect((await getJson<MailSettingsReply>(t.url, '/api/exports/mail-settings')).body).toEqual({ ok: true, settings: null });
    const saved = await send<MailSettingsReply>('PUT', '/api/exports/mail-settings', valid());
    expect(saved.body.settings).toEqual({ host: '127.0.0.1', port: smtp.port, security: 'none', user: 'caja', from: 'caja@restaurante.pe', recipients: ['contador@estudio.pe'], passwordSet: true });
    expect(saved.text).not.toContain(PASSWORD);
    expect((await stat(FILE())).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(FILE()))).mode & 0o777).toBe(0o700);
    const { password: _password, ...noPassword } = valid();
    const again = await send<MailSettingsReply>('PUT', '/api/exports/mail-settings', { ...noPassword, recipients: ['contador@estudio.pe', 'duena@restaurante.pe'] });
    expect(again.body.settings?.passwordSet).toBe(true);
    expect(JSON.parse(await readFile(FILE(), 'utf8'))).toMatchObject({ password: PASSWORD, recipients: ['contador@estudio.pe', 'duena@restaurante.pe'] });
    const read = await getJson<MailSettingsReply>(t.url, '/api/exports/mail-settings');
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
  });

  it.each([
    ['a recipient with a line break', { recipients: ['contador@estudio.pe\r\nRCPT TO:<espia@malo.pe>'] }],
    ['a sender with a line break', { from: 'caja@restaurante.pe\nBcc: espia@malo.pe' }],
    ['a host with a slash', { host: 'smtp.example.pe/../x' }],
    ['a port out of range', { port: 70000 }],
    ['an unknown security', { security: '__proto__' }],
    ['no recipient', { recipients: [] }],
    ['a password with a line break', { password: 'a\r\nb' }],
  ])('refused: %s, nothing changed', async (_label, over) => {
    const before = await readFile(FILE(), 'utf8');
    const r = await send<{ ok: boolean; code: string }>('PUT', '/api/exports/mail-settings', { ...valid(), ...over });
    expect([r.status, r.body.code]).toEqual([400, 'INCORRECT_INPUT']);
    expect(await readFile(FILE(), 'utf8')).toBe(before);
  });

  it('keeps no extra keys (a "__proto__" in the body stays out of the file)', async () => {
    await send('PUT', '/api/exports/mail-settings', `{"__proto__":{"admin":true},"constructor":1,${JSON.stringify(valid()).slice(1)}`);
    const stored = JSON.parse(await readFile(FILE(), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['from', 'host', 'password', 'port', 'recipients', 'security', 'user']);
  });

  it('a waiter can neither read, change nor test them', async () => {
    expect((await send<{ code: string }>('GET', '/api/exports/mail-settings', undefined, waiter)).body.code).toBe('FORBIDDEN');
    expect((await send('PUT', '/api/exports/mail-settings', valid(), waiter)).status).toBe(403);
    expect((await send('POST', '/api/exports/mail-settings/test', {}, waiter)).status).toBe(403);
  });

  it('sends a test mail, or says why not', async () => {
    const sent = await send<MailTestReply>('POST', '/api/exports/mail-settings/test', {});
    expect(sent.body).toEqual({ ok: true, sent: true });
    expect(smtp.received.at(-1)?.to).toEqual(['contador@estudio.pe']);
    await send('PUT', '/api/exports/mail-settings', { ...valid(), password: 'otra-clave' });
    const refused = await send<MailTestReply>('POST', '/api/exports/mail-settings/test', {});
    expect(refused.body).toEqual({ ok: true, sent: false, code: 'MAIL_AUTH_FAILED', kind: 'owner' });
    expect(logs.join('\n')).not.toContain(PASSWORD);
  });
});
