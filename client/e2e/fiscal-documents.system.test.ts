import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import type { SaleDocument } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The documents page in Chromium: with e-invoicing set up and no SUNAT (no
 * certificate, no SOL user), a boleta and a factura are settled through the
 * hub; the owner opens the page from the e-invoicing settings, filters by
 * type, downloads a boleta's XML, opens the void/refund dialog and sees the
 * amount, on a phone in es, en and zh (screenshots in test-artifacts/screenshots).
 */

const owner = DEMO_STAFF.find((s) => s.roleId === 'owner')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-docs-', screenshots: true });
const contexts: BrowserContext[] = [];
const today = limaDateTime(new Date().toISOString()).date;

async function settle(tableId: string, document: SaleDocument): Promise<void> {
  const orderId = await servedOrder(env, tableId);
  await asHub(env, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document, print: false });
}

beforeAll(async () => {
  await asHub(env, 'fiscal.saveSettings', SAMPLE_FISCAL);
  await settle('t-s1', { kind: 'boleta', docId: '', name: '' });
  await settle('t-s2', { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' });
  // Filed as soon as the rules make the job, though nothing can be signed or sent.
  for (let waited = 0; (await env.hub.outbox.store.list({ from: today, to: today })).length < 2; waited += 100) {
    if (waited > 15_000) throw new Error('the two documents were not filed');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function ownerPage(device: typeof PHONE | typeof TILL, language: string): Promise<Page> {
  const context = await env.browser.newContext({ ...device, acceptDownloads: true });
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  contexts.push(context);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, owner.code, owner.pin);
  return page;
}

const rows = (page: Page) => page.locator('[data-testid^="doc-0"]');

describe('the documents page', () => {
  it('opens from the e-invoicing page, lists today’s documents, filters them and downloads an XML', async () => {
    const page = await ownerPage(TILL, 'es_US');
    await page.goto(`${env.hub.url}#/pages/fiscal/index`);
    await page.getByTestId('fiscal-documents').click();
    await page.getByTestId('documents-page').waitFor();
    await page.getByTestId('docs-list').waitFor();
    expect(await rows(page).count()).toBe(2);
    const boleta = (await env.hub.outbox.store.list({ from: today, to: today, kinds: ['03'] }))[0]!;
    const factura = (await env.hub.outbox.store.list({ from: today, to: today, kinds: ['01'] }))[0]!;
    // No certificate: both recorded, not signed; the boleta waits for its summary day.
    expect(await page.getByTestId(`doc-${boleta.key}`).getByTestId('doc-status').textContent()).toBe('Registrado, sin firmar');
    expect(await page.getByTestId(`doc-${factura.key}`).textContent()).toContain('Supermercados Peruanos S.A.');
    expect(await page.getByTestId(`doc-${factura.key}`).getByTestId('doc-deadline').textContent()).toMatch(/^Hasta el \d{2}\/\d{2}\/\d{4}$/);
    // Boletas waiting for today's summary.
    expect(await page.getByTestId(`docs-pending-${today}`).textContent()).toContain('por enviar: 1');
    await page.screenshot({ path: path.join(SHOTS, 'documents-1280-es.png'), fullPage: true });

    await page.getByTestId('docs-kind-boleta').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-testid')).toBe(`doc-${boleta.key}`);
    await page.getByTestId('docs-status').selectOption('accepted');
    await page.getByTestId('docs-empty').waitFor();
    await page.getByTestId('docs-status').selectOption('');
    await expect.poll(() => rows(page).count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`doc-${boleta.key}`).getByTestId('doc-xml').click()]);
    expect(download.suggestedFilename()).toBe(`${SAMPLE_FISCAL.ruc}-${boleta.key}.xml`);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('<Invoice');
    expect(xml).toContain(`<cbc:ID>${boleta.series}-${boleta.number}</cbc:ID>`);
  });

  it('void / refund on a boleta opens the bill, shows what goes back and waits for a reason', async () => {
    const page = await ownerPage(TILL, 'es_US');
    await page.goto(`${env.hub.url}#/pages/fiscal/documents`);
    await page.getByTestId('docs-list').waitFor();
    const boleta = (await env.hub.outbox.store.list({ from: today, to: today, kinds: ['03'] }))[0]!;
    // The document names its bill (the store files it with the bill id), so the page can load the bill.
    expect(boleta.billId).not.toBeNull();
    await page.getByTestId(`doc-${boleta.key}`).getByTestId('doc-correct').click();
    await page.getByTestId('correction-dialog').waitFor();
    expect(await page.getByTestId('correction-amount').textContent()).toMatch(/S\/\s?\d/);
    expect(await page.getByTestId('correction-confirm').isDisabled()).toBe(true);
    await page.getByTestId('correction-refund').click();
    await page.getByTestId('correction-plus').first().click();
    await page.getByTestId('correction-reason').fill('Plato frío');
    expect(await page.getByTestId('correction-confirm').isDisabled()).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, 'documents-refund-1280-es.png') });
  });

  // Issue 18 item 16: the table was clipped at 900 px and "B001-2" wrapped. Each document fits (cards two abreast), nothing sideways, numbers on one line.
  for (const [width, stored] of [[900, 'es_US'], [900, 'zh_CN'], [1280, 'es_US']] as const) {
    it(`at ${width} px (${stored}): every column in view, document numbers on one line`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript((lang) => localStorage.setItem('language', lang), stored);
      contexts.push(context);
      const page = await context.newPage();
      await signInOnPage(page, env.hub.url, owner.code, owner.pin);
      await page.goto(`${env.hub.url}#/pages/fiscal/documents`);
      await page.getByTestId('docs-list').waitFor();
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const clipped = await page.evaluate(() => {
        const wrap = document.querySelector('.docs-table-wrap')!;
        return wrap.scrollWidth > wrap.clientWidth;
      });
      expect(clipped).toBe(false);
      // Every row's buttons inside the screen.
      for (const box of await Promise.all((await page.getByTestId('doc-xml').all()).map((b) => b.boundingBox()))) expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      for (const number of await page.locator('.docs-number').all()) {
        const lineHeight = await number.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height);
        expect((await number.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 1.2);
        expect(await number.textContent()).toMatch(/^[BF]\d{3}-\d+$/);
      }
      await page.screenshot({ path: path.join(SHOTS, `documents-${width}-${stored.slice(0, 2)}.png`), fullPage: true });
    });
  }

  for (const [lang, stored, title] of [
    ['es', 'es_US', 'Comprobantes electrónicos'],
    ['en', 'en_US', 'E-invoices'],
    ['zh', 'zh_CN', '电子票据'],
  ] as const) {
    it(`on a 360 px phone in ${lang}: one card per document`, async () => {
      const page = await ownerPage(PHONE, stored);
      await page.goto(`${env.hub.url}#/pages/fiscal/documents`);
      await page.getByTestId('docs-list').waitFor();
      expect(await page.locator('h1').textContent()).toBe(title);
      // Nothing wider than the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: path.join(SHOTS, `documents-360-${lang}.png`) });
      await page.getByTestId('docs-list').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `documents-list-360-${lang}.png`) });
      await page.getByTestId('docs-kind-boleta').click();
      await expect.poll(() => rows(page).count()).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, `documents-boletas-360-${lang}.png`) });
    });
  }
});
