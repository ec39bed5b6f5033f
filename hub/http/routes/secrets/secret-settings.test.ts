import { readFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '#hub/exports/mail/testing/fake-smtp.ts';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import type { CommandPayload, CommandType } from '#protocol';
import { ROLE_PRESETS } from '#protocol';
import { command, cookieFor, DEMO_OWNER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Issue 19 items 10, 15 and 16 through the real app. The restaurant's
 * secrets (certificate, SOL user and password, where documents go, the mail
 * server) have their own gate, `fiscalSecrets`, that only the owner's preset
 * holds: a manager keeps `settings` (printers, tables) but cannot read or
 * replace them until an owner grants it. Whoever holds it cannot point a
 * stored password at another server without typing it again (the attack: an
 * OSE address or a mail host of one's own, and the next factura or test mail
 * hands them the password). Every change is in the activity, names only.
 */

const SOL_PASSWORD = 'SolSecreto-8812';
const MAIL_PASSWORD = 'Correo-Secreto-4410';
const P12_PASSWORD = 'clave-p12';
const MANAGER = { id: 'staff-secrets-manager', code: '55', pin: '5555' };
let t: TestHub;
let manager = '';
let legit: FakeSmtp;
let attacker: FakeSmtp;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type}: ${r.body.code}`);
}

type Reply = { status: number; body: { ok: boolean; code?: string; message?: string; sent?: boolean }; text: string };
async function send(method: string, apiPath: string, body?: unknown, cookie = cookieFor(t.url) ?? ''): Promise<Reply> {
  const res = await fetch(new URL(apiPath, t.url), { method, headers: { 'content-type': 'application/json', cookie }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Reply['body'], text };
}
const mail = (smtp: FakeSmtp, over: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: smtp.port, security: 'none', user: 'caja', from: 'caja@restaurante.pe', recipients: ['contador@estudio.pe'], ...over });
const SECRETS_FILE = (name: string) => path.join(t.dataDir, 'secrets', name);
const secretChanges = () => t.hub.engine.recentActivity().filter((e) => e.type === 'security.noteSecretChange');

beforeAll(async () => {
  t = await startTestHub();
  legit = await startFakeSmtp({ users: { caja: MAIL_PASSWORD } });
  attacker = await startFakeSmtp({ users: { caja: MAIL_PASSWORD } });
  await asOwner('staff.save', { id: MANAGER.id, name: 'Marta Encargada', code: MANAGER.code, roleId: 'manager' });
  const res = await fetch(new URL(`/api/staff/${MANAGER.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: MANAGER.pin }) });
  expect(res.status).toBe(200);
  manager = await signedIn(t.url, MANAGER.code, MANAGER.pin, 'manager-phone');
});
afterAll(async () => {
  await legit?.close();
  await attacker?.close();
  await t?.close();
});

describe('the secrets\' own gate (item 10)', () => {
  it('the manager preset lacks it, the owner holds it; a manager keeps the other settings', async () => {
    expect(ROLE_PRESETS.manager).not.toContain('fiscalSecrets');
    expect(ROLE_PRESETS.owner).toContain('fiscalSecrets');
    expect(ROLE_PRESETS.manager).toContain('settings');
    const rename = await postCommand(t.url, command('restaurant.rename', { name: 'Casa Gate' }), {}, { cookie: manager });
    expect(rename.body).toMatchObject({ ok: true });
  });

  it.each([
    ['GET', '/api/einvoice/certificate', undefined],
    ['PUT', '/api/einvoice/certificate', { p12Base64: 'AAAA', password: 'x' }],
    ['DELETE', '/api/einvoice/certificate', undefined],
    ['GET', '/api/einvoice/sol', undefined],
    ['PUT', '/api/einvoice/sol', { endpoint: { kind: 'ose', url: 'https://ose.espia.pe/bill' }, user: 'X' }],
    ['GET', '/api/exports/mail-settings', undefined],
    ['PUT', '/api/exports/mail-settings', { host: 'smtp.espia.pe' }],
    ['POST', '/api/exports/mail-settings/test', {}],
  ])('a manager: %s %s is FORBIDDEN fiscalSecrets, before the body is read', async (method, apiPath, body) => {
    const r = await send(method, apiPath, body, manager);
    expect([r.status, r.body.code, r.body.message]).toEqual([403, 'FORBIDDEN', 'fiscalSecrets']);
  });

  it('an owner can grant it, and take it back', async () => {
    await asOwner('role.save', { id: 'manager', name: '', aliases: [...ROLE_PRESETS.manager, 'fiscalSecrets'] });
    expect((await send('GET', '/api/einvoice/sol', undefined, manager)).status).toBe(200);
    await asOwner('role.save', { id: 'manager', name: '', aliases: [...ROLE_PRESETS.manager] });
    expect((await send('GET', '/api/einvoice/sol', undefined, manager)).status).toBe(403);
  });

  it('a manager cannot grant it to themself', async () => {
    const r = await postCommand(t.url, command('role.save', { id: 'manager', name: '', aliases: [...ROLE_PRESETS.manager, 'fiscalSecrets'] }), {}, { cookie: manager });
    expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('a secret follows its destination (item 15)', () => {
  it('SOL: another OSE address without the password is SECRET_REQUIRED and nothing changes; the user alone, or with the password typed, is saved', async () => {
    expect((await send('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-beta' }, user: 'MODDATOS', password: SOL_PASSWORD })).status).toBe(200);
    const before = await readFile(SECRETS_FILE('einvoice-sol.json'), 'utf8');
    for (const endpoint of [
      { kind: 'ose', url: 'https://ose.espia.pe/ol-ti-itcpe/billService' },
      { kind: 'sunat-production' },
    ]) {
      const r = await send('PUT', '/api/einvoice/sol', { endpoint, user: 'MODDATOS' });
      expect([r.status, r.body.code, r.body.message]).toEqual([400, 'SECRET_REQUIRED', 'password']);
      expect(await readFile(SECRETS_FILE('einvoice-sol.json'), 'utf8')).toBe(before);
    }
    expect((await send('PUT', '/api/einvoice/sol', { endpoint: { kind: 'sunat-beta' }, user: 'OTROUSER' })).status).toBe(200);
    const ose = { kind: 'ose', url: 'https://ose.example.pe/ol-ti-itcpe/billService' };
    expect((await send('PUT', '/api/einvoice/sol', { endpoint: ose, user: 'OTROUSER', password: SOL_PASSWORD })).status).toBe(200);
    // The OSE's consultation address also receives the password (getStatusCdr).
    const r = await send('PUT', '/api/einvoice/sol', { endpoint: { ...ose, consultUrl: 'https://consulta.espia.pe/bill' }, user: 'OTROUSER' });
    expect(r.body.code).toBe('SECRET_REQUIRED');
  });

  it('mail: another host, port or connection kind without the password is SECRET_REQUIRED; the next test mail still goes to the first server only', async () => {
    expect((await send('PUT', '/api/exports/mail-settings', { ...mail(legit), password: MAIL_PASSWORD })).status).toBe(200);
    const before = await readFile(SECRETS_FILE('export-mail.json'), 'utf8');
    for (const over of [{ host: 'localhost' }, { port: attacker.port }, { security: 'starttls' }, { host: '127.0.0.1.', port: attacker.port }]) {
      const r = await send('PUT', '/api/exports/mail-settings', mail(legit, over));
      expect([r.status, r.body.code, r.body.message], JSON.stringify(over)).toEqual([400, 'SECRET_REQUIRED', 'password']);
    }
    expect(await readFile(SECRETS_FILE('export-mail.json'), 'utf8')).toBe(before);
    const tested = await send('POST', '/api/exports/mail-settings/test', {});
    expect(tested.body).toMatchObject({ ok: true, sent: true });
    expect(legit.received.length).toBe(1);
    expect(attacker.received).toEqual([]);
    expect(attacker.commands.filter((c) => /^AUTH/i.test(c))).toEqual([]);
    // Same server, other recipients: no password needed. Another server with the password typed: saved.
    expect((await send('PUT', '/api/exports/mail-settings', mail(legit, { recipients: ['duena@restaurante.pe'] }))).status).toBe(200);
    expect((await send('PUT', '/api/exports/mail-settings', { ...mail(attacker), password: MAIL_PASSWORD })).status).toBe(200);
  });

  it('every change of a secret setting is in the activity, as who did it, with field names and never a value', async () => {
    const changes = secretChanges();
    const details = changes.map((e) => `${String(e.detail.what)}:${String(e.detail.fields)}`);
    expect(changes.length).toBeGreaterThanOrEqual(6);
    expect(changes.every((e) => e.staffId === DEMO_OWNER.id)).toBe(true);
    const text = JSON.stringify(t.hub.engine.recentActivity());
    for (const secret of [SOL_PASSWORD, MAIL_PASSWORD]) expect(text).not.toContain(secret);
    expect(details).toEqual(expect.arrayContaining(['sol:endpoint,user,password', 'sol:user', 'mail:recipients', 'mail:port,recipients,password']));
  });
});

describe('the certificate (item 16)', () => {
  it('a 3 KB file whose MAC asks for 5,000,000 rounds is refused CERT_TOO_COSTLY and nothing is stored; a good one is saved and noted', async () => {
    const good = makeTestPkcs12(P12_PASSWORD);
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(good.p12).toString('binary')));
    const macData = (asn1.value as forge.asn1.Asn1[])[2]!;
    (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.INTEGER, false, forge.asn1.integerToDer(5_000_000).getBytes());
    const bomb = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    const r = await send('PUT', '/api/einvoice/certificate', { p12Base64: bomb.toString('base64'), password: P12_PASSWORD });
    expect([r.status, r.body.code]).toEqual([400, 'CERT_TOO_COSTLY']);
    expect((await send('GET', '/api/einvoice/certificate')).body).toMatchObject({ certificate: null });
    const noted = secretChanges().length;
    expect((await send('PUT', '/api/einvoice/certificate', { p12Base64: Buffer.from(good.p12).toString('base64'), password: P12_PASSWORD })).status).toBe(200);
    expect((await send('DELETE', '/api/einvoice/certificate')).status).toBe(200);
    expect(secretChanges().slice(noted).map((e) => e.type)).toEqual(['security.noteSecretChange', 'security.noteSecretChange']);
  });
});
