import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '#domain';
import { DEMO_OWNER } from '#hub/testing/test-hub.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The order report in the browser: three bills settle (cash, Yape, Visa),
 * the owner opens today's report; the headline figures are the hub's, every
 * chart is drawn (a canvas with coloured pixels), the table view of a chart
 * shows the same totals, the XLSX button downloads a workbook, and the page
 * is photographed in Spanish, English and Chinese on a phone and a till.
 */
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-collect-', screenshots: true });
const STORED = { es: 'es_US', en: 'en_US', zh: 'zh_CN' } as const;

async function openReport(page: Page, lang: keyof typeof STORED): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('language', stored), STORED[lang]);
  await signInOnPage(page, env.hub.url, DEMO_OWNER.code, DEMO_OWNER.pin);
  await page.goto(`${env.hub.url}#/pages/collect/index`);
  await page.getByTestId('collect-section-hour').waitFor();
}

/** How many pixels of each chart's canvas are drawn on (not transparent). */
const drawnPixels = (page: Page) =>
  page.$$eval('canvas[data-testid="collect-canvas"]', (canvases) =>
    canvases.map((c) => {
      const { data } = (c as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    }),
  );

describe('the order report in the browser', () => {
  it('shows today in figures and charts, its tables agree, exports XLSX, in es, en and zh', async () => {
    let total = 0;
    for (const [table, method] of [['t-s1', 'cash'], ['t-s2', 'yape'], ['t-s3', 'visa']] as const) {
      const orderId = await servedOrder(env, table);
      const due = orderTotals(env.hub.engine.state.orders[orderId]!, 0).totalCents;
      total += due;
      await asHub(env, 'order.settle', { orderId, payments: [{ method, amountCents: due, ...(method === 'yape' ? { operationNo: '48213377' } : {}) }], document: { kind: 'note', docId: '', name: '' }, print: false });
    }

    // A till, in Spanish: both views side by side, every chart drawn.
    const till = await env.browser.newContext(TILL);
    const page = await till.newPage();
    await openReport(page, 'es');
    await expect.poll(() => page.getByTestId('collect-kpi-sales').textContent()).toContain(formatSoles(total));
    expect(await page.getByTestId('collect-kpi-bills').textContent()).toContain('3');
    expect(await page.getByTestId('collect-kpi-averageTicket').textContent()).toContain(formatSoles(Math.round(total / 3)));
    const pixels = await drawnPixels(page);
    expect(pixels.length).toBeGreaterThanOrEqual(7);
    for (const n of pixels) expect(n).toBeGreaterThan(500);
    expect(await page.getByTestId('collect-total-method').textContent()).toContain(formatSoles(total));
    expect(await page.getByTestId('collect-section-method').textContent()).toContain('Yape');

    // The export button downloads the same range as a workbook.
    const href = await page.getByTestId('collect-export').getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\/orders\.xlsx\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&lang=es$/);
    const download = await page.evaluate(async (url) => {
      const r = await fetch(url);
      const bytes = new Uint8Array(await r.arrayBuffer());
      return { status: r.status, type: r.headers.get('content-type'), zip: bytes[0] === 0x50 && bytes[1] === 0x4b };
    }, href!);
    expect(download).toMatchObject({ status: 200, zip: true });
    expect(download.type).toContain('spreadsheetml');
    await till.close();

    for (const lang of ['es', 'en', 'zh'] as const) {
      for (const [size, device] of [['360x740', PHONE], ['1280x800', TILL]] as const) {
        const context = await env.browser.newContext(device);
        const p = await context.newPage();
        await openReport(p, lang);
        await expect.poll(() => p.getByTestId('collect-kpi-sales').textContent()).toContain(formatSoles(total));
        if (size === '360x740') {
          // A phone: one view at a time; the table of the hours adds up to the day's sales.
          expect((await drawnPixels(p)).every((n) => n > 0)).toBe(true);
          await p.getByTestId('collect-table-hour').click();
          await expect.poll(() => p.getByTestId('collect-total-hour').textContent()).toContain(formatSoles(total));
          expect(await p.getByTestId('collect-total-hour').isVisible()).toBe(true);
          expect(await p.getByTestId('collect-section-hour').locator('canvas').isVisible()).toBe(false);
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        }
        await p.screenshot({ path: path.join(SHOTS, `collect-${size}-${lang}.png`), fullPage: true });
        await context.close();
      }
    }
  }, 120_000);
});
