import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import type { Bill, Job } from '#protocol';
import { PHONE, testIdShown, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * A first day's money (issue 18 items 5 and 6), in Chromium:
 * - a cashier with no shift open settles from the payment screen: "Abrir
 *   turno" asks the float right there, the shift opens and the settle goes
 *   on; the sale is in that shift, and its Z report counts it (cash net of
 *   the change: a guest paying S/ 100);
 * - a reservation's deposit is taken by Yape with its operation number and
 *   a printed receipt, lands in the shift and the book; on arrival it is
 *   more than the bill, and the cashier hands the excess back in cash.
 */
const cashier = DEMO_STAFF.find((s) => s.roleId === 'cashier')!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-money-', screenshots: true });
const payAddress = (orderId: string): string => `${env.hub.url}?orderId=${orderId}#/pages/dining_table/payment`;
const printJobs = (purpose: string): Job[] => [...env.hub.engine.jobs.values()].filter((j) => j.kind === 'print' && j.payload.purpose === purpose);

async function signIn(page: Page): Promise<void> {
  await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
  await page.getByTestId('table-S1').waitFor();
}

async function setLanguage(page: Page, lang: 'es' | 'zh'): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('language', stored), lang === 'es' ? 'es_US' : 'zh_CN');
}

describe('money is taken inside a shift, deposits are money', () => {
  it('no shift open: the cashier opens one from the payment screen, and the Z report counts the sale', async () => {
    // The demo opens with its shift: hand it over, so the till starts between shifts (the first day's morning).
    await asHub(env, 'shift.close', { counted: { cash: 0 }, note: '' });
    const orderId = await servedOrder(env, 't-s1');
    let bill: Bill | undefined;
    const stop = env.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled' && e.bill.id === orderId) bill = e.bill;
    });

    for (const lang of ['zh', 'es'] as const) {
      const context = await env.browser.newContext(TILL);
      const page = await context.newPage();
      await setLanguage(page, lang);
      await signIn(page);
      await page.goto(payAddress(orderId));
      await page.getByTestId('method-cash').click();
      await page.getByTestId('pay-amount').fill('100');
      await page.getByTestId('pay-add').click();
      // Grey, and why: no shift; the way to open one is beside it.
      await page.getByTestId('open-shift-here').waitFor();
      expect(await page.getByTestId('settle').isDisabled()).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `pay-no-shift-1280x800-${lang}.png`) });
      if (lang === 'zh') {
        await context.close();
        continue;
      }
      await page.getByTestId('open-shift-here').click();
      await page.getByTestId('open-shift-float').fill('50');
      await page.screenshot({ path: path.join(SHOTS, `pay-open-shift-dialog-1280x800-${lang}.png`) });
      await page.getByTestId('open-shift-confirm').click();
      // One flow: the settle's confirmation follows at once.
      await page.getByTestId('settle-confirm').click();
      await page.getByTestId('pay-done').waitFor();
      await context.close();
    }
    await expect.poll(() => bill !== undefined).toBe(true);
    stop();

    const shift = env.hub.engine.state.openShift!;
    expect(shift).toMatchObject({ floatCents: 5_000, openedBy: cashier.id, totals: { salesCount: 1, salesCents: bill!.totalCents, receivedByMethod: { cash: 10_000 } } });
    const expected = expectedByMethod(shift);
    expect(expected.cash).toBe(5_000 + bill!.totalCents);

    // The close's Z report counts the sale; cash by method is what the drawer kept (S/ 100 less the change).
    const before = printJobs('shiftReport').length;
    await asHub(env, 'shift.close', { counted: { cash: expected.cash! }, note: '' });
    await expect.poll(() => printJobs('shiftReport').length).toBeGreaterThan(before);
    const job = printJobs('shiftReport').at(-1)!;
    const rows = job.kind === 'print' ? job.payload.document.blocks.flatMap((b) => (b.kind === 'columns' ? [[b.left, b.right]] : [])) : [];
    // The paper as the close queued it (from the running totals; the print runner adds the breakdowns as it prints).
    expect(rows).toEqual(expect.arrayContaining([['Ventas', formatSoles(bill!.totalCents)], ['Vuelto entregado', formatSoles(10_000 - bill!.totalCents)]]));
    expect(rows.find(([left]) => left!.startsWith('Efectivo ('))?.[1]).toBe(formatSoles(bill!.totalCents));
  }, 120_000);

  it('a deposit by Yape with its receipt lands in the shift and the book; more than the bill, the excess goes back in cash', async () => {
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
    const reservationId = randomUUID();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await asHub(env, 'reservation.create', { reservationId, tableId: 't-s3', people: 2, at, customerName: 'Ana Torres', phone: '987654321', depositCents: 5_000, remarks: '', reason: 'family' });
    const receipts = printJobs('receipt').length;

    for (const lang of ['zh', 'es'] as const) {
      const context = await env.browser.newContext(PHONE);
      const page = await context.newPage();
      await setLanguage(page, lang);
      await signIn(page);
      await page.goto(`${env.hub.url}#/pages/dining_table/book`);
      // The reservation reaches this phone's replica through the hub (a loaded CI once took over 30 s):
      // wait as long as a page may take, and say what the page showed instead if it never comes.
      await testIdShown(page, 'book-payDeposit');
      await page.getByTestId('book-payDeposit').click();
      await page.getByTestId('deposit-method-yape').click();
      await page.getByTestId('deposit-operation').fill('00412345');
      await page.screenshot({ path: path.join(SHOTS, `deposit-dialog-360x740-${lang}.png`) });
      if (lang === 'zh') {
        expect(await page.getByTestId('deposit-confirm').textContent()).toContain('S/ 50.00');
        await context.close();
        continue;
      }
      expect(await page.getByTestId('deposit-confirm').textContent()).toBe('Cobrar S/ 50.00');
      await page.getByTestId('deposit-confirm').click();
      await expect.poll(() => env.hub.engine.state.upcomingReservations[reservationId]?.deposit?.method).toBe('yape');
      await context.close();
    }
    const shift = env.hub.engine.state.openShift!;
    expect(shift.totals.depositsByMethod).toEqual({ yape: 5_000 });
    expect(Object.values(env.hub.engine.state.tallyEntries).filter((e) => e.category === 'deposit').map((e) => [e.method, e.amountCents])).toEqual([['yape', 5_000]]);
    // Its receipt: a print job on the receipt printer, naming the amount and the operation.
    await expect.poll(() => printJobs('receipt').length).toBe(receipts + 1);
    expect(JSON.stringify(printJobs('receipt').at(-1)!.payload)).toContain('00412345');

    // The guests come and drink one Inca Kola (S/ 5): the deposit is S/ 45 more than the bill.
    const orderId = randomUUID();
    await asHub(env, 'reservation.arrive', { reservationId, orderId });
    await asHub(env, 'order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-403', qty: 1, remark: '' }], send: true });
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(payAddress(orderId));
    await page.getByTestId('deposit-excess').waitFor();
    expect(await page.getByTestId('settle').isDisabled()).toBe(true);
    await page.getByTestId('deposit-excess-return').click();
    await page.screenshot({ path: path.join(SHOTS, 'deposit-excess-1280x800-es.png') });
    await page.getByTestId('settle').click();
    await page.getByTestId('settle-confirm').click();
    await page.getByTestId('pay-done').waitFor();
    await context.close();

    const after = env.hub.engine.state.openShift!;
    expect(after.totals.depositReturnsByMethod).toEqual({ cash: 4_500 });
    // Shift and book agree: the drawer gave S/ 45 back; Yape holds the S/ 50.
    expect(expectedByMethod(after)).toMatchObject({ cash: after.floatCents - 4_500, yape: 5_000 });
  }, 120_000);
});
