import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL, testIdShown } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/** Issue 22: an owner issues a batch, finds a coupon, gifts it to a member (phone es, till zh). */
const [owner] = DEMO_STAFF as [(typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-coupons-', screenshots: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `coupons-${name}.png`) });

async function signedIn(options: typeof PHONE | typeof TILL, language: string): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, owner.code, owner.pin);
  return page;
}

describe('coupons, issue 22', () => {
  it('an owner issues a batch, finds a coupon, gifts it to a member', async () => {
    const memberId = randomUUID();
    await asHub(env, 'member.register', { memberId, phone: '987123456', lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: '87123456' });
    const page = await signedIn(PHONE, 'es_US');
    await page.goto(`${env.hub.url}#/pages/member/coupon_merchant`);
    await testIdShown(page, 'coupon-merchant-page');
    await page.getByTestId('batch-new').click();
    await page.getByTestId('batch-save').click();
    await expect.poll(() => page.getByTestId('batch-prefix-error').textContent()).toContain('obligatorio');
    await shot(page, 'form-phone-es');
    await page.getByTestId('batch-prefix').fill('verano');
    await page.getByTestId('batch-name').fill('Verano 2027');
    await page.getByTestId('batch-soles').fill('7,50');
    await page.getByTestId('batch-category-2').click();
    await page.getByTestId('batch-expiresOn').fill('2027-03-31');
    await page.getByTestId('batch-quantity').fill('5');
    await page.getByTestId('batch-save').click();
    await expect.poll(() => page.getByTestId('batch-counts-VERANO').textContent()).toContain('5 sin usar');
    await shot(page, 'batches-phone-es');
    const first = page.locator('[data-testid^="coupon-row-"]').first();
    const code = ((await first.getAttribute('data-testid')) ?? '').replace('coupon-row-', '');

    const till = await signedIn(TILL, 'zh_CN');
    await till.goto(`${env.hub.url}#/pages/member/coupon_merchant`);
    await testIdShown(till, 'coupon-merchant-page');
    await till.getByTestId('coupon-find').fill(code.toLowerCase());
    await till.getByTestId('coupon-find-go').click();
    await testIdShown(till, 'coupon-details-page');
    await expect.poll(() => till.getByTestId('coupon-status').textContent()).toBe('未使用');
    await till.getByTestId('coupon-gift').click();
    await till.getByTestId('gift-find').fill('987123456');
    await till.getByTestId('gift-find-go').click();
    await till.getByTestId('gift-to-000001').click();
    await expect.poll(() => till.getByTestId('coupon-recipient').textContent()).toContain('000001');
    await shot(till, 'details-till-zh');
  });
});
