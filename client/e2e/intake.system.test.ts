import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 21, intake: the owner connects a web shop on /pages/intake/index (the key shown once,
 * copied, then only its first characters), a shop's server posts an order with it, and every
 * device whose person holds M005 shows "There is a new order to take away!" with "Go and check"
 * and chimes, live; a waiter's phone (no M005) shows nothing. Revoking stops the key at once.
 * Screenshots at 360x740 and 1280x800, in Spanish and Chinese.
 */
const owner = DEMO_STAFF[0]!;
const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-intake-', screenshots: true });
const STORED = { es: 'es_US', zh: 'zh_CN' } as const;

async function signedIn(who: { code: string; pin: string }, options: typeof PHONE | typeof TILL, lang: keyof typeof STORED = 'es'): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), STORED[lang]);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, who.code, who.pin);
  return page;
}
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `intake-${name}.png`), fullPage: true });

/** What a web shop's server sends. */
function postOrder(key: string, externalId: string): Promise<Response> {
  return fetch(new URL('/api/intake/orders', env.hub.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      externalId,
      method: 'delivery',
      customer: { name: 'Ana Quispe', phone: '987654321' },
      delivery: { address: 'Av. Larco 1234, Miraflores' },
      lines: [{ productId: 'p-101', qty: 1 }],
      note: '<img src=x onerror="window.__pwned=1">',
    }),
  });
}

describe('intake, issue 21', () => {
  let key = '';

  it('the owner makes a channel: the key shows once, then only its first characters', async () => {
    const page = await signedIn(owner, TILL);
    await page.goto(`${env.hub.url}#/pages/intake/index`);
    await page.getByTestId('intake-empty').waitFor();
    await page.getByTestId('intake-name').fill('Tienda web');
    await page.getByTestId('intake-create').click();
    const box = page.getByTestId('intake-key');
    await box.waitFor();
    key = await box.inputValue();
    expect(key).toMatch(/^posk_/);
    await shot(page, 'key-1280-es');
    await page.getByTestId('intake-key-done').click();
    const row = page.locator('[data-testid^="intake-channel-"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(`posk_${key.slice(5, 11)}`);
    expect(await page.content()).not.toContain(key);
    // The example uses this hub's own address.
    expect(await page.getByTestId('intake-how').textContent()).toContain(`${new URL(env.hub.url).origin}/api/intake/orders`);
    await shot(page, 'list-1280-es');
    await page.context().close();

    for (const [name, options, lang] of [['360-es', PHONE, 'es'], ['360-zh', PHONE, 'zh'], ['1280-zh', TILL, 'zh']] as const) {
      const p = await signedIn(owner, options, lang);
      await p.goto(`${env.hub.url}#/pages/intake/index`);
      await p.locator('[data-testid^="intake-channel-"]').waitFor();
      await shot(p, `list-${name}`);
      // Nothing wider than the screen on a phone.
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await p.context().close();
    }
  });

  it('a web order shows the notice and chimes on every M005 device, live; a waiter sees nothing', async () => {
    const till = await signedIn(owner, TILL);
    const phone = await signedIn(owner, PHONE, 'zh');
    const waiterPhone = await signedIn(waiter, PHONE);
    // A browser plays sound only after a tap on the page: the cashier has touched the till today.
    for (const p of [till, phone]) await p.locator('main').click({ position: { x: 5, y: 5 } });
    await till.getByTestId('takeout-notice-idle').waitFor({ state: 'attached' });

    const res = await postOrder(key, 'WEB-1');
    expect(res.status).toBe(201);

    const notice = till.getByTestId('takeout-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('¡Hay un nuevo pedido para llevar!');
    expect(await till.getByTestId('takeout-notice-go').textContent()).toBe('Ir a ver');
    await expect.poll(async () => Number(await notice.getAttribute('data-chimes'))).toBeGreaterThanOrEqual(1);
    await shot(till, 'notice-1280-es');
    const zh = phone.getByTestId('takeout-notice');
    await zh.waitFor();
    expect(await zh.textContent()).toContain('有新的外卖订单！');
    await shot(phone, 'notice-360-zh');
    // The guest's note came with HTML: it stays text, nothing ran.
    expect(await till.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // A second order: the count shows, the chime comes again.
    const chimed = Number(await notice.getAttribute('data-chimes'));
    expect((await postOrder(key, 'WEB-2')).status).toBe(201);
    await expect.poll(async () => Number(await notice.getAttribute('data-chimes'))).toBeGreaterThan(chimed);
    expect(await notice.textContent()).toContain('2 pedidos esperan');
    await shot(till, 'notice-two-1280-es');

    // The waiter's phone never shows it (no M005: the takeouts are not even sent there).
    expect(await waiterPhone.getByTestId('takeout-notice').count()).toBe(0);
    await shot(waiterPhone, 'waiter-360-es');

    await till.getByTestId('takeout-notice-go').click();
    await expect.poll(() => till.evaluate(() => location.hash)).toBe('#/pages/take_out/index');
    for (const p of [till, phone, waiterPhone]) await p.context().close();
  });

  it('revoking stops the key at once', async () => {
    const page = await signedIn(owner, PHONE);
    await page.goto(`${env.hub.url}#/pages/intake/index`);
    const revoke = page.locator('[data-testid^="intake-revoke-"]').first();
    await revoke.click();
    await page.getByTestId('intake-revoke-confirm').click();
    await page.locator('.intake-badge-revoked').waitFor();
    await shot(page, 'revoked-360-es');
    expect((await postOrder(key, 'WEB-3')).status).toBe(401);
    await page.context().close();
  });
});
