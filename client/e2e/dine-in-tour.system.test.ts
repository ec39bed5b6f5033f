import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { restaurantDay } from '#domain';
import { ROLE_PRESETS } from '#protocol';
import { openAfresh, PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/*
 * A walk through every dine-in screen of issue 9 (map, table operations,
 * reservations, pending orders, ordering and kitchen actions, approval,
 * payment tabs, split bill, dollars, settlement) in Spanish, English and
 * Chinese, on a 360×740 phone and a 1280×800 till. Each screen is written as a
 * PNG to test-artifacts/screenshots/ (not in the repository) for a person to
 * open and look at; the walk also checks what a waiter would trip over first:
 * nothing wider than the screen, touch targets of 44 px on the phone, and no
 * Spanish left on an English or Chinese screen's buttons.
 */
const env = useBrowserHub({ tmpPrefix: 'pos-tour-', screenshots: true });
const [, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const LANGS = [
  ['es', 'es_US'],
  ['en', 'en_US'],
  ['zh', 'zh_CN'],
] as const;
const SIZES = [
  ['360', PHONE],
  ['1280', TILL],
] as const;
type Size = (typeof SIZES)[number][1];

const TABLES = '#/pages/dining_table/index';
const at = (hash: string, orderId?: string) => `${env.hub.url}${orderId ? `?orderId=${orderId}` : ''}${hash}`;

/** How long an action may wait for the page (a loaded machine). */
const SLOW_MS = 90_000;
let mainOrder = '';
let parkedId = '';

async function shot(page: Page, name: string, lang: string, width: string): Promise<void> {
  await page.waitForTimeout(120);
  await page.screenshot({ path: path.join(SHOTS, `dine-in-${name}-${width}-${lang}.png`) });
}

/**
 * Opens a page of the app afresh in the stored language, waiting for `ready`: one load of the app
 * every time, where going to a URL that differs only by its hash would not load it, and a reload
 * after a `goto` that did would load it twice.
 */
const open = openAfresh;

/** Nothing on the page is wider than the screen (a phone would scroll sideways or cut it). */
async function widestOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Visible buttons on the phone smaller than 44 px high, by their text (the dialog's or page's). */
async function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.page button, .page a.btn, .dialog button, .pay-page button')]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.height < 43.5 && getComputedStyle(b).visibility !== 'hidden';
      })
      .map((b) => (b.textContent ?? b.getAttribute('aria-label') ?? '').trim().slice(0, 30)),
  );
}

/** What makes the screen hard to use as it stands (checked on every shot of the walk, all reported at the end). */
async function problemsOf(page: Page, where: string, size: Size): Promise<string[]> {
  const out: string[] = [];
  const over = await widestOverflow(page);
  if (over > 1) out.push(`${where}: ${over} px wider than the screen`);
  const small = size === PHONE ? await smallButtons(page) : [];
  if (small.length > 0) out.push(`${where}: buttons under 44 px: ${small.join(' | ')}`);
  return out;
}

beforeAll(async () => {
  mainOrder = await servedOrder(env, 't-s1', 3);
  await servedOrder(env, 't-s2');
  await servedOrder(env, 't-s8', 6);
  parkedId = randomUUID();
  await asHub(env, 'pending.hangUp', { parkedId, label: 'Sr. Pérez', people: 2, lines: [{ lineId: randomUUID(), productId: 'p-101', specId: null, qty: 2, remark: '' }] });
  await asHub(env, 'queue.take', { entryId: randomUUID(), people: 4, name: 'Familia Rojas', phone: '' });
  await asHub(env, 'payment.setExchangeRate', { rateMilli: 3750 });
  const day = restaurantDay(new Date().toISOString());
  await asHub(env, 'reservation.create', {
    reservationId: randomUUID(),
    tableId: 't-s5',
    people: 6,
    at: `${day}T21:30:00-05:00`,
    customerName: 'Familia Quispe Mamani',
    phone: '+51987111222',
    depositCents: 10000,
    remarks: 'Cumpleaños',
    reason: 'family',
  });
  // The waiter may take payment here, so the gift on the payment page asks a manager (the approval dialog).
  await asHub(env, 'role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter, 'payment'] });
});

describe('every dine-in screen, in three languages, on a phone and a till', () => {
  for (const [width, size] of SIZES) {
    for (const [lang, stored] of LANGS) {
      it(`${lang} at ${width} px`, async () => {
        const context = await env.browser.newContext({ ...size, isMobile: false });
        // Six helpers share two cores while these run: a page load can take longer than Playwright's 30 s default.
        context.setDefaultTimeout(SLOW_MS);
        const page = await context.newPage();
        await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
        await page.evaluate((l) => localStorage.setItem('language', l), stored);
        const problems: string[] = [];
        const look = async (name: string) => {
          await shot(page, name, lang, width);
          problems.push(...(await problemsOf(page, `${name} ${lang} ${width}`, size)));
        };

        await open(page, at(TABLES), 'table-S1');
        await look('map');
        for (const [op, name] of [
          ['queue', 'queue'],
          ['openMany', 'batch-open'],
          ['merge', 'merge'],
          ['copy', 'copy'],
          ['split', 'split'],
          ['change', 'change'],
        ] as const) {
          await page.getByTestId('table-ops').click();
          if (op === 'queue') await look('ops-menu');
          await page.getByTestId(`op-${op}`).click();
          await page.locator('.dialog').waitFor();
          await look(name);
          await open(page, at(TABLES), 'table-S1');
        }

        await open(page, at('#/pages/dining_table/book'), 'book-card');
        await look('book-list');
        await page.getByTestId('book-new').click();
        await look('book-create');

        await open(page, at('#/pages/dining_table/pending'), 'pending-card');
        await look('pending');
        await open(page, at(`#/pages/dining_table/pending_add`).replace('#', `?parkedId=${parkedId}#`), 'pending-hangup');
        await look('pending-add');

        await open(page, at('#/pages/dining_table/dinner').replace('#', '?tableId=t-s1#'), 'order-more');
        if (size === PHONE) await page.getByTestId('pane-order').click();
        await look('dinner');
        await page.locator('.line-tap').first().click();
        await look('dinner-kitchen-actions');
        await open(page, at('#/pages/dining_table/dinner').replace('#', '?tableId=t-s1#'), 'order-more');
        await page.getByTestId('order-more').click();
        await look('dinner-more');

        for (const tab of ['tip', 'gift', 'lineDiscount', 'return', 'lunchBox', 'discount']) {
          await open(page, at('#/pages/dining_table/payment', mainOrder), 'tab-tip');
          await page.getByTestId(`tab-${tab}`).click();
          await look(`payment-${tab}`);
        }
        await open(page, at('#/pages/dining_table/settlement', mainOrder), 'split-panel');
        await look('settlement');
        await page.getByTestId('split-people').click();
        await look('split-bill');
        await open(page, at('#/pages/dining_table/settlement', mainOrder), 'split-panel');
        await page.getByTestId('method-usd').click();
        await page.getByTestId('pay-amount').fill('10');
        await look('dollars');
        await context.close();

        // The approval dialog: on the waiter's device, a gift their role may not give alone.
        const device = await env.browser.newContext({ ...size, isMobile: false });
        device.setDefaultTimeout(SLOW_MS);
        const waiterPage = await device.newPage();
        await signInOnPage(waiterPage, env.hub.url, waiter.code, waiter.pin);
        await waiterPage.evaluate((l) => localStorage.setItem('language', l), stored);
        await open(waiterPage, at('#/pages/dining_table/payment', mainOrder), 'tab-gift');
        await waiterPage.getByTestId('tab-gift').click();
        await waiterPage.locator('.tab-panel .field .chips .chip').first().click();
        await waiterPage.getByTestId('gift-confirm').click();
        await waiterPage.getByTestId('approval-dialog').waitFor();
        await shot(waiterPage, 'approval', lang, width);
        problems.push(...(await problemsOf(waiterPage, `approval ${lang} ${width}`, size)));
        await waiterPage.getByTestId('approval-cancel').click();
        await device.close();
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('add to a pending order from where a waiter works', () => {
  it('from the table map (table operations) and from the order screen (More), on a phone', async () => {
    const context = await env.browser.newContext({ ...PHONE, isMobile: false });
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, waiter.code, waiter.pin);
    await page.evaluate(() => localStorage.setItem('language', 'es_US'));
    await open(page, at(TABLES), 'table-S1');
    await page.getByTestId('table-ops').click();
    const parked = env.hub.engine.state.parked[parkedId]!;
    await page.getByTestId(`add-to-parked-${parked.no}`).click();
    await page.getByTestId('pending-hangup').waitFor();
    expect(page.url()).toContain(`parkedId=${parkedId}`);
    expect(page.url()).toContain('/pages/dining_table/pending_add');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Sr. Pérez');

    await open(page, at('#/pages/dining_table/dinner').replace('#', '?tableId=t-s2#'), 'order-more');
    await page.getByTestId('order-more').click();
    await page.getByTestId(`add-to-parked-${parked.no}`).click();
    await page.getByTestId('pending-hangup').waitFor();
    expect(page.url()).toContain(`parkedId=${parkedId}`);
    // "New pending order" is in the same menu of the map.
    await open(page, at(TABLES), 'table-S1');
    await page.getByTestId('table-ops').click();
    await page.getByTestId('page-pendingAdd').click();
    await page.getByTestId('pending-hangup').waitFor();
    expect(page.url()).not.toContain('parkedId');
    await context.close();
  });

  it('the toast sits above the action bar, never over the page title', async () => {
    const context = await env.browser.newContext({ ...PHONE, isMobile: false });
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, waiter.code, waiter.pin);
    await open(page, at('#/pages/dining_table/dinner').replace('#', '?tableId=t-s2#'), 'order-more');
    await page.getByTestId('product-101').click();
    const toast = await page.getByTestId('toast').boundingBox();
    const title = await page.locator('.dinner-head').first().boundingBox();
    const bar = await page.locator('.dinner .action-bar').first().boundingBox();
    await shot(page, 'toast', 'es', '360');
    expect(toast && title && bar).toBeTruthy();
    expect(toast!.y).toBeGreaterThan(title!.y + title!.height);
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(bar!.y);
    await expect.poll(() => page.getByTestId('toast').getAttribute('role')).toBe('status');
    await context.close();
  });
});
