import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { FlakyLink } from './flaky-link.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage, signInWithKeypad } from './sign-in.ts';

const [, cashierStaff, waiterStaff] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-' });

/** The cashier on the till signs in with number and PIN on the entry page; the waiter's phone uses the keypad. */
async function openPage(context: BrowserContext, who: 'cashier' | 'waiter', base = env.hub.url): Promise<Page> {
  const page = await context.newPage();
  if (who === 'cashier') await signInOnPage(page, base, cashierStaff.code, cashierStaff.pin);
  else await signInWithKeypad(page, base, waiterStaff.code, waiterStaff.pin);
  await page.getByTestId('table-S1').waitFor();
  return page;
}

async function hubState() {
  return env.hub.engine.state;
}

const statusOf = (page: Page, table: string) => page.getByTestId(`table-${table}`).getAttribute('data-status');

describe('table overview in the browser', () => {
  it('shows one device what another orders, at once', async () => {
    const phone = await env.browser.newContext(PHONE);
    const till = await env.browser.newContext(TILL);
    const waiter = await openPage(phone, 'waiter');
    const cashier = await openPage(till, 'cashier');

    await waiter.getByTestId('table-S1').click();
    await waiter.getByTestId('open-submit').click();
    await waiter.getByTestId('product-101').click();
    await waiter.getByTestId('product-401').click();
    await waiter.getByTestId('product-401').click();
    await waiter.getByTestId('send').click();

    await expect.poll(() => statusOf(cashier, 'S1'), { timeout: 5000 }).toBe('3');
    const order = Object.values((await hubState()).orders).find((o) => o.tableId === 't-s1');
    expect(order?.lines.map((l) => [l.code, l.qty])).toEqual([
      ['101', 1],
      ['401', 2],
    ]);
    await phone.close();
    await till.close();
  });

  it('keeps an order taken offline through a reload and delivers it exactly once', async () => {
    const link = new FlakyLink(env.hub.port);
    const phone = await env.browser.newContext(PHONE);
    const till = await env.browser.newContext(TILL);
    // The waiter signs in through the link that will fail, like a phone on the shop Wi-Fi.
    const waiter = await openPage(phone, 'waiter', await link.ready);
    await waiter.getByTestId('table-S2').click();
    await waiter.getByTestId('open-submit').click();
    await waiter.getByTestId('product-102').waitFor();
    await expect.poll(() => hubState().then((s) => s.tables['t-s2']?.status)).toBe(2);
    const cashier = await openPage(till, 'cashier');

    // The phone loses the Wi-Fi: the browser goes offline and the hub is out of reach.
    link.sever();
    await phone.setOffline(true);
    await waiter.getByTestId('offline-banner').waitFor();
    await waiter.getByTestId('product-102').click();
    await waiter.getByTestId('product-102').click();
    await waiter.getByTestId('send').click();
    // One gesture, one command: the dishes and "send to kitchen" travel together (order.addLines with send).
    await expect.poll(() => waiter.getByTestId('offline-banner').textContent()).toMatch(/\b1\b/);
    // Optimistic view: the waiter sees the dishes while they wait for the hub.
    await waiter.getByTestId('pane-order').click();
    await expect.poll(() => waiter.getByTestId('order-line').count()).toBe(1);

    // A reload while the hub is still out of reach: the outbox survives in the browser.
    await phone.setOffline(false);
    await waiter.reload();
    await expect.poll(() => waiter.getByTestId('offline-banner').textContent()).toMatch(/\b1\b/);
    expect((await hubState()).tables['t-s2']?.status).toBe(2);

    // Back in reach: everything is delivered, once.
    link.restore();
    await expect.poll(() => statusOf(cashier, 'S2'), { timeout: 15_000 }).toBe('3');
    await expect.poll(() => waiter.getByTestId('offline-banner').count()).toBe(0);
    const order = Object.values((await hubState()).orders).find((o) => o.tableId === 't-s2');
    expect(order?.lines.map((l) => [l.code, l.qty, l.sentBatch])).toEqual([['102', 2, 1]]);
    await phone.close();
    await till.close();
    await link.close();
  });
});
