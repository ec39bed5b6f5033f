import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { ALIASES, ROLE_PRESETS } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub, withFreshHub } from './harness.ts';
import { signInOnPage, signInWithKeypad, tapDigits } from './sign-in.ts';

const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

const contexts: BrowserContext[] = [];

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-signin-' });

// Registered after the harness, so it runs before the browser closes.
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function newPage(options: typeof PHONE | typeof TILL): Promise<Page> {
  const context = await env.browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}

const navKeys = (page: Page) => page.locator('.sidenav a[data-testid^="nav-"]').evaluateAll((links) => links.map((a) => a.getAttribute('data-testid')));

describe('signing in and what a role sees', () => {
  let waiterPage: Page;

  it('a waiter signs in on a phone with number and PIN keypad and sees only their entries', async () => {
    waiterPage = await newPage(PHONE);
    await signInWithKeypad(waiterPage, env.hub.url, waiter.code, waiter.pin);
    await waiterPage.getByTestId('table-S1').waitFor();
    expect(await waiterPage.getByTestId('session-name').textContent()).toBe(waiter.name);
    // The left window holds only what the waiter role may use: tables and take-away.
    expect(await navKeys(waiterPage)).toEqual(['nav-tables', 'nav-takeaway']);
    // SPEC.md's menu data in localStorage follows the role (the hub never trusts it).
    const menuData = await waiterPage.evaluate(() => JSON.parse(localStorage.getItem('menuData') ?? '[]') as { menuAlias: string; show: boolean }[]);
    expect(menuData).toHaveLength(ALIASES.length);
    expect(menuData.filter((m) => m.show).map((m) => m.menuAlias).sort()).toEqual([...ROLE_PRESETS.waiter].sort());
    // A page the role may not open says so, with the way back.
    await waiterPage.goto(`${env.hub.url}#/pages/staff/index`);
    await waiterPage.getByTestId('no-access').waitFor();
    await waiterPage.goto(`${env.hub.url}#/pages/goods/index`);
    await waiterPage.getByTestId('no-access').waitFor();
    // At a table the waiter orders and sends, but taking payment is not theirs.
    await waiterPage.goto(`${env.hub.url}#/pages/dining_table/index`);
    await waiterPage.getByTestId('table-S1').click();
    await waiterPage.getByTestId('open-submit').click();
    await waiterPage.getByTestId('product-101').click();
    await waiterPage.getByTestId('send').click();
    await expect.poll(() => env.hub.engine.state.tables['t-s1']?.status).toBe(3);
    expect(await waiterPage.getByTestId('settle').count()).toBe(0);
    const order = Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s1');
    expect(order?.openedBy).toBe(waiter.id);
  });

  it("the owner disables the waiter and the waiter's page returns to sign-in", async () => {
    const till = await newPage(TILL);
    await signInOnPage(till, env.hub.url, owner.code, owner.pin);
    await till.goto(`${env.hub.url}#/pages/staff/index`);
    await till.getByTestId(`staff-row-${waiter.code}`).click();
    await till.getByTestId('staff-disable').click();
    const started = Date.now();
    await till.getByTestId('staff-disable-confirm').click();
    // Back on the keypad the waiter used, told why.
    await waiterPage.getByTestId('number-login-page').waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await waiterPage.getByRole('alert').first().textContent()).toContain('desactivado');
    expect(await waiterPage.getByTestId('session-box').count()).toBe(0);
    // Signing in again is refused while disabled.
    await tapDigits(waiterPage, waiter.code);
    await waiterPage.getByTestId('numpad-ok').click();
    await tapDigits(waiterPage, waiter.pin);
    await waiterPage.getByTestId('numpad-ok').click();
    await expect.poll(() => waiterPage.getByTestId('login-error').textContent()).toContain('desactivado');
    // The owner enables them again for the tests below.
    await till.getByTestId(`staff-row-${waiter.code}`).click();
    await till.getByTestId('staff-disable').click();
    await expect.poll(() => env.hub.engine.state.staff[waiter.id]?.disabled).toBe(false);
  });

  it('a shared till switches user by PIN alone, for people who signed in there before', async () => {
    const till = await newPage(TILL);
    await signInOnPage(till, env.hub.url, cashier.code, cashier.pin);
    await till.getByTestId('sign-out').click();
    await signInOnPage(till, env.hub.url, owner.code, owner.pin);
    await till.getByTestId('switch-user').click();
    await till.getByTestId('pin-login-page').waitFor();
    await tapDigits(till, cashier.pin);
    await till.getByTestId('numpad-ok').click();
    await expect.poll(() => till.getByTestId('session-name').textContent()).toBe(cashier.name);
    // The waiter never signed in on this till: their PIN alone does not open it.
    await till.getByTestId('switch-user').click();
    await tapDigits(till, waiter.pin);
    await till.getByTestId('numpad-ok').click();
    await expect.poll(() => till.getByTestId('login-error').textContent()).not.toBe('');
    expect(await till.getByTestId('session-box').count()).toBe(0);
  });

  it('locks after the idle time and returns to the PIN screen; the hub ends the session', async () => {
    const page = await newPage(PHONE);
    await page.clock.install();
    await signInWithKeypad(page, env.hub.url, cashier.code, cashier.pin);
    await page.getByTestId('table-S2').waitFor();
    await page.clock.fastForward('05:30');
    await page.getByTestId('pin-login-page').waitFor({ timeout: 5000 });
    await expect.poll(() => page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    await tapDigits(page, cashier.pin);
    await page.getByTestId('numpad-ok').click();
    await page.getByTestId('table-S2').waitFor();
  });
});

describe('a new hub', () => {
  it('any page leads to setup; the owner claims it with the code and is signed in', async () => {
    await withFreshHub('pos-e2e-setup-', async (fresh) => {
      const page = await newPage(PHONE);
      await page.goto(`${fresh.url}#/pages/dining_table/index`);
      await page.getByTestId('setup-page').waitFor();
      const fill = async (field: string, value: string) => page.getByTestId(`setup-${field}`).fill(value);
      await fill('claimCode', fresh.claimCode!.code);
      await fill('restaurantName', 'Pollería El Sol');
      await fill('ruc', '20601030013');
      await fill('ownerName', 'Juana Ríos');
      await fill('ownerCode', '10');
      await fill('pin', '7391');
      await fill('pinAgain', '7391');
      await page.getByTestId('setup-submit').click();
      await page.getByTestId('staff-page').waitFor();
      expect(await page.getByTestId('session-name').textContent()).toBe('Juana Ríos');
      expect(fresh.engine.state.restaurant.name).toBe('Pollería El Sol');
    });
  });
});
