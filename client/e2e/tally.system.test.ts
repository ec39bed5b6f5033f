import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The daily bookkeeping on a cashier's phone (360 px, Spanish): a bill
 * settles in cash with change, the cashier books the market (cash) and an
 * other income, then a wrong gas entry that she removes, saying why. The
 * day's summary shows the drawer's cash as the hub computed it; the removed
 * entry stays in the list, struck through with the reason.
 */
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-tally-', screenshots: true });

describe('daily bookkeeping in the browser', () => {
  it('books income and expenses, removes one with a reason, and shows the cash the drawer should hold', async () => {
    await asHub(env, 'order.settle', { orderId: await servedOrder(env, 't-s1'), payments: [{ method: 'cash', amountCents: 20_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
    await page.goto(`${env.hub.url}#/pages/tally/index`);
    await expect.poll(() => page.getByTestId('tally-by-method').textContent()).toContain('Efectivo');

    // The market, paid from the drawer.
    await page.getByTestId('tally-cat-market').click();
    await page.getByTestId('tally-amount').fill('35.50');
    await page.getByTestId('tally-note').fill('Limones y pescado');
    await page.getByTestId('tally-save').click();
    await expect.poll(() => page.getByTestId('tally-entries').textContent()).toContain('Limones y pescado');

    // Other income needs a note: said on the page, nothing sent.
    await page.getByTestId('tally-kind-income').click();
    await page.getByTestId('tally-amount').fill('12');
    await page.getByTestId('tally-save').click();
    await expect.poll(() => page.locator('.field-error').textContent()).toContain('nota');
    await page.getByTestId('tally-note').fill('Venta de cartón');
    await page.getByTestId('tally-save').click();
    await expect.poll(() => Object.keys(env.hub.engine.state.tallyEntries).length).toBe(2);

    // A wrong gas entry, removed with its reason.
    await page.getByTestId('tally-kind-expense').click();
    await page.getByTestId('tally-cat-gas').click();
    await page.getByTestId('tally-amount').fill('900');
    await page.getByTestId('tally-save').click();
    await expect.poll(() => page.getByTestId('tally-entry').count()).toBe(3);
    await page.getByTestId('tally-entry').first().getByTestId('tally-remove').click();
    await page.getByTestId('tally-remove-confirm').click();
    await expect.poll(() => page.locator('.field-error').textContent()).toContain('motivo');
    await page.getByTestId('tally-remove-reason').fill('Era S/ 90');
    await page.getByTestId('tally-remove-confirm').click();
    await expect.poll(() => page.getByTestId('tally-entries').textContent()).toContain('Era S/ 90');

    const entries = Object.values(env.hub.engine.state.tallyEntries);
    expect(entries.find((e) => e.category === 'gas')).toMatchObject({ amountCents: 90_000, by: cashier.id, removed: { by: cashier.id, reason: 'Era S/ 90' } });
    const [bill] = await env.hub.engine.closedBillsBetween(new Date(Date.now() - 86_400_000).toISOString(), new Date(Date.now() + 60_000).toISOString());
    const expected = 20_000 - bill!.changeCents - 3550 + 1200;
    await expect.poll(() => page.getByTestId('tally-expected').textContent()).toBe(formatSoles(expected));

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'tally-360-es.png'), fullPage: true });
    await context.close();
  });
});
