import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_ERROR_CODES, MailError } from './errors.ts';
import { problemOf, smtpMailPort } from './mail-port.ts';
import { writeMailSettings } from './settings-store.ts';
import { startFakeSmtp, type FakeSmtp } from './testing/fake-smtp.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function setup(): Promise<{ dataDir: string; smtp: FakeSmtp }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mail-port-'));
  const smtp = await startFakeSmtp({ users: { caja: 'clave' } });
  cleanup.push(() => smtp.close(), () => rm(dataDir, { recursive: true, force: true }));
  return { dataDir, smtp };
}

const files = [{ name: 'ventas-2026-03-02.csv', bytes: Buffer.from('a;b\r\n') }];

describe('the export mail port', () => {
  it('is "not set up" without settings, and the probe says unreachable', async () => {
    const { dataDir } = await setup();
    const port = smtpMailPort(dataDir);
    expect(await port.send('2026-03-02', files)).toEqual({ ok: false, problem: 'notSetUp' });
    expect(await port.reachable()).toBe(false);
  });

  it('mails the day with the stored settings; a wrong password is "auth", a closed server "unreachable"', async () => {
    const { dataDir, smtp } = await setup();
    const settings = { host: '127.0.0.1', port: smtp.port, security: 'none' as const, user: 'caja', password: 'clave', from: 'caja@restaurante.pe', recipients: ['contador@estudio.pe'] };
    await writeMailSettings(dataDir, settings);
    const port = smtpMailPort(dataDir, { timeoutMs: 2000 });
    expect(await port.reachable()).toBe(true);
    expect(await port.send('2026-03-02', files)).toEqual({ ok: true });
    expect(smtp.received[0]!.data).toContain('ventas-2026-03-02.csv');
    await writeMailSettings(dataDir, { ...settings, password: 'otra' });
    expect(await port.send('2026-03-02', files)).toEqual({ ok: false, problem: 'auth' });
    await smtp.close();
    expect(await port.send('2026-03-02', files)).toEqual({ ok: false, problem: 'unreachable' });
    expect(await port.reachable()).toBe(false);
  });

  it.each(MAIL_ERROR_CODES)('classifies %s for the lane', (code) => {
    const problem = problemOf(new MailError(code));
    const kind = new MailError(code).kind;
    if (kind === 'retry') expect(problem).toBe('unreachable');
    else if (code === 'MAIL_NOT_CONFIGURED') expect(problem).toBe('notSetUp');
    else expect(['auth', 'rejected']).toContain(problem);
  });
});
