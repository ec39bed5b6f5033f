import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The bills page on the owner's phone (360 px, Spanish): three bills
 * settled, one found by its number, opened, a portion refunded with a
 * reason through the void/refund dialog; the record filter then lists it
 * among the normal bills with what went back, and not among the voided. The
 * same list on a till in English. Screenshots of both.
 */
const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-bills-', screenshots: true });

describe('the bills page in the browser', () => {
  it('finds a bill by number, refunds a portion, and the record filter shows it', async () => {
    for (const table of ['t-s1', 't-s2', 't-s3']) {
      await asHub(env, 'order.settle', { orderId: await servedOrder(env, table), payments: [{ method: 'cash', amountCents: 50_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    }
    const bills = await env.hub.engine.closedBillsBetween(new Date(Date.now() - 86_400_000).toISOString(), new Date(Date.now() + 60_000).toISOString());
    expect(bills).toHaveLength(3);
    const target = bills[1]!;

    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.goto(`${env.hub.url}#/pages/bill/index`);
    await expect.poll(() => page.getByTestId('bills-row').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'bills-360-es.png'), fullPage: true });

    // Found by its number.
    await page.getByTestId('bills-no').fill(String(target.billNo));
    await page.getByTestId('bills-search').click();
    await expect.poll(() => page.getByTestId('bills-row').count()).toBe(1);
    await page.getByTestId('bills-row').click();
    await expect.poll(() => page.getByTestId('bill-total').textContent()).toContain('S/');

    // One portion of the first line back, in cash, with a reason.
    await page.getByTestId('bill-correct').click();
    await page.getByTestId('correction-refund').click();
    await page.getByTestId('correction-plus').first().click();
    await page.getByTestId('correction-reason').fill('Plato frío');
    await page.getByTestId('correction-confirm').click();
    await expect.poll(() => page.getByTestId('bill-corrections').textContent()).toContain('Plato frío');
    const done = env.hub.engine.state.billCorrections[target.id];
    expect(done).toMatchObject({ voided: false, corrections: [{ kind: 'refund', reason: 'Plato frío', by: owner.id }] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'bill-detail-360-es.png'), fullPage: true });

    // Normal bills: it is there, with what went back; voided ones: not.
    await page.getByTestId('bill-back').click();
    // On a phone the method, document and record filters are folded under "more filters".
    await page.getByTestId('bills-extra').locator('summary').click();
    await page.getByTestId('bills-record').selectOption('normal');
    await page.getByTestId('bills-search').click();
    await expect.poll(() => page.getByTestId('bills-row').count()).toBe(3);
    expect(await page.locator(`[data-bill="${target.billNo}"]`).textContent()).toContain('Devuelto');
    await page.getByTestId('bills-record').selectOption('deleted');
    await page.getByTestId('bills-search').click();
    await expect.poll(() => page.getByTestId('bills-none').count()).toBe(1);
    await context.close();

    // The till, in English: the grid with its header.
    const till = await env.browser.newContext(TILL);
    await till.addInitScript(() => localStorage.setItem('language', 'en_US'));
    const wide = await till.newPage();
    await signInOnPage(wide, env.hub.url, owner.code, owner.pin);
    await wide.goto(`${env.hub.url}#/pages/bill/index`);
    await expect.poll(() => wide.getByTestId('bills-row').count()).toBe(3);
    expect(await wide.getByTestId('bills-page').textContent()).toContain('Refunded');
    await wide.screenshot({ path: path.join(SHOTS, 'bills-1280-en.png'), fullPage: true });
    await till.close();
  }, 120_000);
});
