import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { orderTotals } from '#hub/domain/money.ts';
import type { Bill, FiscalDocument } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * A split bill on the till with a document per part (issue 18 items 12 and
 * 17): a table of 3 split in 3 (the table's people), each diner a factura
 * with their own RUC, settled at once: the hub numbers three facturas whose
 * e-invoice jobs carry each part's amount and buyer. Then the "Visa
 * 54.50 then cash 60" on S/ 109 by 2: the cash goes to part 2 (the first part
 * still owing), its change is 5.50 and Cobrar works. Screenshots (es, zh; 360
 * and 1280 px) go to the system's temp folder, out of the repository.
 */
const cashier = DEMO_STAFF[1]!;
const env = useBrowserHub({ tmpPrefix: 'pos-split-docs-' });
const SHOTS = path.join(os.tmpdir(), 'split-bill-shots');
mkdirSync(SHOTS, { recursive: true });

const DINERS = [
  { ruc: '20100070970', name: 'Supermercados Peruanos S.A.' },
  { ruc: '20131312955', name: 'Superintendencia Nacional de Aduanas' },
  { ruc: '20100047218', name: 'Banco de Crédito del Perú' },
];

async function openPayment(page: Page, orderId: string): Promise<void> {
  await signInOnPage(page, env.hub.url, cashier.code, cashier.pin);
  await page.getByTestId('table-S1').waitFor();
  await page.goto(`${env.hub.url}?orderId=${orderId}#/pages/dining_table/payment`);
  await page.getByTestId('split-panel').waitFor();
}

/** The settled bill of `orderId`, caught as the hub records it. */
function catchBill(orderId: string): { bill: () => Bill | undefined; stop: () => void } {
  let bill: Bill | undefined;
  const stop = env.hub.engine.onChange((c) => {
    for (const e of c.events) if (e.type === 'order.settled' && e.bill.id === orderId) bill = e.bill;
  });
  return { bill: () => bill, stop };
}

/** The e-invoice documents the hub queued for a bill. */
function sentDocuments(billId: string): FiscalDocument[] {
  return [...env.hub.engine.jobs.values()].flatMap((j) => (j.kind === 'einvoice.send' && j.payload.billId === billId && j.payload.document ? [j.payload.document] : []));
}

describe('a split bill with a document per part', () => {
  it('a table of 3 split in 3: three facturas, each with its own RUC and amount', async () => {
    await asHub(env, 'fiscal.saveSettings', SAMPLE_FISCAL);
    const orderId = await servedOrder(env, 't-t1', 3);
    const caught = catchBill(orderId);
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await openPayment(page, orderId);
    await page.getByTestId('split-people').click();
    await expect.poll(() => page.getByTestId('split-count').textContent()).toBe('3');

    for (const [i, diner] of DINERS.entries()) {
      await page.getByTestId(`share-${i}`).click();
      await expect.poll(() => page.getByTestId(`share-${i}`).getAttribute('aria-checked')).toBe('true');
      await page.getByTestId('doc-factura').click();
      await page.getByTestId('doc-id').fill(diner.ruc);
      await page.getByTestId('doc-name').fill(diner.name);
      await expect.poll(() => page.getByTestId(`share-doc-${i}`).textContent()).toContain(diner.ruc);
      // Each diner pays their own part: the amount left blank is what the part still owes.
      await page.getByTestId('method-visa').click();
      await page.getByTestId('pay-add').click();
      await expect.poll(() => page.getByTestId(`share-state-${i}`).textContent()).toMatch(/pagada/);
    }
    await page.screenshot({ path: path.join(SHOTS, 'split-facturas-1280-es.png'), fullPage: true });
    await page.getByTestId('settle').click();
    await page.getByTestId('settle-confirm').click();
    await page.getByTestId('pay-done').waitFor();
    await expect.poll(() => caught.bill() !== undefined).toBe(true);
    caught.stop();
    const bill = caught.bill()!;
    expect(bill.shares!.map((sh) => [sh.document?.docId, sh.fiscal?.series])).toEqual(DINERS.map((d) => [d.ruc, 'F001']));
    await expect.poll(() => sentDocuments(bill.id).length).toBe(3);
    const docs = sentDocuments(bill.id).sort((a, b) => a.number - b.number);
    expect(docs.map((d) => d.customer.idNumber)).toEqual(DINERS.map((d) => d.ruc));
    // Each factura is its part's amount to the céntimo; together, the whole bill.
    expect(docs.map((d) => Math.round(Number(d.totals.payable) * 100))).toEqual(bill.shares!.map((sh) => sh.amountCents));
    expect(docs.reduce((n, d) => n + Math.round(Number(d.totals.payable) * 100), 0)).toBe(bill.totalCents);
    // The bill's page lists each part's factura with its number and buyer.
    await page.goto(`${env.hub.url}?id=${bill.id}&day=${limaDateTime(bill.paidAt).date}#/pages/bill/indexone`);
    const parts = page.getByTestId('bill-part-documents');
    await expect.poll(() => parts.textContent()).toContain('F001-3');
    const text = (await parts.textContent()) ?? '';
    for (const [i, diner] of DINERS.entries()) {
      expect(text).toContain(`Factura F001-${i + 1}`);
      expect(text).toContain(diner.ruc);
    }
    await page.screenshot({ path: path.join(SHOTS, 'split-bill-detail-1280-es.png'), fullPage: true });
    await context.close();
  });

  it("the issue's S/ 109 by 2: Visa 54.50 then cash 60 pay part 1 then part 2, change 5.50, Cobrar works", async () => {
    const orderId = await servedOrder(env, 't-t2', 2);
    const order = env.hub.engine.state.orders[orderId]!;
    await asHub(env, 'order.setTip', { orderId, tipCents: 10900 - orderTotals(order, 0).totalCents });
    await expect.poll(() => env.hub.engine.state.orders[orderId]?.tipCents ?? 0).toBeGreaterThan(0);
    const caught = catchBill(orderId);
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await openPayment(page, orderId);
    await page.getByTestId('split-people').click();
    await expect.poll(() => page.getByTestId('split-count').textContent()).toBe('2');
    await page.getByTestId('method-visa').click();
    await page.getByTestId('pay-amount').fill('54.50');
    await page.getByTestId('pay-add').click();
    await page.getByTestId('method-cash').click();
    await page.getByTestId('pay-amount').fill('60');
    await page.getByTestId('pay-add').click();
    await expect.poll(() => page.getByTestId('share-state-1').textContent()).toBe('pagada · vuelto S/ 5.50');
    await expect.poll(() => page.getByTestId('pay-change-now').textContent()).toBe('S/ 5.50');
    expect(await page.getByTestId('pay-paid').textContent()).toBe('S/ 114.50');
    expect(await page.getByTestId('settle').isDisabled()).toBe(false);
    await page.getByTestId('settle').click();
    await page.getByTestId('settle-confirm').click();
    await page.getByTestId('pay-done').waitFor();
    await expect.poll(() => caught.bill() !== undefined).toBe(true);
    caught.stop();
    const bill = caught.bill()!;
    expect(bill.payments.map((p) => [p.method, p.amountCents, p.share])).toEqual([['visa', 5450, 0], ['cash', 6000, 1]]);
    expect(bill.shares!.map((sh) => [sh.amountCents, sh.changeCents])).toEqual([[5450, 0], [5450, 550]]);
    expect(bill.changeCents).toBe(550);
    await context.close();
  });

  for (const lang of [{ code: 'es', stored: 'es_US', table: 't-t3' }, { code: 'zh', stored: 'zh_CN', table: 't-t4' }] as const) {
    it(`parts with their documents on screen at 360 and 1280 px in ${lang.code}`, async () => {
      const orderId = await servedOrder(env, lang.table, 3);
      for (const [name, options] of [['360', PHONE], ['1280', TILL]] as const) {
        const context = await env.browser.newContext(options);
        await context.addInitScript((stored) => localStorage.setItem('language', stored), lang.stored);
        const page = await context.newPage();
        await openPayment(page, orderId);
        await page.getByTestId('split-people').click();
        await page.getByTestId('method-cash').click();
        await page.getByTestId('pay-amount').fill('50');
        await page.getByTestId('pay-add').click();
        // The parts above the document form (a phone's split panel is far below it) pick the part too.
        await page.getByTestId('part-pick-2').click();
        await expect.poll(() => page.getByTestId('share-2').getAttribute('aria-checked')).toBe('true');
        await page.getByTestId('doc-factura').click();
        await page.getByTestId('doc-id').fill(DINERS[0]!.ruc);
        await page.getByTestId('split-paying').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `split-docs-${name}-${lang.code}.png`), fullPage: true });
        await context.close();
      }
    });
  }
});
