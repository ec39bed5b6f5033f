import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../../client/e2e/browser.ts';
import { ensureClientBuilt } from '../../installer/client-build.ts';
import type { Command } from '#protocol';
import { startHub } from '#hub/server.ts';
import { bigMenu } from './menu-data-2000.ts';

/**
 * The browser half of the 2,000-product benchmark: a real hub with the big
 * menu, headless Chromium as a cheap phone (360x740, CPU slowed 4x through
 * the DevTools protocol), the demo owner signed in. Times are taken inside
 * the page (performance.now), from the action to the frame after the list
 * shows it, so the test driver's own latency does not count.
 */

export type BrowserFigures = {
  /** page.goto to the first goods row: loading the app and the 2,000-product state included. */
  coldLoadMs: number;
  /** Switching to the goods page with the state in memory, until its list is drawn (one per round). */
  goodsListMs: number[];
  /** Opening a table's ordering page until the menu grid is drawn (one per round). */
  orderMenuMs: number[];
  /** A keystroke in the goods search until the list shows its result. */
  goodsKeyMs: number[];
  /** A keystroke in the ordering menu search until the grid shows its result. */
  menuKeyMs: number[];
};

export type BrowserOptions = { products: number; throttle: number; rounds: number; keystrokes: readonly string[] };

/** What to do in the page before timing: go to a route (path?search#hash, as wouter navigates), or type a search (as React sees typing). */
type Action = { url: string } | { testId: string; text: string };

/** Runs in the page: does `action`, resolves once `selector` matches (checked on every DOM change), then after the next frame. */
async function timeUntil(page: Page, action: Action, selector: string): Promise<number> {
  return page.evaluate(
    async ({ action, selector }) => {
      const found = () => document.querySelector(selector) !== null;
      const t0 = performance.now();
      if ('url' in action) {
        const oldURL = location.href;
        history.pushState(null, '', action.url);
        dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: location.href }));
      } else {
        const el = document.querySelector(`[data-testid="${action.testId}"]`) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, action.text);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      if (!found()) {
        await new Promise<void>((resolve) => {
          const mo = new MutationObserver(() => {
            if (found()) {
              mo.disconnect();
              resolve();
            }
          });
          mo.observe(document.body, { subtree: true, childList: true, attributes: true });
        });
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    },
    { action, selector },
  );
}

const goTo = (url: string): Action => ({ url });
const typeInto = (testId: string, text: string): Action => ({ testId, text });
const attr = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

export async function measureInBrowser(opts: BrowserOptions, log: (m: string) => void = () => undefined): Promise<BrowserFigures> {
  ensureClientBuilt(log);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pos-bench-menu-'));
  const hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  const browser = await launchBrowser();
  try {
    const menu: Command = { id: crypto.randomUUID(), type: 'menu.import', payload: bigMenu(opts.products), deviceId: 'bench', at: new Date().toISOString() };
    const reply = await hub.engine.submit(menu, { staffId: null, deviceId: 'bench' });
    if (!reply.ok) throw new Error(`menu import refused: ${reply.code} ${reply.message ?? ''}`);
    const context = await browser.newContext(PHONE);
    const signIn = await context.request.post(`${hub.url}api/auth/signin`, {
      data: { identifier: '1', secret: '1111', deviceId: 'bench-phone' },
      headers: { origin: hub.url.slice(0, -1) },
    });
    if (!signIn.ok()) throw new Error(`sign-in refused: ${signIn.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });

    const t0 = performance.now();
    await page.goto(`${hub.url}#/pages/goods/index`);
    await page.locator('[data-testid="goods-list"] li').first().waitFor({ timeout: 60_000 });
    const coldLoadMs = performance.now() - t0;

    // An open table to order on.
    const open = await context.request.post(`${hub.url}api/commands`, {
      headers: { origin: hub.url.slice(0, -1) },
      data: {
        id: crypto.randomUUID(),
        type: 'table.open',
        payload: { tableId: 't-s1', orderId: crypto.randomUUID(), people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } },
        deviceId: 'bench-phone',
        at: new Date().toISOString(),
      },
    });
    if (!open.ok()) throw new Error(`table.open refused: ${open.status()}`);

    const goodsListMs: number[] = [];
    const orderMenuMs: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      await page.evaluate((h) => (location.hash = h), '#/pages/dining_table/index');
      await page.getByTestId('table-S1').waitFor();
      goodsListMs.push(await timeUntil(page, goTo('/#/pages/goods/index'), '[data-testid="goods-list"] li'));
      await page.evaluate((h) => (location.hash = h), '#/pages/dining_table/index');
      await page.getByTestId('table-S1').waitFor();
      orderMenuMs.push(await timeUntil(page, goTo('/?tableId=t-s1#/pages/dining_table/dinner'), '[data-testid="menu-grid"] button'));
    }

    const menuKeyMs: number[] = [];
    for (const q of opts.keystrokes) menuKeyMs.push(await timeUntil(page, typeInto('menu-search', q), `[data-testid="menu-grid"][data-query="${attr(q)}"]`));
    await page.evaluate((h) => (location.hash = h), '#/pages/goods/index');
    await page.getByTestId('goods-search').waitFor();
    const goodsKeyMs: number[] = [];
    for (const q of opts.keystrokes) goodsKeyMs.push(await timeUntil(page, typeInto('goods-search', q), `[data-testid="goods-list"][data-query="${attr(q)}"]`));
    await context.close();
    return { coldLoadMs, goodsListMs, orderMenuMs, goodsKeyMs, menuKeyMs };
  } finally {
    await browser.close();
    await hub.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
