import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { dayKey } from '#hub/store/archive.ts';
import type { Bill } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage, signInWithKeypad } from './sign-in.ts';

/**
 * A lunch service on two devices at once (issue 9, Tests): a waiter on a
 * phone opens S1, orders, sends to the kitchen, moves the lomo saltado to S2
 * (share/split, M0095) and then moves S2 to S3 (change table); a cashier on
 * the till takes Visa, Yape with its operation number, dollars at the day's
 * rate and cash for S1, and settles. The totals the waiter's phone and the
 * till showed are the bill the hub archived, and S1 turns "To be cleared" on
 * the waiter's map without a reload. Every step is photographed in English
 * at 360 px (phone) and 1280 px (till).
 */

const [, cashierStaff, waiterStaff] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-full-service-', screenshots: true });

const orderOn = (tableId: string) => {
  const s = env.hub.engine.state;
  const id = s.tables[tableId]?.orderId;
  return id ? s.orders[id] : undefined;
};
const codesOn = (tableId: string) => orderOn(tableId)?.lines.map((l) => [l.code, l.qty]);

/** A browser context in English from its first frame (the language is kept in localStorage, as languages.system.test.ts shows). */
async function englishContext(options: typeof PHONE | typeof TILL): Promise<BrowserContext> {
  const context = await env.browser.newContext(options);
  await context.addInitScript(() => localStorage.setItem('language', 'en_US'));
  return context;
}

let step = 0;
/**
 * `full-service-NN-<what>-<360|1280>-en.png`, numbered in the order of the
 * service: the window as the person sees it (a full-page capture paints the
 * fixed bars over the middle of the page).
 */
async function shot(page: Page, what: string): Promise<void> {
  step += 1;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `full-service-${String(step).padStart(2, '0')}-${what}-${width}-en.png`) });
}

const text = async (page: Page, testId: string): Promise<string> => (await page.getByTestId(testId).textContent()) ?? '';

async function addPayment(page: Page, method: string, amount: string, operationNo?: string): Promise<void> {
  await page.getByTestId(`method-${method}`).click();
  await page.getByTestId('pay-amount').fill(amount);
  if (operationNo) await page.getByTestId('pay-operation').fill(operationNo);
  await page.getByTestId('pay-add').click();
}

const cents = (shown: string): number => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

describe('a lunch service on a phone and a till', () => {
  it('the waiter orders, splits and moves; the cashier takes four payments; both screens show the archived bill; S1 turns to be cleared live', async () => {
    let bill: Bill | undefined;
    const stop = env.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled') bill = e.bill;
    });

    // The waiter's phone: S1 for two, two ceviches, a causa, a lomo saltado and a chicha.
    const phone = await englishContext(PHONE);
    const waiter = await phone.newPage();
    await signInWithKeypad(waiter, env.hub.url, waiterStaff.code, waiterStaff.pin);
    await waiter.getByTestId('table-S1').waitFor();
    await shot(waiter, 'map');
    await waiter.getByTestId('table-S1').click();
    await waiter.getByTestId('open-submit').waitFor();
    await shot(waiter, 'open-table');
    await waiter.getByTestId('open-submit').click();
    for (const code of ['101', '101', '102', '201', '401']) await waiter.getByTestId(`product-${code}`).click();
    await shot(waiter, 'menu');
    await waiter.getByTestId('pane-order').click();
    await shot(waiter, 'cart');
    await waiter.getByTestId('send').click();
    await expect.poll(() => waiter.locator('.toast').textContent()).toContain('Sent to the kitchen');
    await expect.poll(() => orderOn('t-s1')?.lines.map((l) => [l.code, l.qty, l.sentBatch])).toEqual([
      ['101', 2, 1],
      ['102', 1, 1],
      ['201', 1, 1],
      ['401', 1, 1],
    ]);
    await shot(waiter, 'sent');
    await waiter.getByRole('link', { name: 'Back to tables' }).click();

    // Share/split (M0095): the lomo saltado goes to the free S2, which opens with it.
    await waiter.getByTestId('table-ops').click();
    await shot(waiter, 'ops-menu');
    await waiter.getByTestId('op-split').click();
    await waiter.getByTestId('split-from').selectOption('t-s1');
    await waiter.getByTestId('split-line-201').getByTestId('split-plus').click();
    await waiter.getByTestId('split-to-S2').click();
    await shot(waiter, 'split');
    await waiter.getByTestId('split-submit').click();
    await expect.poll(() => codesOn('t-s2')).toEqual([['201', 1]]);
    expect(codesOn('t-s1')).toEqual([
      ['101', 2],
      ['102', 1],
      ['401', 1],
    ]);

    // Change table: S2's guests move to S3; S2 is free again.
    await waiter.getByTestId('table-ops').click();
    await waiter.getByTestId('op-change').click();
    await waiter.getByTestId('change-from').selectOption('t-s2');
    await waiter.getByTestId('change-to-S3').click();
    await shot(waiter, 'change-table');
    await waiter.getByTestId('change-submit').click();
    await expect.poll(() => codesOn('t-s3')).toEqual([['201', 1]]);
    expect(env.hub.engine.state.tables['t-s2']).toMatchObject({ status: 1, orderId: null });
    await waiter.getByTestId('total-S3').waitFor();
    await expect.poll(() => waiter.getByTestId('table-S2').getAttribute('data-status')).toBe('1');
    await shot(waiter, 'map-after-moves');

    // What the waiter's phone says S1 owes: on the map card and on the order page.
    const waiterSaw = { card: await text(waiter, 'total-S1'), order: '' };
    await waiter.getByTestId('table-S1').click();
    // A phone shows the menu first; the order is one tap away.
    await waiter.getByTestId('pane-order').click();
    await waiter.getByTestId('order-total').waitFor();
    waiterSaw.order = await text(waiter, 'order-total');
    await shot(waiter, 'order-before-pay');
    await waiter.getByRole('link', { name: 'Back to tables' }).click();
    await waiter.getByTestId('table-S1').waitFor();

    // The till: the cashier walks to S1's bill as staff do (map, table, Settle).
    const till = await englishContext(TILL);
    const cashier = await till.newPage();
    await signInOnPage(cashier, env.hub.url, cashierStaff.code, cashierStaff.pin);
    await cashier.getByTestId('table-S1').waitFor();
    await expect.poll(() => cashier.getByTestId('total-S3').count()).toBe(1);
    await shot(cashier, 'till-map');
    await cashier.getByTestId('table-S1').click();
    await cashier.getByTestId('settle').click();
    await cashier.getByTestId('bill-total').waitFor();
    const tillSaw = { total: await text(cashier, 'bill-total'), subtotal: await text(cashier, 'bill-subtotal'), due: await text(cashier, 'bill-due') };
    await shot(cashier, 'payment');

    // One payment screen (issue 18 item 11); the rate box shows once dollars are chosen.
    await cashier.getByTestId('method-usd').click();
    await cashier.getByTestId('rate-input').fill('3.75');
    await cashier.getByTestId('rate-save').click();
    await expect.poll(() => env.hub.engine.state.exchangeRate?.rateMilli).toBe(3750);
    await addPayment(cashier, 'visa', '20');
    await addPayment(cashier, 'yape', '10', '40917733');
    await addPayment(cashier, 'usd', '5');
    await shot(cashier, 'three-payments');
    const left = cents(await text(cashier, 'pay-left'));
    await addPayment(cashier, 'cash', ((left + 1000) / 100).toFixed(2));
    await expect.poll(() => text(cashier, 'pay-change-now')).toBe('S/ 10.00');
    const paidSaw = { paid: await text(cashier, 'pay-paid'), change: await text(cashier, 'pay-change-now') };
    // At 1280×800 the sticky Settle bar covers the Paid and Change rows (Playwright counts them as in view): centre them.
    await cashier.getByTestId('pay-change-now').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(cashier, 'settlement');
    await cashier.getByTestId('settle').click();
    await cashier.getByTestId('settle-confirm').waitFor();
    await shot(cashier, 'settle-confirm');
    await cashier.getByTestId('settle-confirm').click();
    await cashier.getByTestId('pay-done').waitFor();
    await shot(cashier, 'settled');

    // The hub's bill (the settle result), then the same bill from the day archive.
    await expect.poll(() => bill?.tableId).toBe('t-s1');
    stop();
    const settled = bill!;
    await env.hub.engine.snapshot();
    const archived = (await env.hub.engine.archive.readDay(dayKey(settled.paidAt, -300))).map((a) => a.bill).find((b) => b.id === settled.id);
    expect(archived).toEqual(settled);

    expect(settled.lines.map((l) => [l.code, l.qty])).toEqual([
      ['101', 2],
      ['102', 1],
      ['401', 1],
    ]);
    expect(settled.totalCents).toBe(2 * 3200 + 1800 + 600);
    // Nothing was added at the till: subtotal, total and due are one number on both screens.
    expect(settled).toMatchObject({ subtotalCents: settled.totalCents, dueCents: settled.totalCents, tipCents: 0, orderDiscountCents: 0 });
    const total = formatSoles(settled.totalCents);
    expect(waiterSaw).toEqual({ card: total, order: total });
    expect(tillSaw).toEqual({ total, subtotal: formatSoles(settled.subtotalCents), due: formatSoles(settled.dueCents) });
    expect(paidSaw).toEqual({ paid: formatSoles(settled.receivedCents), change: formatSoles(settled.changeCents) });
    expect(await text(cashier, 'pay-change')).toBe(formatSoles(settled.changeCents));
    expect(settled.payMethod).toBe('mixed');
    expect(settled.payments.map((p) => [p.method, p.accountCode])).toEqual([
      ['visa', 201],
      ['yape', 106],
      ['usd', 1],
      ['cash', 1],
    ]);
    expect(settled.payments[1]?.operationNo).toBe('40917733');
    expect(settled.payments[2]).toMatchObject({ usdCents: 500, rateMilli: 3750, amountCents: 1875 });
    expect(settled.receivedCents - settled.changeCents).toBe(settled.dueCents);
    expect(settled.operator).toBe(cashierStaff.id);

    // Live on the waiter's map (no reload): S1 is to be cleared, S3 still dines with its lomo.
    expect(env.hub.engine.state.tables['t-s1']).toMatchObject({ status: 5, orderId: null });
    const s1 = waiter.getByTestId('table-S1');
    await expect.poll(() => s1.getAttribute('data-status')).toBe('5');
    expect(await s1.locator('.table-status').textContent()).toBe('To be cleared');
    expect(await waiter.getByTestId('total-S1').count()).toBe(0);
    expect(await text(waiter, 'total-S3')).toBe(formatSoles(3800));
    await shot(waiter, 'map-to-be-cleared');
    await cashier.goto(`${env.hub.url}#/pages/dining_table/index`);
    await expect.poll(() => cashier.getByTestId('table-S1').getAttribute('data-status')).toBe('5');
    await shot(cashier, 'till-map-to-be-cleared');

    await phone.close();
    await till.close();
  });
});
