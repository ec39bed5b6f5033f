import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { fakeNetworkPrinter } from '#hub/jobs/printing/test-orders.ts';
import { parseEscPos } from '../../hardware/index.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInWithKeypad } from './sign-in.ts';

/**
 * Issue 18 items 8 and 10 in Chromium: a waiter whose phone is in Chinese
 * taps the preset 不辣 and types a free note on a dish before sending; the
 * Spanish kitchen printer (a TCP fake printer, its bytes decoded) prints
 * "Sin picante" and the note as typed (markup stays text), and the phone
 * shows the remark in Chinese.
 */

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-remarks-', screenshots: true });
const WAITER = DEMO_STAFF[2]!;
const NOTE = 'término medio <b>x</b>';
let fake: FakePrinter;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await FakePrinter.start();
  await asHub(env, 'printer.save', { printer: fakeNetworkPrinter(env.hub.engine.state, fake.port, { id: 'pr-cocina-es', name: 'Cocina', stations: ['st-cocina'], receipts: false, prebills: false, drawer: false, codePage: 'cp858', language: 'es' }) });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await fake?.close();
});

async function phoneIn(language: 'es' | 'zh', device: object = PHONE): Promise<Page> {
  const context = await env.browser.newContext(device);
  contexts.push(context);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await signInWithKeypad(page, env.hub.url, WAITER.code, WAITER.pin);
  return page;
}

describe('remarks before sending', () => {
  it('a Chinese phone picks 不辣 and types a note: the Spanish kitchen ticket says "Sin picante" and the note', async () => {
    const page = await phoneIn('zh');
    await page.getByTestId('table-S6').click();
    await page.getByTestId('open-submit').click();
    await page.getByTestId('product-201').click();
    await page.getByTestId('pane-order').click();
    await page.getByTestId('cart-note').click();
    await page.getByTestId('remark-preset-notSpicy').click();
    await page.getByTestId('remark-input').fill(NOTE);
    await expect.poll(() => page.getByTestId('cart-line').textContent()).toContain(`不辣, ${NOTE}`);
    await page.screenshot({ path: path.join(SHOTS, 'dinner-remark-phone-zh.png') });
    await page.getByTestId('send').click();

    await expect.poll(() => Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s6')?.lines[0]?.sentBatch).toBe(1);
    const line = Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s6')!.lines[0]!;
    expect({ remark: line.remark, presets: line.presets?.map((p) => p.id) }).toEqual({ remark: NOTE, presets: ['notSpicy'] });
    const printed = () => fake.received.map((bytes) => parseEscPos(bytes, { codePage: 'cp858' }).texts.join('\n')).find((text) => text.includes('Lomo saltado')) ?? '';
    await expect.poll(printed, { timeout: 15_000 }).toContain(`Sin picante, ${NOTE}`);
    expect(printed()).not.toContain('不辣');
    // The phone shows what was sent in its own language.
    await expect.poll(() => page.getByTestId('order-line').first().textContent()).toContain(`不辣, ${NOTE}`);
    await page.screenshot({ path: path.join(SHOTS, 'dinner-sent-remark-phone-zh.png') });
  });

  it('on a tablet (800x1280) in Chinese and Spanish: the sent dish with its remark, and the note dialog', async () => {
    for (const lang of ['zh', 'es'] as const) {
      const page = await phoneIn(lang, { viewport: { width: 800, height: 1280 }, hasTouch: true });
      await page.getByTestId('table-S6').click();
      await page.getByTestId('order-line').first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, `dinner-remark-tablet-${lang}.png`) });
      await page.getByTestId('order-line').first().click();
      await page.getByTestId('line-remark').click();
      await page.getByTestId('remark-input').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `dinner-remark-dialog-tablet-${lang}.png`) });
    }
  });

  it('in Spanish, the note panel at 360 px: chips, the free note, and the send button in reach', async () => {
    const page = await phoneIn('es');
    await page.getByTestId('table-S7').click();
    await page.getByTestId('open-submit').click();
    await page.getByTestId('product-201').click();
    await page.getByTestId('product-101').click();
    await page.getByTestId('pane-order').click();
    await page.getByTestId('cart-note').first().click();
    await page.getByTestId('remark-input').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'dinner-remark-phone-es.png') });
    const box = await page.getByTestId('remark-input').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
  });
});
