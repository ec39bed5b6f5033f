import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * A refund accepted and paid out (issue 21), on the bill detail page's refund panel: on the
 * owner's phone (360 px, Spanish) a whole bill asked back with a one-tap reason and a phone,
 * accepted, paid in cash from the drawer (the drawer holds that much less, the bill is voided
 * by the same correction the bills page makes) and finished; on a till (1280 px, Chinese) some
 * dishes asked back, accepted and paid by transfer with its operation number. Screenshots of
 * each step a cashier looks at.
 */
const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-refunds-', screenshots: true });
/** The Lima calendar day (the archive's day file of a bill settled now). */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function settled(table: string): Promise<string> {
  const orderId = await servedOrder(env, table);
  await asHub(env, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: 50_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  return orderId;
}

const fits = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
const statusText = (page: Page) => page.getByTestId('refund-status').textContent();

describe('a refund accepted and paid out', () => {
  it('on a phone in Spanish: everything back in cash from the drawer', async () => {
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: 'sh-e2e-refunds', floatCents: 20_000 });
    const billId = await settled('t-s1');
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.goto(`${env.hub.url}?id=${billId}&day=${today()}#/pages/bill/indexone`);
    await page.getByTestId('refund-ask').click();
    await page.getByTestId('refund-reason-wrongOrder').click();
    await page.getByTestId('refund-phone').fill('987654321');
    await fits(page, 360);
    await page.getByTestId('refund-panel').screenshot({ path: path.join(SHOTS, 'refund-form-360-es.png') });
    await page.getByTestId('refund-send').click();
    await expect.poll(() => statusText(page)).toBe('Solicitada');
    const refund = Object.values(env.hub.engine.state.refunds).find((r) => r.billId === billId)!;
    expect(refund).toMatchObject({ status: 1, kind: 'full', reason: 'Pedido equivocado', contactPhone: '987654321' });

    await page.getByTestId('refund-accept').click();
    await expect.poll(() => statusText(page)).toBe('Aceptada');
    await fits(page, 360);
    await page.getByTestId('refund-panel').screenshot({ path: path.join(SHOTS, 'refund-accepted-360-es.png') });
    const before = expectedByMethod(env.hub.engine.state.openShift!).cash ?? 0;
    await page.getByTestId('refund-method-cash').click();
    await page.getByTestId('refund-pay').click();
    await expect.poll(() => statusText(page)).toBe('Pagada');
    expect(env.hub.engine.state.billCorrections[billId]).toMatchObject({ voided: true, corrections: [{ kind: 'void', method: 'cash', amountCents: refund.amountCents }] });
    expect(expectedByMethod(env.hub.engine.state.openShift!).cash).toBe(before - refund.amountCents);
    await fits(page, 360);
    await page.screenshot({ path: path.join(SHOTS, 'refund-paid-360-es.png'), fullPage: true });

    await page.getByTestId('refund-finish').click();
    await expect.poll(() => page.getByTestId('refund-live').count()).toBe(0);
    // The page folds its own move at once; the hub's record follows.
    await expect.poll(() => env.hub.engine.state.refunds[refund.id]).toBeUndefined();
    await context.close();
  }, 120_000);

  it('on a till in Chinese: some dishes back by transfer', async () => {
    const billId = await settled('t-s2');
    const till = await env.browser.newContext(TILL);
    await till.addInitScript(() => localStorage.setItem('language', 'zh_CN'));
    const page = await till.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.goto(`${env.hub.url}?id=${billId}&day=${today()}#/pages/bill/indexone`);
    await page.getByTestId('refund-ask').click();
    await page.getByTestId('refund-kind-lines').click();
    await page.getByTestId('refund-plus').first().click();
    await page.getByTestId('refund-reason-coldOrBad').click();
    await page.getByTestId('refund-send').click();
    await expect.poll(() => statusText(page)).toBe('已申请');
    await page.getByTestId('refund-accept').click();
    await expect.poll(() => statusText(page)).toBe('商家已接受');
    await page.getByTestId('refund-method-transfer').click();
    await page.getByTestId('refund-operation').fill('OP 004512');
    await page.screenshot({ path: path.join(SHOTS, 'refund-accepted-1280-zh.png'), fullPage: true });
    await page.getByTestId('refund-pay').click();
    await expect.poll(() => statusText(page)).toBe('已退款');
    expect(await page.getByTestId('refund-payout').textContent()).toContain('OP 004512');
    const c = env.hub.engine.state.billCorrections[billId];
    expect(c).toMatchObject({ voided: false, corrections: [{ kind: 'refund', method: 'transfer' }] });
    await page.screenshot({ path: path.join(SHOTS, 'refund-paid-1280-zh.png'), fullPage: true });
    await till.close();
  }, 120_000);
});
