import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * On-account bills on a cashier's phone (360 px, Spanish): a bill is settled
 * at the till with S/ 20 on account for Rosa; later the cashier opens the
 * account page, finds Rosa owing S/ 20, collects it with a S/ 50 note (the
 * dialog shows S/ 30 change) and the debt moves to the history.
 */
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-account-', screenshots: true });

describe('on-account bills in the browser', () => {
  it('collects a bill left on account with cash, change shown, and files it in the history', async () => {
    const orderId = await servedOrder(env, 't-s1');
    await asHub(env, 'order.settle', {
      orderId,
      payments: [
        { method: 'onAccount', amountCents: 2_000, person: 'Rosa Quispe', contact: '987654321' },
        { method: 'cash', amountCents: 20_000 },
      ],
      document: { kind: 'note', docId: '', name: '' },
      print: false,
    });
    expect(env.hub.engine.state.accounts[orderId]).toMatchObject({ owedCents: 2_000 });

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
    await page.goto(`${env.hub.url}#/pages/bill/account`);
    await expect.poll(() => page.getByTestId('account-person').first().textContent()).toContain('Rosa Quispe');
    await expect.poll(() => page.getByTestId('account-person').first().textContent()).toContain('S/ 20.00');
    await page.screenshot({ path: path.join(SHOTS, 'account-360-es.png'), fullPage: true });

    await page.getByTestId('account-settle').first().click();
    await page.getByTestId('account-amount').fill('50');
    await expect.poll(() => page.getByTestId('account-change').textContent()).toBe('S/ 30.00');
    await page.screenshot({ path: path.join(SHOTS, 'account-settle-360-es.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByTestId('account-settle-confirm').click();

    await expect.poll(() => Object.keys(env.hub.engine.state.accounts).length).toBe(0);
    await expect.poll(() => page.getByTestId('account-person').count()).toBe(0);
    await page.getByTestId('account-tab-history').click();
    await expect.poll(() => page.getByTestId('account-closed').first().textContent()).toContain('Rosa Quispe');
    await page.screenshot({ path: path.join(SHOTS, 'account-history-360-es.png'), fullPage: true });
    await context.close();
  });
});
