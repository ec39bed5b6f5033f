import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { Bill } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Splitting a bill on the till (M0095): by three people, each share paid with
 * its own method, settled at once; the stored bill keeps the shares and which
 * share each payment paid. Typed amounts that do not add up keep the settle
 * buttons off. Screenshots (es, zh; 360 and 1280 px) go to the system's temp
 * folder, out of the repository.
 */
const cashier = DEMO_STAFF[1]!;
const env = useBrowserHub({ tmpPrefix: 'pos-split-' });
const SHOTS = path.join(os.tmpdir(), 'split-bill-shots');
mkdirSync(SHOTS, { recursive: true });

async function openSettlement(page: Page, orderId: string): Promise<void> {
  await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
  await page.getByTestId('table-S1').waitFor();
  await page.goto(`${env.hub.url}?orderId=${orderId}#/pages/dining_table/settlement`);
  await page.getByTestId('split-panel').waitFor();
}

describe('split the bill on the till', () => {
  it('by three people: cash, Yape and Visa, one share each; the bill keeps the shares', async () => {
    const orderId = await servedOrder(env, 't-s5', 3);
    let bill: Bill | undefined;
    const stop = env.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled' && e.bill.id === orderId) bill = e.bill;
    });
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await openSettlement(page, orderId);
    // A table of 3 splits in 3 (issue 18 item 12: it used to start at 2).
    await page.getByTestId('split-people').click();
    await expect.poll(() => page.getByTestId('split-count').textContent()).toBe('3');

    // Share 1 in cash with change, share 2 by Yape, share 3 by Visa: each proposes its own rest.
    await page.getByTestId('method-cash').click();
    await page.getByTestId('pay-amount').fill('50');
    await page.getByTestId('pay-add').click();
    await page.getByTestId('share-1').click();
    await page.getByTestId('method-yape').click();
    await page.getByTestId('pay-operation').fill('5566778');
    await page.getByTestId('pay-add').click();
    await page.getByTestId('share-2').click();
    await page.getByTestId('method-visa').click();
    await page.getByTestId('pay-add').click();
    await page.screenshot({ path: path.join(SHOTS, 'split-people-1280-es.png'), fullPage: true });

    await page.getByTestId('settle').click();
    await page.getByTestId('settle-confirm').click();
    await page.getByTestId('pay-done').waitFor();
    await expect.poll(() => bill !== undefined).toBe(true);
    stop();
    const b = bill!;
    const shares = b.shares ?? [];
    expect(shares.map((s) => s.amountCents).reduce((n, c) => n + c, 0)).toBe(b.dueCents);
    expect(Math.max(...shares.map((s) => s.amountCents)) - Math.min(...shares.map((s) => s.amountCents))).toBeLessThanOrEqual(1);
    expect(b.payments.map((p) => [p.share, p.method])).toEqual([[0, 'cash'], [1, 'yape'], [2, 'visa']]);
    expect(b.changeCents).toBe(5000 - shares[0]!.amountCents);
    expect(shares.map((s) => s.paidCents - s.changeCents)).toEqual(shares.map((s) => s.amountCents));
    await context.close();
  });

  for (const lang of [{ code: 'es', stored: 'es_US' }, { code: 'zh', stored: 'zh_CN' }] as const) {
    it(`typed amounts that do not add up keep settling off; screens at 360 and 1280 px in ${lang.code}`, async () => {
      const orderId = await servedOrder(env, lang.code === 'es' ? 't-s6' : 't-s7', 3);
      for (const [name, options] of [['360', PHONE], ['1280', TILL]] as const) {
        const context = await env.browser.newContext(options);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
        const page = await context.newPage();
        await openSettlement(page, orderId);
        await page.getByTestId('split-amount').click();
        await page.getByTestId('split-amount-0').fill('40');
        await page.getByTestId('split-amount-1').fill('10');
        await page.getByTestId('split-amount-2').fill('5');
        await page.getByTestId('split-rest').waitFor();
        await page.getByTestId('method-cash').click();
        await page.getByTestId('pay-add').click();
        await page.getByTestId('share-1').click();
        await page.getByTestId('pay-add').click();
        expect(await page.getByTestId('settle').isDisabled()).toBe(true);
        await page.screenshot({ path: path.join(SHOTS, `split-amount-${name}-${lang.code}.png`), fullPage: true });
        await context.close();
      }
      expect(env.hub.engine.state.orders[orderId]).toBeDefined();
    });
  }
});
