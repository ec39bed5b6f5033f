import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { deliverByMail } from './deliver.ts';
import { MailError } from './errors.ts';
import type { MailSettings } from './settings.ts';
import { startFakeSmtp, type FakeSmtp, type FakeSmtpOptions } from './testing/fake-smtp.ts';

const servers: FakeSmtp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const s = await startFakeSmtp(options);
  servers.push(s);
  return s;
}

function settings(port: number, over: Partial<MailSettings> = {}): MailSettings {
  return { host: '127.0.0.1', port, security: 'none', user: 'caja', password: 'clave segura', from: 'caja@restaurante.pe', recipients: ['contador@estudio.pe', 'duena@restaurante.pe'], ...over };
}

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<MailError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof MailError) return err;
    throw err;
  }
  throw new Error('resolved');
}

/** A received message read back: headers (unfolded), and each MIME part's headers and decoded bytes. */
function parseMime(data: string): { headers: Map<string, string>; parts: { headers: Map<string, string>; body: Buffer }[] } {
  const [head = '', ...rest] = data.split('\r\n\r\n');
  const headers = headerMap(head);
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')![1]!;
  const body = rest.join('\r\n\r\n');
  const chunks = body.split(`--${boundary}`).slice(1, -1);
  const parts = chunks.map((chunk) => {
    const text = chunk.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const at = text.indexOf('\r\n\r\n');
    const h = headerMap(text.slice(0, at));
    const raw = text.slice(at + 4);
    const encoding = h.get('content-transfer-encoding');
    const bytes = encoding === 'base64' ? Buffer.from(raw.replace(/\r\n/g, ''), 'base64') : decodeQp(raw);
    return { headers: h, body: bytes };
  });
  return { headers, parts };
}

function headerMap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    map.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

function decodeQp(text: string): Buffer {
  const joined = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=') {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('latin1')).replace(/[\x80-\xff]+/g, (s) => Buffer.from(s, 'latin1').toString('utf8'));
}

describe('deliverByMail over SMTP', () => {
  it('delivers a message with two attachments byte for byte, a UTF-8 subject and lines starting with "."', async () => {
    const server = await fake({ users: { caja: 'clave segura' } });
    const binary = randomBytes(150_000);
    const csv = Buffer.from('fecha;total\r\n.\r\n..punto\r\n2026-03-02;118,00\r\n', 'utf8');
    const subject = 'Exportación del día 2026-03-02 — 日报 ventas y comprobantes del restaurante';
    const text = 'Hola:\n.\n.una línea con punto\nAdjuntos: 2\n';
    const result = await deliverByMail(settings(server.port), { subject, text, attachments: [{ name: 'comprobantes-2026-03-02.zip', content: binary }, { name: 'ventas año.csv', content: csv, type: 'text/csv' }] });
    expect(result.accepted).toEqual(['contador@estudio.pe', 'duena@restaurante.pe']);
    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail).toMatchObject({ from: 'caja@restaurante.pe', to: ['contador@estudio.pe', 'duena@restaurante.pe'], user: 'caja' });
    for (const line of mail.data.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    const parsed = parseMime(mail.data);
    expect(decodeWords(parsed.headers.get('subject')!)).toBe(subject);
    expect(parsed.parts).toHaveLength(3);
    expect(parsed.parts[0]!.body.toString('utf8')).toBe(text.replace(/\n/g, '\r\n'));
    expect(parsed.parts[1]!.body.equals(binary)).toBe(true);
    expect(parsed.parts[2]!.body.equals(csv)).toBe(true);
    expect(parsed.parts[2]!.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''ventas%20a%C3%B1o.csv");
    const base64Lines = mail.data.split('\r\n').filter((l) => /^[A-Za-z0-9+/=]{60,}$/.test(l));
    expect(base64Lines.length).toBeGreaterThan(100);
    for (const l of base64Lines) expect(l.length).toBeLessThanOrEqual(76);
    // The password went only inside AUTH PLAIN, never anywhere in the message.
    expect(mail.data).not.toContain('clave segura');
  });

  it('signs in with AUTH LOGIN when PLAIN is not offered', async () => {
    const server = await fake({ users: { caja: 'clave segura' }, mechanisms: ['LOGIN'] });
    await deliverByMail(settings(server.port), { subject: 'x', text: 'y', attachments: [] });
    expect(server.received[0]!.user).toBe('caja');
    expect(server.commands).toContain('AUTH LOGIN');
  });

  it('classifies a refused password as needing the owner', async () => {
    const server = await fake({ users: { caja: 'otra' } });
    const err = await failure(deliverByMail(settings(server.port), { subject: 'x', text: 'y', attachments: [] }));
    expect([err.code, err.kind]).toEqual(['MAIL_AUTH_FAILED', 'owner']);
    expect(server.received).toHaveLength(0);
  });

  it('classifies a server that is down as unreachable (try later)', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const err = await failure(deliverByMail(settings(port), { subject: 'x', text: 'y', attachments: [] }));
    expect([err.code, err.kind]).toEqual(['MAIL_UNREACHABLE', 'retry']);
  });

  it('gives up on a server that says nothing, in time (try later)', async () => {
    const server = await fake({ silent: true });
    const started = Date.now();
    const err = await failure(deliverByMail(settings(server.port), { subject: 'x', text: 'y', attachments: [] }, { timeoutMs: 300 }));
    expect([err.code, err.kind]).toEqual(['MAIL_TIMEOUT', 'retry']);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops on a refused recipient and sends to nobody; a busy server means try later', async () => {
    const server = await fake({ users: { caja: 'clave segura' }, refuse: ['duena@restaurante.pe'] });
    const err = await failure(deliverByMail(settings(server.port), { subject: 'x', text: 'y', attachments: [] }));
    expect([err.code, err.kind]).toEqual(['MAIL_RECIPIENT_REJECTED', 'recipient']);
    expect(err.reply).toContain('duena@restaurante.pe');
    expect(server.received).toHaveLength(0);
    expect(server.commands).toContain('RSET');
    const busy = await fake({ busy: true });
    const later = await failure(deliverByMail(settings(busy.port, { user: '' }), { subject: 'x', text: 'y', attachments: [] }));
    expect([later.code, later.kind]).toEqual(['MAIL_TEMPORARY', 'retry']);
  });

  it('refuses a subject, recipient or file name with a line break before connecting', async () => {
    const server = await fake({ users: { caja: 'clave segura' } });
    const cases = [
      deliverByMail(settings(server.port), { subject: 'Ventas\r\nBcc: espia@malo.pe', text: 'y', attachments: [] }),
      deliverByMail(settings(server.port), { subject: 'Ventas\nBcc: espia@malo.pe', text: 'y', attachments: [] }),
      deliverByMail(settings(server.port, { recipients: ['contador@estudio.pe\r\nRCPT TO:<espia@malo.pe>'] }), { subject: 'x', text: 'y', attachments: [] }),
      deliverByMail(settings(server.port), { subject: 'x', text: 'y', attachments: [{ name: 'a.csv\r\nContent-Type: text/html', content: Buffer.from('x') }] }),
    ];
    for (const c of cases) expect((await failure(c)).code).toBe('MAIL_HEADER_INJECTION');
    const odd = await failure(deliverByMail(settings(server.port, { from: 'caja@restaurante.pe>' }), { subject: 'x', text: 'y', attachments: [] }));
    expect([odd.code, odd.kind]).toEqual(['MAIL_ADDRESS_INVALID', 'invalid']);
    expect(server.commands).toEqual([]);
    expect((await failure(deliverByMail(null, { subject: 'x', text: 'y', attachments: [] }))).code).toBe('MAIL_NOT_CONFIGURED');
  });

  it('upgrades with STARTTLS and checks the certificate; never falls back to plain text', async () => {
    const cert = makeTestPkcs12('x', { commonName: 'localhost', bits: 2048 });
    const server = await fake({ users: { caja: 'clave segura' }, starttls: { key: cert.privateKeyPem, cert: cert.certificatePem } });
    await deliverByMail(settings(server.port, { host: 'localhost', security: 'starttls' }), { subject: 'x', text: 'y', attachments: [] }, { tls: { ca: cert.certificatePem } });
    expect(server.received[0]).toMatchObject({ secure: true, user: 'caja' });
    const untrusted = await failure(deliverByMail(settings(server.port, { host: 'localhost', security: 'starttls' }), { subject: 'x', text: 'y', attachments: [] }));
    expect([untrusted.code, untrusted.kind]).toEqual(['MAIL_TLS_FAILED', 'owner']);
    const plain = await fake({ users: { caja: 'clave segura' } });
    const missing = await failure(deliverByMail(settings(plain.port, { security: 'starttls' }), { subject: 'x', text: 'y', attachments: [] }));
    expect(missing.code).toBe('MAIL_TLS_UNAVAILABLE');
    expect(plain.commands.some((c) => c.startsWith('AUTH'))).toBe(false);
  });
});
