import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

const LANGS = [
  { code: 'es', stored: 'es_US', title: 'Productos' },
  { code: 'en', stored: 'en_US', title: 'Products' },
  { code: 'zh', stored: 'zh_CN', title: '商品管理' },
] as const;
const GOODS = '#/pages/goods/index';

const env = useBrowserHub({ tmpPrefix: 'pos-goods-', screenshots: true });

const OWNER = DEMO_STAFF[0]!;

/** A device on which the demo owner signed in through the entry page (staff number and PIN). */
async function ownerDevice(options: typeof PHONE | typeof TILL, lang?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext(options);
  if (lang) await context.addInitScript((stored) => localStorage.setItem('language', stored), lang);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, OWNER.code, OWNER.pin);
  return { context, page };
}

/** What the hub has committed (the test runs the hub in its own process). */
async function hubState() {
  return env.hub.engine.state;
}

/** A product's stock moves not yet filed in the day files, newest first (the hub's memory of them). */
async function stockHistory(productId: string) {
  return { moves: env.hub.engine.recentStockMoves().map((e) => e.move).filter((m) => m.productId === productId).reverse() };
}

describe('goods page in the browser', () => {
  it('creates a dish, edits its price, and a sold-out set on the till shows on a phone at once, where it cannot be ordered', async () => {
    const till = await ownerDevice(TILL);
    const phone = await ownerDevice(PHONE);
    const cashier = till.page;
    const waiter = phone.page;

    // Create: code, a name, the first category, a price with a comma.
    await cashier.goto(`${env.hub.url}${GOODS}`);
    await cashier.getByTestId('goods-new').click();
    await cashier.getByTestId('product-save').click();
    // Nothing filled: the form says what is missing, the hub hears nothing.
    await expect.poll(() => cashier.locator('.field-error').count()).toBeGreaterThan(0);
    await cashier.getByTestId('product-code').fill('950');
    await cashier.getByTestId('product-name-es').fill('Sopa criolla');
    await cashier.getByTestId('product-name-en').fill('Creole soup');
    await cashier.getByTestId('product-price').fill('18,50');
    await cashier.getByTestId('product-save').click();
    await cashier.getByTestId('goods-row-950').waitFor();
    expect(await cashier.getByTestId('goods-price-950').textContent()).toContain('S/ 18.50');

    // A second dish with the same code is refused in the form.
    await cashier.getByTestId('goods-new').click();
    await cashier.getByTestId('product-code').fill('950');
    await cashier.getByTestId('product-name-es').fill('Otra sopa');
    await cashier.getByTestId('product-price').fill('5');
    await cashier.getByTestId('product-save').click();
    await expect.poll(() => cashier.getByTestId('product-form').textContent()).toMatch(/código ya lo tiene/);
    await cashier.locator('.dialog-backdrop').click({ position: { x: 5, y: 5 } });

    // Edit the price.
    await cashier.getByTestId('goods-edit-950').click();
    await cashier.getByTestId('product-price').fill('19.90');
    await cashier.getByTestId('product-save').click();
    await expect.poll(() => cashier.getByTestId('goods-price-950').textContent()).toContain('S/ 19.90');
    // The page shows the edit at once (optimistic view); the hub has it once the outbox delivered it.
    const dish950 = async () => Object.values((await hubState()).products).find((p) => p.code === '950');
    await expect.poll(async () => (await dish950())?.priceCents).toBe(1990);
    const created = await dish950();
    expect(created).toMatchObject({ priceCents: 1990, names: { es: 'Sopa criolla', en: 'Creole soup' }, soldOut: false, listed: true });

    // The waiter's phone has a table open and sees the new dish on the menu.
    await waiter.goto(`${env.hub.url}#/pages/dining_table/index`);
    await waiter.getByTestId('table-S1').click();
    await waiter.getByTestId('open-submit').click();
    await waiter.getByTestId('menu-search').fill('criolla');
    await expect.poll(() => waiter.getByTestId('product-950').isEnabled()).toBe(true);

    // The till marks it sold out: the phone shows it sold out at once, without a reload.
    await cashier.getByTestId('goods-soldout-950').click();
    await expect.poll(() => waiter.getByTestId('product-950').isDisabled(), { timeout: 5000 }).toBe(true);
    expect(await waiter.getByTestId('product-950').textContent()).toMatch(/Agotado/);

    // And the hub refuses it even from a device that did not hear yet.
    const orderId = Object.values((await hubState()).orders).find((o) => o.tableId === 't-s1')!.id;
    const refused = await phone.context.request.post(`${env.hub.url}api/commands`, {
      headers: { origin: env.hub.url.slice(0, -1) },
      data: {
        id: crypto.randomUUID(),
        type: 'order.addLines',
        payload: { orderId, lines: [{ lineId: crypto.randomUUID(), productId: created!.id, qty: 1, remark: '' }] },
        deviceId: 'stale-phone',
        at: new Date().toISOString(),
      },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, code: 'PRODUCT_UNAVAILABLE' });

    // Available again, and the phone follows.
    await cashier.getByTestId('goods-soldout-950').click();
    await expect.poll(() => waiter.getByTestId('product-950').isEnabled(), { timeout: 5000 }).toBe(true);
    await till.context.close();
    await phone.context.close();
  });

  it('marks several dishes sold out at once, restocks one low on stock, adds a category on top, downloads the menu', async () => {
    const { context, page } = await ownerDevice(TILL);
    await page.goto(`${env.hub.url}${GOODS}`);
    await page.getByTestId('goods-select-102').check();
    await page.getByTestId('goods-select-103').check();
    await page.getByTestId('bulk-soldout').click();
    await expect.poll(async () => (await hubState()).products['p-103']?.soldOut).toBe(true);
    expect((await hubState()).products['p-102']?.soldOut).toBe(true);

    // Helado: 3 in stock, alert at 4: it is in the low-stock filter; set the count to 10.
    await page.getByTestId('goods-low-alert').click();
    await page.getByTestId('goods-row-505').waitFor();
    await page.getByTestId('goods-more-505').click();
    await page.getByTestId('action-stock').click();
    // The history is not in the replica: the dialog asks the hub for it (GET /api/goods/stock-moves).
    await expect.poll(() => page.locator('.stock-history li').first().textContent()).toMatch(/Stock inicial/);
    await page.getByTestId('stock-op-set').click();
    await page.getByTestId('stock-qty').fill('10');
    await page.getByTestId('stock-save').click();
    await expect.poll(() => page.locator('.field-error').textContent()).toMatch(/motivo/i);
    await page.getByTestId('stock-reason').fill('Conteo de la noche');
    await page.getByTestId('stock-save').click();
    await expect.poll(async () => (await hubState()).products['p-505']?.stock).toBe(10);
    expect((await stockHistory('p-505')).moves[0]).toMatchObject({ productId: 'p-505', delta: 7, reason: 'Conteo de la noche', staffId: 'staff-demo-owner' });

    // A new category, moved to the top of the menu.
    await page.getByTestId('goods-more-menu').click();
    await page.getByTestId('goods-categories').click();
    await page.getByTestId('cat-add').click();
    await page.getByTestId('cat-name-es').fill('Parrillas');
    await page.getByTestId('cat-name-en').fill('Grill');
    await page.getByTestId('cat-save').click();
    await expect.poll(async () => Object.values((await hubState()).categories).find((c) => c.names.es === 'Parrillas')?.names.en).toBe('Grill');
    const grill = Object.values((await hubState()).categories).find((c) => c.names.es === 'Parrillas')!;
    for (let i = 0; i < 5; i++) await page.getByTestId(`cat-${grill.id}`).getByRole('button', { name: 'Subir' }).click();
    await expect.poll(async () => (await hubState()).categories[grill.id]?.sort).toBe(0);
    await page.locator('.dialog-backdrop').click({ position: { x: 5, y: 5 } });

    // The menu downloads as a spreadsheet named after the restaurant and the day.
    await page.getByTestId('goods-more-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('goods-export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^restaurante-demo-carta-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await context.close();
  });
});

describe('goods screens in es, en and zh', () => {
  for (const lang of LANGS) {
    it(`list, edit dialog and import report in ${lang.code}`, async () => {
      for (const [device, options] of [['till', TILL], ['phone', PHONE]] as const) {
        const { context, page } = await ownerDevice(options, lang.stored);
        await page.goto(`${env.hub.url}${GOODS}`);
        await page.getByTestId('goods-row-101').waitFor();
        expect(await page.locator('h1').first().textContent()).toBe(lang.title);
        await page.screenshot({ path: path.join(SHOTS, `goods-list-${device}-${lang.code}.png`) });
        await page.getByTestId('goods-search').fill('301');
        await page.getByTestId('goods-edit-301').click();
        await page.getByTestId('product-form').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `goods-edit-${device}-${lang.code}.png`) });
        await page.locator('.dialog-backdrop').click({ position: { x: 5, y: 5 } });
        await page.getByTestId('goods-more-menu').click();
        await page.getByTestId('goods-import').click();
        await page.getByTestId('import-file').setInputFiles({
          name: 'carta.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('Código;Nombre;Categoría;Precio;Tamaños\n101;Ceviche;Entradas;33\n;Sin código;Entradas;5\n777;Sopa;Entradas;-2\n778;Jugo;Bebidas;8;Vaso=abc\n'),
        });
        await page.getByTestId('import-report').waitFor();
        expect(await page.getByTestId('import-problem').count()).toBe(3);
        await page.screenshot({ path: path.join(SHOTS, `goods-import-${device}-${lang.code}.png`) });
        await context.close();
      }
    });
  }
});
