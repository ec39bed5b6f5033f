import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { orderTotals } from '#hub/domain/money.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The shift handover on a cashier's phone (360 px, Spanish): open with a
 * float, two bills settle meanwhile (cash with change, and a card), cash
 * taken out for the market, then the close counted S/ 2.50 short in cash:
 * the difference shows red as it is typed, the summary keeps it, the hub
 * files the shift, and the next cashier opens the next shift.
 */
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-shift-', screenshots: true });

describe('shift handover in the browser', () => {
  it('opens, moves cash, closes with a counted difference and hands over', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
    await page.goto(`${env.hub.url}#/pages/shift/index`);
    await page.getByTestId('shift-float').fill('150');
    await page.getByTestId('shift-open').click();
    await expect.poll(() => env.hub.engine.state.openShift?.floatCents).toBe(15_000);

    // Two bills settle at the till while the shift is open: its figures move live.
    await asHub(env, 'order.settle', { orderId: await servedOrder(env, 't-s1'), payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const second = await servedOrder(env, 't-s2');
    const due = orderTotals(env.hub.engine.state.orders[second]!, 0).dueCents;
    await asHub(env, 'order.settle', { orderId: second, payments: [{ method: 'visa', amountCents: due, operationNo: '004512' }], document: { kind: 'note', docId: '', name: '' }, print: false });
    await expect.poll(() => page.getByTestId('shift-by-method').textContent()).toContain('Visa');

    await page.getByTestId('shift-cash-out').click();
    await page.getByTestId('shift-move-amount').fill('20');
    await page.getByRole('button', { name: 'Compras del mercado' }).click();
    await page.getByTestId('shift-move-save').click();
    await expect.poll(() => page.getByTestId('shift-moves').textContent()).toContain('Compras del mercado');
    await expect.poll(() => env.hub.engine.state.openShift?.moves.length).toBe(1);

    const expected = expectedByMethod(env.hub.engine.state.openShift!);
    const soles = (cents: number) => (cents / 100).toFixed(2);
    await expect.poll(() => page.getByTestId('shift-expected-cash').textContent()).toBe(`S/ ${soles(expected.cash!).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);

    await page.getByTestId('shift-close').click();
    await page.getByTestId('shift-count-cash').fill(soles(expected.cash! - 250));
    await page.getByTestId('shift-count-visa').fill(soles(expected.visa!));
    const cashDiff = page.getByTestId('shift-diff-cash');
    await expect.poll(() => cashDiff.textContent()).toBe('-S/ 2.50Falta');
    expect(await cashDiff.getAttribute('class')).toBe('shift-short');
    expect(await page.getByTestId('shift-diff-visa').getAttribute('class')).toBe('shift-even');
    // Red on short: the colour a person sees, not only the class.
    expect(await cashDiff.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(155, 28, 28)');
    await page.getByTestId('shift-close-note').fill('Faltan S/ 2.50, revisar vuelto');
    await page.screenshot({ path: path.join(SHOTS, 'shift-close-360-es.png') });
    await page.getByTestId('shift-close-confirm').click();

    // The summary comes back from the hub's day file of closed shifts.
    await expect.poll(() => page.getByTestId('shift-summary-diff-cash').textContent(), { timeout: 10_000 }).toBe('-S/ 2.50Falta');
    expect(env.hub.engine.state.openShift).toBeNull();
    const filed = env.hub.engine.recentFiledShifts().at(-1)!.shift;
    expect(filed.counts).toEqual([
      { method: 'cash', expectedCents: expected.cash, countedCents: expected.cash! - 250, differenceCents: -250 },
      { method: 'visa', expectedCents: expected.visa, countedCents: expected.visa, differenceCents: 0 },
    ]);
    expect(filed).toMatchObject({ note: 'Faltan S/ 2.50, revisar vuelto', openedBy: cashier.id, closedBy: cashier.id, totals: { salesCount: 2 } });
    await page.screenshot({ path: path.join(SHOTS, 'shift-summary-360-es.png'), fullPage: true });

    // Hand over: the next shift opens from the summary.
    await page.getByTestId('shift-float').fill('100');
    await page.getByTestId('shift-open').click();
    await expect.poll(() => env.hub.engine.state.openShift?.floatCents).toBe(10_000);
    await expect.poll(() => page.getByTestId('shift-expected-cash').textContent()).toBe('S/ 100.00');
    await context.close();
  });
});
