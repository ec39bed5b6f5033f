import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '#domain';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { signLicence } from '#hub/licence/code.ts';
import { keyFingerprint } from '#hub/licence/keys.ts';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY } from '#hub/licence/testing/test-key.ts';
import { startHub, type RunningHub } from '#hub/server.ts';
import { ensureClientBuilt } from '../../installer/client-build.ts';
import { launchBrowser, PHONE, TILL } from './browser.ts';
import { SHOTS } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The licence in Chromium (issue 23), on a demo hub whose clock the test
 * moves and which trusts the test key: the owner types a code paid for ten
 * more days on the licence page (till, Spanish) and the fee notice shows in
 * the frame; fifteen days later the box has expired: the banner says SPEC's
 * words to a waiter on a phone (Chinese), the expire page too; the download
 * page shows the hub's address as a QR code and the hub serves the web
 * app's manifest and icons. Screenshots for a person to look at.
 */
const DAY = 86_400_000;
const owner = DEMO_STAFF[0]!;
const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
let now = Date.now();
let hub: RunningHub;
let browser: Browser;
let dataDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureClientBuilt(() => undefined);
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'pos-e2e-licence-'));
  hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined, clock: () => new Date(now), licenceKeys: [TEST_PUBLIC_KEY] });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await hub?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(device: typeof PHONE | typeof TILL, lang: 'es_US' | 'zh_CN', who?: { code: string; pin: string }): Promise<Page> {
  const context = await browser.newContext({ ...device });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  contexts.push(context);
  const p = await context.newPage();
  if (who) await signInOnPage(p, hub.url, who.code, who.pin);
  return p;
}
const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SHOTS, `licence-${name}.png`), fullPage: true });
const day = (offset: number) => businessDayOf(new Date(now + offset * DAY).toISOString(), 0);

describe('licence page, fee notice, expired box, download page', () => {
  it('the owner enters a code; the fee notice shows; once expired the banner and the expire page say so', async () => {
    const till = await open(TILL, 'es_US', owner);
    await till.getByTestId('nav-licence').click();
    await till.getByTestId('licence-page').waitFor();
    await expect.poll(() => till.getByTestId('licence-status').getAttribute('data-state')).toBe('demo');
    await expect.poll(() => till.getByTestId('licence-hub-id').textContent()).toBe(hub.engine.storeId);
    // The seller key this hub trusts, as a technician compares it with the seller's (`pos-hub --version` prints the same).
    expect(await till.getByTestId('licence-seller-key').textContent()).toBe(keyFingerprint(TEST_PUBLIC_KEY));

    // A code for another box is refused with its text; nothing changes.
    await till.getByTestId('licence-code').fill(signLicence({ hubId: 'other-box', plan: 'invoicing', paidUntil: day(10), issued: day(0) }, TEST_PRIVATE_KEY_PEM));
    await till.getByTestId('licence-submit').click();
    await till.getByText('Este código de licencia es de otro equipo').waitFor();
    expect(await till.getByTestId('licence-status').getAttribute('data-state')).toBe('demo');

    // A short code first, as a scanner types it (the text then Enter).
    await till.getByTestId('licence-code').fill(signLicence({ hubId: hub.engine.storeId, plan: 'invoicing', paidUntil: day(5), issued: day(0) }, TEST_PRIVATE_KEY_PEM));
    await till.getByTestId('licence-code').press('Enter');
    await expect.poll(() => till.getByTestId('licence-status').getAttribute('data-state')).toBe('notice');
    // Then the seller's QR link (licence-sign.ts --url), opened by a phone's camera: the code is in the field, Activate takes it.
    const linked = signLicence({ hubId: hub.engine.storeId, plan: 'invoicing', paidUntil: day(10), issued: day(0) }, TEST_PRIVATE_KEY_PEM);
    const camera = await open(PHONE, 'es_US', owner);
    await camera.goto(`${hub.url}?code=${linked}#/pages/licence/index`);
    await camera.getByTestId('licence-page').waitFor();
    await expect.poll(() => camera.getByTestId('licence-code').inputValue(), { timeout: 5_000 }).toBe(linked);
    await camera.getByTestId('licence-submit').click();
    await expect.poll(() => camera.getByTestId('licence-code').inputValue()).toBe('');
    await till.reload();
    await expect.poll(() => till.getByTestId('licence-status').getAttribute('data-state')).toBe('notice');
    await till.reload();
    await till.getByTestId('licence-banner').waitFor();
    expect(await till.getByTestId('licence-banner').textContent()).toContain('Su cuota del equipo está por vencer, escanee el código para pagar la cuota');
    await shot(till, 'notice-till-es');

    const ownerPhone = await open(PHONE, 'zh_CN', owner);
    await ownerPhone.goto(`${hub.url}#/pages/licence/index`);
    await ownerPhone.getByTestId('licence-banner').waitFor();
    expect(await ownerPhone.getByTestId('licence-banner').textContent()).toContain('您的设备费即将到期');
    await shot(ownerPhone, 'notice-phone-zh');

    // Fifteen days later: past the three days of grace.
    now += 15 * DAY;
    const phone = await open(PHONE, 'zh_CN', waiter);
    await phone.getByTestId('licence-banner').waitFor();
    expect(await phone.getByTestId('licence-banner').getAttribute('data-state')).toBe('expired');
    expect(await phone.getByTestId('licence-banner').textContent()).toContain('您的账户已到期，请通过银行转账付款。');
    await phone.getByText('加载中').waitFor({ state: 'hidden' }).catch(() => undefined);
    await shot(phone, 'expired-waiter-phone-zh');
    await phone.getByTestId('licence-banner-open').click();
    await phone.getByTestId('expire-page').waitFor();
    await shot(phone, 'expire-page-phone-zh');
    const phoneEs = await open(PHONE, 'es_US', waiter);
    await phoneEs.goto(`${hub.url}#/pages/expire/index`);
    await phoneEs.getByTestId('expire-page').waitFor();
    expect(await phoneEs.getByTestId('expire-page').textContent()).toContain('Su cuenta ha vencido. Realice el pago mediante transferencia bancaria.');
    await shot(phoneEs, 'expire-page-phone-es');

    const ownerAgain = await open(TILL, 'es_US', owner);
    await ownerAgain.goto(`${hub.url}#/pages/licence/index`);
    await expect.poll(() => ownerAgain.getByTestId('licence-status').getAttribute('data-state')).toBe('expired');
    await shot(ownerAgain, 'expired-owner-till-es');
    const ownerPhoneEs = await open(PHONE, 'es_US', owner);
    await ownerPhoneEs.goto(`${hub.url}#/pages/licence/index`);
    await expect.poll(() => ownerPhoneEs.getByTestId('licence-status').getAttribute('data-state')).toBe('expired');
    await shot(ownerPhoneEs, 'expired-owner-phone-es');
  });

  it('the download page: the address as a QR code, the browsers that work; the hub serves the manifest and icons', async () => {
    for (const [lang, name] of [['es_US', 'es'], ['zh_CN', 'zh']] as const) {
      const p = await open(PHONE, lang);
      await p.goto(`${hub.url}#/pages/app/download`);
      await p.getByTestId('download-qr').waitFor();
      await p.getByTestId('download-browsers').waitFor();
      await shot(p, `download-phone-${name}`);
    }
    const manifest = await fetch(new URL('/manifest.webmanifest', hub.url));
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons;
    for (const icon of icons) {
      const res = await fetch(new URL(`/${icon.src}`, hub.url));
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const page = await (await fetch(hub.url)).text();
    expect(page).toContain('rel="manifest"');
  });
});
