import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { claimCodeFromSlip } from '#hub/testing/claim-slip.ts';
import { startHub, type RunningHub } from '#hub/server.ts';
import { ensureClientBuilt } from '../../installer/client-build.ts';
import { launchBrowser, PHONE } from './browser.ts';
import { SHOTS } from './harness.ts';

/**
 * A box without a screen, claimed from its printed slip (issue 18 item 2):
 * the phone scans the slip's QR, the setup page opens with the code filled
 * in and the code gone from the address; the owner types the rest.
 */
let browser: Browser;
let printer: FakePrinter;
let hub: RunningHub;
let dataDir: string;

beforeAll(async () => {
  ensureClientBuilt(() => undefined);
  mkdirSync(SHOTS, { recursive: true });
  printer = await FakePrinter.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pos-setup-slip-'));
  hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: false, mdns: false, log: () => undefined, setupPrinter: { host: '127.0.0.1', port: printer.port } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await printer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('claiming from the setup slip', () => {
  it('the QR opens the setup page with the code filled in; the owner finishes the claim on a phone', { timeout: 90_000 }, async () => {
    const slip = await claimCodeFromSlip(printer);
    for (const lang of [
      { code: 'zh', stored: 'zh' },
      { code: 'es', stored: 'es' },
    ]) {
      const context = await browser.newContext(PHONE);
      await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
      const page = await context.newPage();
      await page.goto(slip.qr);
      await page.getByTestId('setup-page').waitFor();
      expect(await page.getByTestId('setup-claimCode').inputValue()).toBe(slip.code);
      // The code left the address bar (and the history) as soon as the app loaded.
      expect(new URL(page.url()).hash).toBe('#/pages/setup/index');
      await page.screenshot({ path: path.join(SHOTS, `setup-from-slip-phone-${lang.code}.png`), fullPage: true });
      if (lang.code === 'es') {
        await page.getByTestId('setup-restaurantName').fill('Pollería El Sol');
        await page.getByTestId('setup-ownerName').fill('Ana Ríos');
        await page.getByTestId('setup-ownerCode').fill('1');
        await page.getByTestId('setup-pin').fill('482915');
        await page.getByTestId('setup-pinAgain').fill('482915');
        await page.getByTestId('setup-submit').click();
        await page.getByTestId('staff-page').waitFor();
        expect(hub.engine.state.restaurant.name).toBe('Pollería El Sol');
      }
      await context.close();
    }
  });

  it('a box whose printer is on the network: "print it on a network printer" prints the slip, and its code claims the hub', { timeout: 90_000 }, async () => {
    const networkPrinter = await FakePrinter.start();
    const dir = mkdtempSync(path.join(tmpdir(), 'pos-setup-search-'));
    const searching = await startHub({ dataDir: dir, port: 0, host: '127.0.0.1', demo: false, mdns: false, log: () => undefined, printerSearch: { hosts: ['127.0.0.1'], port: networkPrinter.port } });
    try {
      for (const lang of ['zh', 'es']) {
        const context = await browser.newContext(PHONE);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang);
        const page = await context.newPage();
        await page.goto(searching.url);
        await page.getByTestId('setup-page').waitFor();
        expect(await page.getByTestId('setup-claimCode').inputValue()).toBe('');
        if (lang === 'es') {
          await page.getByTestId('setup-printer-search').click();
          await page.getByTestId('setup-printer-result').waitFor();
          expect(await page.getByTestId('setup-printer-result').textContent()).toBe('Se imprimió una hoja con el código en la impresora del local.');
        }
        await page.screenshot({ path: path.join(SHOTS, `setup-printer-search-phone-${lang}.png`), fullPage: true });
        if (lang === 'es') {
          const slip = await claimCodeFromSlip(networkPrinter);
          await page.getByTestId('setup-claimCode').fill(slip.code.toLowerCase());
          await page.getByTestId('setup-restaurantName').fill('Chifa Dragón');
          await page.getByTestId('setup-ownerName').fill('Luis Chen');
          await page.getByTestId('setup-ownerCode').fill('1');
          await page.getByTestId('setup-pin').fill('739164');
          await page.getByTestId('setup-pinAgain').fill('739164');
          await page.getByTestId('setup-submit').click();
          await page.getByTestId('staff-page').waitFor();
        }
        await context.close();
      }
    } finally {
      await searching.close();
      await networkPrinter.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
