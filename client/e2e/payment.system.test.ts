import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { formatSoles } from '#hub/domain/money.ts';
import type { Bill } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The payment screen on a till (issue 9; one screen since issue 18): a tip and an order discount in the
 * tabs, then Visa, Yape and cash plus a dollar payment at the day's rate; the
 * totals the cashier saw are the stored bill's. Screenshots at 360 and 1280 px
 * in Spanish and Chinese.
 */
const cashier = DEMO_STAFF[1]!;
const env = useBrowserHub({ tmpPrefix: 'pos-pay-', screenshots: true });

/** Signs the cashier in and waits for the table map (sign-in lands there), so the next address is not overtaken. */
async function signInTill(page: Page): Promise<void> {
  await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
  await page.getByTestId('table-S1').waitFor();
}

/** wouter keeps a hash route's query in the address's own search part: `/?orderId=…#/pages/…`. */
const payAddress = (orderId: string): string => `${env.hub.url}?orderId=${orderId}#/pages/dining_table/payment`;

const cents = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

async function addPayment(page: Page, method: string, amount: string, operationNo?: string): Promise<void> {
  await page.getByTestId(`method-${method}`).click();
  await page.getByTestId('pay-amount').fill(amount);
  if (operationNo) await page.getByTestId('pay-operation').fill(operationNo);
  await page.getByTestId('pay-add').click();
}

describe('payment on the till', () => {
  it('tip and discount, then Visa, Yape, dollars and cash: the totals shown are the stored bill', async () => {
    const orderId = await servedOrder(env, 't-s2');
    let bill: Bill | undefined;
    const stop = env.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled' && e.bill.id === orderId) bill = e.bill;
    });
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await signInTill(page);
    await page.goto(payAddress(orderId));

    // One payment screen (issue 18 item 11): the tabs stay closed until one is tapped.
    await page.getByTestId('tab-tip').click();
    await page.getByTestId('tip-amount').fill('5');
    await page.getByTestId('tip-apply').click();
    await expect.poll(() => page.getByTestId('bill-tip').textContent()).toBe('S/ 5.00');
    await page.getByTestId('tab-discount').click();
    // SPEC.md's negative form: "-10" is a 10 % discount (a cashier's own limit).
    await page.getByTestId('discount-value').fill('-10');
    await page.getByTestId('discount-apply').click();
    await page.getByTestId('bill-orderDiscount').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'payment-tabs-1280-es.png'), fullPage: true });

    // The exchange-rate box shows only once dollars are chosen.
    expect(await page.getByTestId('rate-input').count()).toBe(0);
    await page.getByTestId('method-usd').click();
    await page.getByTestId('rate-input').fill('3.75');
    await page.getByTestId('rate-save').click();
    await expect.poll(() => env.hub.engine.state.exchangeRate?.rateMilli).toBe(3750);

    await addPayment(page, 'visa', '20');
    await addPayment(page, 'yape', '10', '12345678');
    await addPayment(page, 'usd', '5');
    const left = cents(await page.getByTestId('pay-left').textContent());
    await addPayment(page, 'cash', ((left + 1000) / 100).toFixed(2));
    await expect.poll(() => page.getByTestId('pay-change-now').textContent()).toBe('S/ 10.00');
    await page.screenshot({ path: path.join(SHOTS, 'settlement-1280-es.png'), fullPage: true });

    const shown = {
      total: await page.getByTestId('bill-total').textContent(),
      due: await page.getByTestId('bill-due').textContent(),
      tip: await page.getByTestId('bill-tip').textContent(),
      discount: await page.getByTestId('bill-orderDiscount').textContent(),
      paid: await page.getByTestId('pay-paid').textContent(),
      change: await page.getByTestId('pay-change-now').textContent(),
    };
    await page.getByTestId('settle').click();
    await page.getByTestId('settle-confirm').click();
    await page.getByTestId('pay-done').waitFor();
    await expect.poll(() => bill !== undefined).toBe(true);
    stop();
    const b = bill!;
    expect(shown).toEqual({
      total: formatSoles(b.totalCents),
      due: formatSoles(b.dueCents),
      tip: formatSoles(b.tipCents),
      discount: formatSoles(-b.orderDiscountCents),
      paid: formatSoles(b.receivedCents),
      change: formatSoles(b.changeCents),
    });
    expect(await page.getByTestId('pay-change').textContent()).toBe(formatSoles(b.changeCents));
    expect(b.payments.map((p) => [p.method, p.accountCode])).toEqual([['visa', 201], ['yape', 106], ['usd', 1], ['cash', 1]]);
    expect(b.payments[2]).toMatchObject({ usdCents: 500, rateMilli: 3750, amountCents: 1875 });
    expect(b.payments[1]?.operationNo).toBe('12345678');
    expect(b.receivedCents - b.changeCents).toBe(b.dueCents);
    expect(b.operator).toBe(cashier.id);
    await page.screenshot({ path: path.join(SHOTS, 'payment-done-1280-es.png') });
    await context.close();
  });

  for (const lang of [{ code: 'es', stored: 'es_US' }, { code: 'zh', stored: 'zh_CN' }] as const) {
    it(`screens at 360 and 1280 px in ${lang.code}`, async () => {
      const orderId = await servedOrder(env, lang.code === 'es' ? 't-s3' : 't-s4');
      for (const [name, options] of [['360', PHONE], ['1280', TILL]] as const) {
        const context = await env.browser.newContext(options);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
        const page = await context.newPage();
        await signInTill(page);
        await page.goto(payAddress(orderId));
        await page.getByTestId('tab-gift').click();
        await page.screenshot({ path: path.join(SHOTS, `payment-${name}-${lang.code}.png`), fullPage: true });
        await page.getByTestId('tab-gift').click();
        await page.getByTestId('method-yape').click();
        await page.getByTestId('doc-boleta').click();
        await page.screenshot({ path: path.join(SHOTS, `settlement-${name}-${lang.code}.png`), fullPage: true });
        await context.close();
      }
    });
  }
});
