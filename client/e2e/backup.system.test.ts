import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The backup page in Chromium (issue 23): the owner on the till (Spanish)
 * sees that no backup is made yet, sets the passphrase (typed twice), taps
 * "back up now" and sees the backup listed whole; a copy cut short under a
 * backup's name is listed as unusable; the page on a phone in Chinese.
 * Screenshots for a person to look at.
 */
const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-backup-', screenshots: true });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function open(device: typeof PHONE | typeof TILL, lang: 'es_US' | 'zh_CN'): Promise<Page> {
  const context = await env.browser.newContext({ ...device });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  contexts.push(context);
  const p = await context.newPage();
  await signInOnPage(p, env.hub.url, owner.code, owner.pin);
  return p;
}
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `backup-${name}.png`), fullPage: true });

describe('backup page', () => {
  it('passphrase, back up now, the list with a cut copy; till in Spanish, phone in Chinese', async () => {
    const till = await open(TILL, 'es_US');
    await till.goto(`${env.hub.url}#/pages/backup/index`);
    await till.getByTestId('backup-page').waitFor();
    await till.getByTestId('backup-no-passphrase').waitFor();
    expect(await till.getByTestId('backup-now').isDisabled()).toBe(true);
    await shot(till, 'empty-till-es');

    // Too short: the hub's text; then the real one, typed twice.
    await till.getByTestId('backup-passphrase').fill('corta');
    await till.getByTestId('backup-passphrase-again').fill('corta');
    await till.getByTestId('backup-passphrase-save').click();
    await till.getByText('La clave de las copias de seguridad debe tener de 10 a 200 caracteres').waitFor();
    await till.getByTestId('backup-passphrase').fill('lomo saltado 2026');
    await till.getByTestId('backup-passphrase-again').fill('lomo saltado 2026');
    await till.getByTestId('backup-passphrase-save').click();
    await till.getByTestId('backup-no-passphrase').waitFor({ state: 'hidden' });

    await till.getByTestId('backup-now').click();
    await till.getByTestId('backup-whole').first().waitFor({ timeout: 30_000 });
    const backups = (await readdir(env.hub.backups.folder)).filter((n) => n.endsWith('.posbak'));
    expect(backups).toHaveLength(1);
    await shot(till, 'made-till-es');

    // A copy cut short under a backup's name (a stick pulled after the rename): listed as unusable, never as good.
    const name = backups[0]!.replace('onDemand', 'nightly').replace(/T(\d{2})/, 'T00');
    const whole = await readFile(path.join(env.hub.backups.folder, backups[0]!));
    await writeFile(path.join(env.hub.backups.folder, name), whole.subarray(0, Math.floor(whole.length / 2)));
    await till.reload();
    await till.getByTestId('backup-broken').waitFor();
    expect(await till.getByTestId('backup-broken').textContent()).toContain('Cortada: no sirve');
    await shot(till, 'cut-till-es');

    const phone = await open(PHONE, 'zh_CN');
    await phone.goto(`${env.hub.url}#/pages/backup/index`);
    await phone.getByTestId('backup-whole').first().waitFor();
    expect(await phone.getByTestId('backup-broken').textContent()).toContain('不完整');
    await shot(phone, 'list-phone-zh');
    const phoneEs = await open(PHONE, 'es_US');
    await phoneEs.goto(`${env.hub.url}#/pages/backup/index`);
    await phoneEs.getByTestId('backup-whole').first().waitFor();
    await shot(phoneEs, 'list-phone-es');
  });
});
