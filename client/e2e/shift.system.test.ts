import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The shift handover on a cashier's phone (360 px, Spanish): open with a
 * float (the page shows the shift at once, no red "no shift open": issue 18
 * item 16), two bills settle meanwhile (cash with change, and a card), cash
 * taken out for the market, then the close as a BLIND count (item 9: the
 * cashier sees no expected figure until the count is confirmed) counted
 * S/ 2.50 short in cash: the difference shows red, the summary keeps it, the
 * hub files the shift, and the next cashier opens the next shift. A manager
 * sees the expected cash and the report on the page.
 */
const owner = DEMO_STAFF[0]!;
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-shift-', screenshots: true });

describe('shift handover in the browser', () => {
  it('opens, moves cash, closes with a counted difference and hands over', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    // The demo restaurant opens with its shift open: hand it over empty, so this cashier starts between shifts.
    await asHub(env, 'shift.close', { counted: { cash: 0 }, note: '' });
    await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
    await page.goto(`${env.hub.url}#/pages/shift/index`);
    await page.getByTestId('shift-float').fill('150');
    await page.getByTestId('shift-open').click();
    // At once the open shift, never the red "no shift open" the report's early read used to show.
    await expect.poll(() => page.getByTestId('shift-blind-hint').isVisible()).toBe(true);
    await expect.poll(() => env.hub.engine.state.openShift?.floatCents).toBe(15_000);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await page.getByText('No hay ningún turno abierto').count()).toBe(0);

    // Two bills settle at the till while the shift is open: its figures move live.
    await asHub(env, 'order.settle', { orderId: await servedOrder(env, 't-s1'), payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const second = await servedOrder(env, 't-s2');
    const due = orderTotals(env.hub.engine.state.orders[second]!, 0).dueCents;
    await asHub(env, 'order.settle', { orderId: second, payments: [{ method: 'visa', amountCents: due, operationNo: '004512' }], document: { kind: 'note', docId: '', name: '' }, print: false });
    await expect.poll(() => env.hub.engine.state.openShift?.totals.salesCount).toBe(2);
    // A cashier's count is blind: the page shows neither what each method took nor the cash expected.
    expect(await page.getByTestId('shift-by-method').count()).toBe(0);
    expect(await page.getByTestId('shift-expected-cash').count()).toBe(0);

    await page.getByTestId('shift-cash-out').click();
    await page.getByTestId('shift-move-amount').fill('20');
    await page.getByRole('button', { name: 'Compras del mercado' }).click();
    await page.getByTestId('shift-move-save').click();
    await expect.poll(() => page.getByTestId('shift-moves').textContent()).toContain('Compras del mercado');
    await expect.poll(() => env.hub.engine.state.openShift?.moves.length).toBe(1);

    const expected = expectedByMethod(env.hub.engine.state.openShift!);
    const soles = (cents: number) => (cents / 100).toFixed(2);
    const money = (cents: number) => `S/ ${soles(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

    // The blind count: the fields, nothing expected beside them.
    await page.getByTestId('shift-close').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('shift-count-cash').fill(soles(expected.cash! - 250));
    await page.getByTestId('shift-count-visa').fill(soles(expected.visa!));
    expect(await dialog.textContent()).not.toContain(money(expected.cash!));
    expect(await dialog.textContent()).not.toContain('Esperado');
    await page.screenshot({ path: path.join(SHOTS, 'shift-blind-count-360-es.png') });
    await page.getByTestId('shift-count-confirm').click();
    // Only now: what the shift expected, and the differences.
    await expect.poll(() => page.getByTestId('shift-expected-cash').textContent()).toBe(money(expected.cash!));
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

    // The closed shift's report and its tabs (SPEC.md sections 2 and 3), from the hub's archive.
    const total = filed.totals.salesCents;
    await expect.poll(() => page.getByTestId('shift-report-summary').textContent(), { timeout: 10_000 }).toContain(formatSoles(total));
    await expect.poll(() => page.getByTestId('shift-table-transactions').locator('tbody tr').count()).toBe(2);
    for (const tab of ['products', 'categories', 'tables', 'hours', 'units'] as const) {
      await page.getByTestId(`shift-tab-${tab}`).click();
      expect(await page.getByTestId(`shift-table-${tab}`).locator('tbody tr').count(), tab).toBeGreaterThan(0);
    }
    await page.getByTestId('shift-tab-tables').click();
    expect(await page.getByTestId('shift-table-tables').textContent()).toContain(formatSoles(total - (filed.totals.receivedByMethod.visa ?? 0)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Print the Z report again: one more shift report job on the receipt printer (the virtual one).
    const zJobs = () => [...env.hub.engine.jobs.values()].filter((j) => j.kind === 'print' && j.payload.purpose === 'shiftReport').length;
    const before = zJobs();
    expect(before).toBeGreaterThan(0);
    await page.getByTestId('shift-report-print').click();
    await expect.poll(zJobs).toBe(before + 1);

    // Hand over: the next shift opens from the summary.
    await page.getByTestId('shift-float').fill('100');
    await page.getByTestId('shift-open').click();
    await expect.poll(() => env.hub.engine.state.openShift?.floatCents).toBe(10_000);
    await expect.poll(() => page.getByTestId('shift-blind-hint').isVisible()).toBe(true);
    await context.close();

    // A manager (the owner) sees what the open shift expects on the page, at the till's width too.
    const till = await env.browser.newContext(TILL);
    const tp = await till.newPage();
    await signInOnPage(tp, env.hub.url, owner.code, owner.pin);
    await tp.goto(`${env.hub.url}#/pages/shift/index`);
    await expect.poll(() => tp.getByTestId('shift-expected-cash').textContent()).toBe('S/ 100.00');
    await tp.screenshot({ path: path.join(SHOTS, 'shift-open-1280x800-es.png') });
    await till.close();

    // The open shift's report so far, photographed on a phone in each language with a bill in it.
    await asHub(env, 'order.settle', { orderId: await servedOrder(env, 't-s3'), payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    for (const lang of ['es', 'en', 'zh'] as const) {
      const ctx = await env.browser.newContext(PHONE);
      const p = await ctx.newPage();
      await p.addInitScript((stored) => localStorage.setItem('language', stored), { es: 'es_US', en: 'en_US', zh: 'zh_CN' }[lang]);
      await signInOnPage(p, env.hub.url, owner.code, owner.pin);
      await p.goto(`${env.hub.url}#/pages/shift/index`);
      await expect.poll(() => p.getByTestId('shift-table-transactions').locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
      await p.getByTestId('shift-report-summary').scrollIntoViewIfNeeded();
      await p.screenshot({ path: path.join(SHOTS, `shift-report-360x740-${lang}.png`) });
      await p.getByTestId('shift-tab-products').click();
      await p.getByTestId('shift-report-tabs').scrollIntoViewIfNeeded();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await p.screenshot({ path: path.join(SHOTS, `shift-report-tabs-360x740-${lang}.png`) });
      // The close's blind count in this language: fields only, nothing expected beside them.
      await p.getByTestId('shift-close').click();
      await p.getByTestId('shift-count-cash').waitFor();
      expect(await p.getByRole('dialog').textContent()).not.toContain('S/ ');
      await p.screenshot({ path: path.join(SHOTS, `shift-blind-count-360x740-${lang}.png`) });
      await ctx.close();
    }
  }, 90_000);
});
