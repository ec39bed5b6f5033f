import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startHub, type RunningHub, type StartOptions } from '#hub/server.ts';
import { freePort } from '#hub/testing/child-hub.ts';
import { command, postCommand, signedIn } from '#hub/testing/test-hub.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';

/**
 * "Restore from a backup" on the setup page of a fresh box, in Chromium
 * (issue 23): the demo hub is the old box (a backup of it made); a new,
 * unclaimed hub on a fixed port opens again on the backup by itself, as
 * main.ts does. The restore screen in Chinese and Spanish on the till and
 * a phone (screenshots), a mistyped passphrase said under its field, then
 * the restore: progress, "your restaurant is back", and the sign-in page.
 */
const owner = DEMO_STAFF[0]!;
const PASS = 'causa limeña 2026';
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-restore-', screenshots: true });
const contexts: BrowserContext[] = [];
let backupFile = '';
let freshDir = '';
let fresh: RunningHub | null = null;
let url = '';

beforeAll(async () => {
  await env.hub.backups.setPassphrase(PASS);
  const cookie = await signedIn(env.hub.url, owner.code, owner.pin);
  expect((await postCommand(env.hub.url, command('restaurant.rename', { name: 'Cevichería El Muelle' }), {}, { cookie })).body.ok).toBe(true);
  backupFile = (await env.hub.backups.now('onDemand')).file;

  // The new box, run as main.ts runs it: after a restore is staged it opens again on the same port.
  freshDir = mkdtempSync(path.join(tmpdir(), 'pos-e2e-restore-fresh-'));
  const opts: StartOptions = { dataDir: freshDir, port: await freePort(), host: '127.0.0.1', demo: false, mdns: false, log: () => undefined, onRestoreStaged: () => void startHub(opts).then((h) => (fresh = h)) };
  fresh = await startHub(opts);
  url = fresh.url;
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await fresh?.close();
  if (freshDir) rmSync(freshDir, { recursive: true, force: true });
});

async function open(device: typeof PHONE | typeof TILL, lang: 'es_US' | 'zh_CN'): Promise<Page> {
  const context = await env.browser.newContext({ ...device });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  contexts.push(context);
  const p = await context.newPage();
  await p.goto(url);
  await p.getByTestId('setup-page').waitFor();
  await p.getByTestId('setup-choose-restore').click();
  await p.getByTestId('restore-form').waitFor();
  return p;
}
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `setup-restore-${name}.png`), fullPage: true });

describe('restore from a backup on the setup page', () => {
  it('the restore screen in Chinese and Spanish, a wrong passphrase, then the restaurant back and the sign-in page', async () => {
    await shot(await open(TILL, 'zh_CN'), 'form-till-zh');
    const phoneZh = await open(PHONE, 'zh_CN');
    await shot(phoneZh, 'form-phone-zh');
    await shot(await open(TILL, 'es_US'), 'form-till-es');

    const phone = await open(PHONE, 'es_US');
    await shot(phone, 'form-phone-es');
    // Nothing chosen yet: said under the file field, nothing sent.
    await phone.getByTestId('restore-claimCode').fill(fresh!.claimCode!.code);
    await phone.getByTestId('restore-passphrase').fill('causa limeña 2025');
    await phone.getByTestId('restore-submit').click();
    await phone.getByText('Elija el archivo de la copia').waitFor();

    await phone.getByTestId('restore-file').setInputFiles(backupFile);
    await phone.getByTestId('restore-submit').click();
    await phone.getByText('Esta clave no abre la copia de seguridad').waitFor({ timeout: 30_000 });
    await shot(phone, 'wrong-passphrase-phone-es');
    expect(fresh!.engine.seq).toBe(0);

    await phone.getByTestId('restore-passphrase').fill(PASS);
    // The check held back on its way to the hub, long enough to see the page while it waits.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await phone.route('**/api/setup/restore', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await phone.getByTestId('restore-submit').click();
    await phone.locator('[data-testid="restore-progress"][data-phase="checking"]').waitFor();
    await shot(phone, 'checking-phone-es');
    release();
    await phone.getByTestId('restore-done').waitFor({ timeout: 60_000 });
    expect(await phone.getByTestId('restore-done').textContent()).toContain('Su restaurante volvió');
    await shot(phone, 'done-phone-es');
    // The hub that answers now is the old box's store, claimed, with its name (its start may
    // still be finishing behind the answering port: wait for this process's handle to it).
    for (let i = 0; i < 300 && fresh!.engine.storeId !== env.hub.engine.storeId; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fresh!.engine.storeId).toBe(env.hub.engine.storeId);
    expect(fresh!.engine.state.restaurant.name).toBe('Cevichería El Muelle');

    await phone.getByTestId('restore-sign-in').click();
    await phone.waitForFunction(() => !location.hash.includes('setup'));
    expect(phone.url()).not.toContain('setup');
    await shot(phone, 'sign-in-phone-es');

    // The Chinese phone, still on the form of the hub that is gone: its next try hears the hub is claimed now.
    await phoneZh.getByTestId('restore-claimCode').fill('AAAA-AAAA');
    await phoneZh.getByTestId('restore-file').setInputFiles(backupFile);
    await phoneZh.getByTestId('restore-passphrase').fill(PASS);
    await phoneZh.getByTestId('restore-submit').click();
    await phoneZh.getByText('该系统已设置完成').waitFor({ timeout: 30_000 });
    await shot(phoneZh, 'claimed-phone-zh');
  });
});
