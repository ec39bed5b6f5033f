import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type RunningHub } from '../../hub/server.ts';
import { ensureClientBuilt, ROOT } from '../../installer/client-build.ts';
import { launchBrowser, PHONE, TILL } from './browser.ts';

/** Screenshots of the key screens in every language, saved for a person to look at. */
const SHOTS = path.join(ROOT, 'test-artifacts', 'screenshots');
const LANGS = [
  { code: 'es', stored: 'es_US', tables: 'Mesas', free: 'Libre' },
  { code: 'en', stored: 'en_US', tables: 'Tables', free: 'Free' },
  { code: 'zh', stored: 'zh_CN', tables: '桌台', free: '空闲' },
] as const;

let hub: RunningHub;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  ensureClientBuilt(() => undefined);
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'pos-shots-'));
  hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  browser = await launchBrowser();
  // A busy floor: one table per status, so every colour shows.
  const page = await (await browser.newContext(TILL)).newPage();
  await page.goto(hub.url);
  for (const [table, steps] of [['S1', 1], ['S2', 2], ['S3', 3], ['S4', 4]] as const) {
    await page.getByTestId(`table-${table}`).click();
    await page.getByTestId('open-submit').click();
    if (steps >= 2) {
      await page.getByTestId('product-201').click();
      await page.getByTestId('product-403').click();
      await page.getByTestId('send').click();
    }
    if (steps >= 3) await page.getByTestId('prebill').click();
    if (steps >= 4) {
      await page.getByTestId('settle').click();
      await page.getByTestId('pay-confirm').click();
      await page.getByTestId('pay-done').waitFor();
    }
    await page.goto(`${hub.url}#/pages/dining_table/index`);
  }
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('screens in es, en and zh', () => {
  for (const lang of LANGS) {
    it(`table overview, ordering and payment in ${lang.code}`, async () => {
      for (const [device, options] of [['till', TILL], ['phone', PHONE]] as const) {
        const context = await browser.newContext(options);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
        const page = await context.newPage();
        await page.goto(hub.url);
        await page.getByTestId('table-S5').waitFor();
        expect(await page.getByTestId('table-S5').textContent()).toContain(lang.free);
        await page.screenshot({ path: path.join(SHOTS, `tables-${device}-${lang.code}.png`), fullPage: true });

        await page.getByTestId('table-S2').click();
        await page.getByTestId('product-101').waitFor();
        await page.getByTestId('product-101').click();
        await page.screenshot({ path: path.join(SHOTS, `dinner-${device}-${lang.code}.png`) });
        if (device === 'phone') {
          await page.getByTestId('pane-order').click();
          await page.screenshot({ path: path.join(SHOTS, `dinner-order-${device}-${lang.code}.png`) });
        }
        await page.goto(`${hub.url}#/pages/dining_table/index`);
        await page.getByTestId('table-S3').click();
        await page.getByTestId('settle').click();
        await page.getByTestId('pay-received').fill('100');
        await page.screenshot({ path: path.join(SHOTS, `payment-${device}-${lang.code}.png`) });
        await page.goto(`${hub.url}#/pages/member/index`);
        await page.getByTestId('not-available').waitFor();
        if (device === 'phone') await page.screenshot({ path: path.join(SHOTS, `not-available-${device}-${lang.code}.png`) });
        await context.close();
      }
    });
  }
});
