import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { formatSoles } from '#hub/domain/money.ts';
import type { Bill } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The till of issue 18 (items 7, 11, 13, 14, 18, 21): the owner picks the
 * default document and "clear on settle"; one table's service counted in
 * taps and keys (open, order, send, Yape and cash, boleta by default, one
 * payment screen, quick cash) ends on a success screen naming the boleta and
 * its number, with the table free again; a seated hung-up order explains why
 * it cannot be paid yet and sends itself in one tap; why "Cobrar" is grey is
 * in sight at 1280x800 and the boleta hint agrees with the rule. Screenshots
 * at 360x740 and 1280x800 in Spanish and Chinese, as the person sees them.
 */
const [owner, cashier] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-till-', screenshots: true });

async function tillPage(who: { code: string; pin: string }, options: typeof PHONE | typeof TILL = TILL, language = 'es_US'): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, who.code, who.pin);
  await page.getByTestId('table-S1').waitFor();
  return page;
}

const payAddress = (orderId: string): string => `${env.hub.url}?orderId=${orderId}#/pages/dining_table/payment`;
const settingsNow = () => env.hub.engine.state.settings;

/** Counts what a person does: each tap, and each key typed. */
function counter(page: Page) {
  const count = { taps: 0, keys: 0 };
  return {
    count,
    tap: async (testId: string) => {
      count.taps += 1;
      await page.getByTestId(testId).click();
    },
    type: async (testId: string, text: string) => {
      count.keys += text.length;
      await page.getByTestId(testId).fill(text);
    },
  };
}

describe('the till, issue 18', () => {
  it('the owner sets the default document and clear-on-settle where the restaurant is set up', async () => {
    const page = await tillPage(owner);
    await page.goto(`${env.hub.url}#/pages/fiscal/index`);
    // Before e-invoicing is set up the automatic choice proposes the sale note...
    await expect.poll(() => page.getByTestId('default-doc-now').textContent()).toContain('Nota de venta');
    await asHub(env, 'fiscal.saveSettings', SAMPLE_FISCAL);
    // ...and the boleta once it is.
    await expect.poll(() => page.getByTestId('default-doc-now').textContent()).toContain('Boleta');
    await page.getByTestId('default-document').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'till-default-document-1280-es.png') });
    await page.getByTestId('default-doc-note').check();
    await expect.poll(() => settingsNow().defaultDocument).toBe('note');
    await page.getByTestId('default-doc-auto').check();
    await expect.poll(() => settingsNow().defaultDocument).toBe('auto');

    await page.goto(`${env.hub.url}#/pages/staff/index`);
    await page.getByTestId('clear-on-settle').check();
    await expect.poll(() => settingsNow().clearOnSettle).toBe(true);
    // The other restaurant settings are untouched by either save.
    expect(settingsNow()).toMatchObject({ idleLockMinutes: 5, defaultDocument: 'auto' });
    await page.getByTestId('clear-on-settle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'till-clear-on-settle-1280-es.png') });
    await page.context().close();
  });

  it("one table's service in taps and keys: boleta by default, Yape and quick cash, the boleta named on success, the table free again", async () => {
    expect(settingsNow()).toMatchObject({ clearOnSettle: true });
    let bill: Bill | undefined;
    const stop = env.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled') bill = e.bill;
    });
    const page = await tillPage(cashier);
    const { count, tap, type } = counter(page);

    await tap('table-S5');
    await tap('open-submit');
    for (const code of ['101', '101', '403']) await tap(`product-${code}`);
    await tap('send');
    await tap('settle');
    // One payment screen: the boleta is already chosen (e-invoicing is set up), the DNI field in sight.
    expect(await page.getByTestId('doc-boleta').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('doc-id').isVisible()).toBe(true);
    expect(await inView(page, 'doc-id')).toBe(true);
    expect(await page.getByTestId('rate-input').count()).toBe(0);
    await tap('method-yape');
    await type('pay-amount', '30');
    await type('pay-operation', '40917733');
    await tap('pay-add');
    // Back to cash after a payment; S/ 69 - 30 = S/ 39 left: exact, S/ 40, S/ 50, S/ 100.
    await page.getByTestId('cash-50').waitFor();
    expect(await page.getByTestId('quick-cash').innerText()).toMatch(/Exacto S\/ 39\.00\s+S\/ 40\.00\s+S\/ 50\.00/);
    await page.screenshot({ path: path.join(SHOTS, 'till-service-pay-1280-es.png') });
    await tap('cash-50');
    await expect.poll(() => page.getByTestId('settle-why').textContent()).toBe('Vuelto S/ 11.00');
    await tap('settle');
    await tap('settle-confirm');
    await page.getByTestId('pay-done').waitFor();
    await expect.poll(() => bill?.tableName).toBe('S5');
    stop();
    const b = bill!;
    expect(b.document.kind).toBe('boleta');
    expect(b.fiscal).toMatchObject({ type: '03', series: SAMPLE_FISCAL.series.boleta });
    expect(await page.getByTestId('pay-document').textContent()).toBe(`Boleta ${b.fiscal!.series}-${b.fiscal!.number}`);
    expect(await page.getByTestId('pay-change').textContent()).toBe(formatSoles(b.changeCents));
    expect(b.changeCents).toBe(1100);
    expect(b.payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['yape', 3000],
      ['cash', 5000],
    ]);
    await page.screenshot({ path: path.join(SHOTS, 'till-service-done-1280-es.png') });
    await tap('pay-done-ok');
    // Clear on settle: S5 is free on the map with no further tap.
    expect(env.hub.engine.state.tables['t-s5']).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    await expect.poll(() => page.getByTestId('table-S5').getAttribute('data-status')).toBe(String(TABLE_STATUS.free));
    // Before issue 18 the same service took 18 taps and 12 keys (see the payment README); printed for the issue.
    console.log(`one table's service: ${count.taps} taps, ${count.keys} keys`);
    expect(count).toEqual({ taps: 13, keys: 10 });
    await page.context().close();
  });

  it('a seated hung-up order: Cobrar says the dishes are not sent and sends them in one tap', async () => {
    const parkedId = randomUUID();
    const orderId = randomUUID();
    await asHub(env, 'pending.hangUp', { parkedId, label: 'Ana', people: 2, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] });
    await asHub(env, 'pending.resume', { parkedId, tableId: 't-s6', orderId });
    const page = await tillPage(cashier);
    await page.getByTestId('table-S6').click();
    // The dinner page's Cobrar is not grey for unsent dishes: the payment screen says why.
    await page.getByTestId('settle').click();
    await expect.poll(() => page.getByTestId('settle-why').textContent()).toContain('2 platos aún no se enviaron a cocina');
    expect(await page.getByTestId('settle').isDisabled()).toBe(true);
    expect(await inView(page, 'settle-send')).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'till-unsent-1280-es.png') });
    await page.getByTestId('settle-send').click();
    await expect.poll(() => env.hub.engine.state.orders[orderId]?.lines.every((l) => l.sentBatch !== null)).toBe(true);
    await page.getByTestId('cash-exact').click();
    await expect.poll(() => page.getByTestId('settle').isDisabled()).toBe(false);
    await page.context().close();
  });

  it('why Cobrar is grey is beside it at 1280x800; the boleta hint says what the rule does', async () => {
    const orderId = await servedOrder(env, 't-s7');
    const page = await tillPage(cashier);
    await page.goto(payAddress(orderId));
    await page.getByTestId('cash-exact').click();
    await page.getByTestId('doc-id').fill('45678912');
    // A DNI under S/ 700 needs its name: the hint says so, and the reason is next to the button, in sight.
    expect(await page.getByTestId('doc-rule').textContent()).toContain('si escribe su documento, escriba también su nombre');
    await expect.poll(() => page.getByTestId('settle-refusal').textContent()).toBe('Ingrese el nombre del cliente o la razón social');
    expect(await inView(page, 'settle-refusal')).toBe(true);
    expect(await page.getByTestId('settle').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'till-why-1280-es.png') });
    await page.getByTestId('doc-name').fill('Ana Quispe');
    await expect.poll(() => page.getByTestId('settle').isDisabled()).toBe(false);
    await page.context().close();
  });

  for (const lang of [{ code: 'es', stored: 'es_US' }, { code: 'zh', stored: 'zh_CN' }] as const) {
    it(`the payment screen and its success at 360x740 and 1280x800 in ${lang.code}`, async () => {
      for (const [name, options] of [['360', PHONE], ['1280', TILL]] as const) {
        const orderId = await servedOrder(env, name === '360' ? 't-t1' : 't-t2');
        const page = await tillPage(cashier, options, lang.stored);
        await page.goto(payAddress(orderId));
        await page.getByTestId('quick-cash').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `till-pay-${name}-${lang.code}.png`) });
        await page.getByTestId('cash-100').click();
        await page.getByTestId('settle').click();
        await page.getByTestId('settle-confirm').click();
        await page.getByTestId('pay-done').waitFor();
        expect(await page.getByTestId('pay-document').textContent()).toMatch(/^Boleta B\d{3}-\d+$/);
        await page.screenshot({ path: path.join(SHOTS, `till-done-${name}-${lang.code}.png`) });
        await page.context().close();
        await asHub(env, 'table.clear', { tableId: name === '360' ? 't-t1' : 't-t2' }).catch(() => undefined);
      }
    });
  }
});

/** Whether the element is inside the window and not under the sticky payment bar (unless it is in that bar). */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const bar = document.querySelector('.pay-actions')?.getBoundingClientRect();
    const underBar = bar && !el.closest('.pay-actions') && r.bottom > bar.top;
    return r.top >= 0 && r.bottom <= window.innerHeight && !underBar;
  });
}
