import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The import preview in the browser: a good file shows, before "Import",
 * each changed dish with its old and new values, on a phone and on a till,
 * in es, en and zh (screenshots for a person to look at).
 */

const env = useBrowserHub({ tmpPrefix: 'pos-import-preview-', screenshots: true });
const OWNER = DEMO_STAFF[0]!;

/** Two dishes of the demo with a new price, one with a new VIP price and one sold out; one new dish. */
const FILE = [
  'Código,Categoría,Nombre (es),Precio,Precio VIP,Agotado',
  '102,Entradas,Causa limeña,19.50,,no',
  '201,Platos de fondo,Lomo saltado,38.00,33.50,sí',
  '506,Postres,Turrón de Doña Pepa,14.50,,no',
].join('\r\n');

describe('import preview', () => {
  for (const lang of [
    { code: 'es', stored: 'es_US', price: 'Precio' },
    { code: 'en', stored: 'en_US', price: 'Price' },
    { code: 'zh', stored: 'zh_CN', price: '价格' },
  ]) {
    it(`shows old -> new per dish before importing, in ${lang.code}, on a phone and a till`, async () => {
      for (const [device, options] of [
        ['phone', PHONE],
        ['till', TILL],
      ] as const) {
        const context = await env.browser.newContext(options);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
        const page = await context.newPage();
        await signInOnPage(page, env.hub.url, OWNER.code, OWNER.pin);
        await page.goto(`${env.hub.url}#/pages/goods/index`);
        await page.getByTestId('goods-row-101').waitFor();
        await page.getByTestId('goods-more-menu').click();
        await page.getByTestId('goods-import').click();
        await page.getByTestId('import-file').setInputFiles({ name: 'carta.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE, 'utf8') });
        await page.getByTestId('import-changes').waitFor();
        expect(await page.getByTestId('import-change').count()).toBe(3);
        const causa = page.getByTestId('import-change').filter({ hasText: '102' });
        expect(await causa.textContent()).toContain(lang.price);
        expect(await causa.textContent()).toContain('S/ 18.00');
        expect(await causa.textContent()).toContain('S/ 19.50');
        // Nothing scrolls sideways on a phone: the list wraps.
        const overflow = await page.locator('.import-changes').evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await page.getByTestId('import-changes').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `goods-import-preview-${device}-${lang.code}.png`) });
        await context.close();
      }
      // Only checked: the hub's menu is as it was.
      expect(env.hub.engine.state.products['p-102']?.priceCents).toBe(1800);
    });
  }
});
