import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { HUB_VERSION } from '#hub/server.ts';
import { updateLayout } from '#hub/update/layout.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The update page in Chromium (issue 23): the owner on the till (Spanish)
 * sees the release and the last update's result (a rollback, in plain
 * words), picks a program file; without a backup passphrase the hub's
 * refusal says what to do; with one the file is staged and the page says
 * the system restarts. The phone in Chinese shows the update under way.
 * Screenshots for a person to look at.
 */
const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-update-', screenshots: true });
const contexts: BrowserContext[] = [];
const program = (version: string) => ({ name: 'pos-hub', mimeType: 'application/octet-stream', buffer: Buffer.from(`#!/bin/sh\necho 'pos-hub ${version} (build test)'\n`) });

afterAll(async () => {
  delete process.env.POS_EXPORT_USB_ROOTS;
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
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `update-${name}.png`), fullPage: true });

describe('update page', () => {
  it('release, last result, a refused and a staged upload on the till in Spanish; under way on a phone in Chinese', async () => {
    const layout = updateLayout(env.dataDir);
    await mkdir(layout.updates, { recursive: true });
    // What the root updater left after a release that did not start.
    await writeFile(layout.lastResult, JSON.stringify({ ok: false, code: 'UPDATE_ROLLED_BACK', version: '0.1.1', running: HUB_VERSION, from: HUB_VERSION, backup: 'b', startedAt: '2026-11-28T03:00:00.000Z', finishedAt: '2026-11-28T03:02:00.000Z', detail: 'x' }));

    const till = await open(TILL, 'es_US');
    await till.goto(`${env.hub.url}#/pages/update/index`);
    await till.getByTestId('update-page').waitFor();
    expect(await till.getByTestId('update-running').textContent()).toContain(HUB_VERSION);
    expect(await till.getByTestId('update-result-UPDATE_ROLLED_BACK').textContent()).toContain('volvió solo a la versión');
    expect(await till.getByTestId('update-install').isDisabled()).toBe(true);
    await shot(till, 'result-till-es');

    await till.getByTestId('update-file').setInputFiles(program('9.9.9'));
    await till.getByTestId('update-install').click();
    await till.getByText('Antes de actualizar, ponga una clave de copia de seguridad').waitFor();
    await shot(till, 'no-passphrase-till-es');

    const set = await till.evaluate(async () => (await fetch('/api/backups/passphrase', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ passphrase: 'lomo saltado 2026' }) })).status);
    expect(set).toBe(200);
    await till.getByTestId('update-file').setInputFiles(program('9.9.9'));
    await till.getByTestId('update-install').click();
    await till.getByTestId('update-staged').waitFor({ timeout: 60_000 });
    expect(JSON.parse(await readFile(layout.request, 'utf8'))).toMatchObject({ version: '9.9.9', source: 'upload' });
    await shot(till, 'staged-till-es');

    // The box's USB stick with a supplier's file (hub/exports/usb-watch.ts reads POS_EXPORT_USB_ROOTS at each look).
    const usbRoot = path.join(env.dataDir, 'usb-root');
    await mkdir(path.join(usbRoot, 'KINGSTON'), { recursive: true });
    await writeFile(path.join(usbRoot, 'KINGSTON', 'pos-hub-arm64-9.9.10'), program('9.9.10').buffer);
    process.env.POS_EXPORT_USB_ROOTS = usbRoot;

    const phone = await open(PHONE, 'zh_CN');
    await phone.goto(`${env.hub.url}#/pages/update/index`);
    await phone.getByTestId('update-pending').waitFor();
    expect(await phone.getByTestId('update-pending').textContent()).toContain('9.9.9');
    expect(await phone.getByTestId('update-install').isDisabled()).toBe(true);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await phone.getByTestId('update-usb-install').textContent()).toContain('pos-hub-arm64-9.9.10');
    expect(await phone.getByTestId('update-usb-install').isDisabled()).toBe(true);
    await shot(phone, 'pending-phone-zh');
  });
});
