import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { Command } from '#protocol';
import { PHONE } from './browser.ts';
import { FlakyLink } from './flaky-link.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInWithKeypad } from './sign-in.ts';

const waiterStaff = DEMO_STAFF[2]!;
const env = useBrowserHub({ tmpPrefix: 'pos-send-', screenshots: true });

/** The owner marks a dish sold out on the till (straight into the hub, as the till's command would). */
async function soldOutOnTill(productId: string): Promise<void> {
  const command = { id: randomUUID(), type: 'product.setSoldOut', payload: { productId, soldOut: true }, deviceId: 'till-1', at: new Date().toISOString() } as Command;
  const reply = await env.hub.engine.submit(command, { staffId: null, deviceId: 'till-1' });
  expect(reply.ok).toBe(true);
}

const orderOf = (tableId: string) => Object.values(env.hub.engine.state.orders).find((o) => o.tableId === tableId);

/** The waiter's phone, signed in, at a newly opened table, with one of each dish in the cart. */
async function cartReady(context: BrowserContext, table: string, codes: readonly string[], base = env.hub.url): Promise<Page> {
  const page = await context.newPage();
  await signInWithKeypad(page, base, waiterStaff.code, waiterStaff.pin);
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('open-submit').click();
  for (const code of codes) await page.getByTestId(`product-${code}`).click();
  await page.getByTestId('pane-order').click();
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(codes.length);
  return page;
}

/** What the page's IndexedDB holds (replica seq and tables with an order, outbox command types): said when a reload stalls. */
function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const read = (db: string) =>
      new Promise<unknown[]>((resolve) => {
        const req = indexedDB.open(db, 1);
        req.onerror = () => resolve([`cannot open ${db}`]);
        req.onsuccess = () => {
          const all = req.result.transaction('kv', 'readonly').objectStore('kv').getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
          all.onerror = () => resolve([`cannot read ${db}`]);
        };
      });
    const [replica] = (await read('pos-replica')) as { seq?: number; view?: string; packed?: { tables?: Record<string, { orderId?: string | null }> } }[];
    const queued = (await read('pos-outbox')) as { command?: { type?: string } }[];
    const open = Object.entries(replica?.packed?.tables ?? {}).filter(([, t]) => t?.orderId).map(([id]) => id);
    return JSON.stringify({ seq: replica?.seq, view: replica?.view, tablesWithOrder: open, outbox: queued.map((q) => q.command?.type) });
  });
}

describe('send to kitchen: one gesture, one command, the cart kept until the hub takes it', () => {
  it('a dish sold out on the till between adding and sending: the cart stays, the toast names the dish', async () => {
    const phone = await env.browser.newContext(PHONE);
    const waiter = await cartReady(phone, 'S3', ['201', '102']);

    await soldOutOnTill('p-201');
    await waiter.getByTestId('send').click();

    await expect.poll(() => waiter.getByRole('alert').textContent()).toContain('Lomo saltado');
    await expect.poll(() => waiter.getByTestId('cart-line').count()).toBe(2);
    expect(orderOf('t-s3')?.lines).toEqual([]);
    await waiter.screenshot({ path: path.join(SHOTS, 'dinner-sold-out-refused-phone.png') });

    // The waiter takes the lomo out and sends the rest: accepted, sent as batch 1, the cart empties.
    await waiter.getByTestId('cart-line').filter({ hasText: 'Lomo saltado' }).getByRole('button', { name: '-' }).click();
    await waiter.getByTestId('send').click();
    await expect.poll(() => waiter.getByTestId('cart-line').count()).toBe(0);
    await expect.poll(() => orderOf('t-s3')?.lines.map((l) => [l.code, l.qty, l.sentBatch])).toEqual([['102', 1, 1]]);
    await expect.poll(() => waiter.getByTestId('order-line').count()).toBe(1);
    await waiter.screenshot({ path: path.join(SHOTS, 'dinner-sent-phone.png') });
    await phone.close();
  });

  it('offline, the send waits queued and shows as ordered, also after a reload; a refusal on reconnecting gives the cart back', async () => {
    const link = new FlakyLink(env.hub.port);
    const phone = await env.browser.newContext(PHONE);
    const waiter = await cartReady(phone, 'S4', ['101', '102'], await link.ready);
    await expect.poll(() => env.hub.engine.state.tables['t-s4']?.status).toBe(2);

    link.sever();
    await phone.setOffline(true);
    await waiter.getByTestId('offline-banner').waitFor();
    await waiter.getByTestId('send').click();
    // What a waiter sees offline: the dishes among the ordered ones, marked pending; nothing left to edit in the cart.
    await expect.poll(() => waiter.getByTestId('order-line').count()).toBe(2);
    await expect.poll(() => waiter.getByTestId('cart-line').count()).toBe(0);
    await waiter.screenshot({ path: path.join(SHOTS, 'dinner-queued-offline-phone.png') });

    // The device keeps its copy of the floor within moments of a change (sync/replica.ts); a reload
    // comes after that, as a person's would (the copy must hold the open table).
    await expect.poll(() => keptOnDevice(waiter), { timeout: 10_000 }).toMatch(/"tablesWithOrder":\[[^\]]*"t-s4"/);
    // A reload while the hub is still out of reach: the dishes show once (ordered, pending), never again in the cart.
    await phone.setOffline(false);
    await waiter.reload();
    await waiter
      .getByTestId('pane-order')
      .click({ timeout: 20_000 })
      .catch(async (e: unknown) => {
        // What the waiter saw instead (an intermittent stall seen only in the full suite).
        await waiter.screenshot({ path: path.join(SHOTS, 'dinner-reload-stalled-phone.png') });
        throw new Error(`after the reload: ${waiter.url()} shows "${(await waiter.locator('body').innerText()).slice(0, 300)}"; kept: ${await keptOnDevice(waiter)}`, { cause: e });
      });
    await expect.poll(() => waiter.getByTestId('order-line').count()).toBe(2);
    await expect.poll(() => waiter.getByTestId('cart-line').count()).toBe(0);

    await soldOutOnTill('p-102');
    link.restore();

    // The reload forgot the send's promise, so the toast is the code's own text; the cart marks the dish at fault.
    await expect.poll(() => waiter.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/agotado/i);
    await expect.poll(() => waiter.getByTestId('cart-line').count()).toBe(2);
    expect(await waiter.getByTestId('cart-line').filter({ hasText: 'Causa limeña' }).textContent()).toContain('Agotado');
    expect(await waiter.getByTestId('cart-line').filter({ hasText: 'Ceviche clásico' }).textContent()).not.toContain('Agotado');
    await waiter.screenshot({ path: path.join(SHOTS, 'dinner-refused-after-reload-phone.png') });
    await expect.poll(() => waiter.getByTestId('order-line').count()).toBe(0);
    expect(orderOf('t-s4')?.lines).toEqual([]);
    await phone.close();
    await link.close();
  });
});
