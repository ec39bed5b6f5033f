import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { subtotalCents } from '#hub/domain/money.ts';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage, signInWithKeypad } from './sign-in.ts';

const [, cashierStaff, waiterStaff] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-ops-' });
/** Screenshots for a person to look at, kept out of the repository. */
const SHOTS = process.env.TABLE_OPS_SHOTS ?? '';

const tablesUrl = () => `${env.hub.url}#/pages/dining_table/index`;
const orderOn = (tableId: string) => {
  const s = env.hub.engine.state;
  const id = s.tables[tableId]?.orderId;
  return id ? s.orders[id] : undefined;
};
const money = () => Object.values(env.hub.engine.state.orders).reduce((n, o) => n + subtotalCents(o), 0);

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Opens a table on the map and sends `dishes` to the kitchen, then comes back to the map. */
async function serve(page: Page, table: string, dishes: string[]) {
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('open-submit').click();
  for (const d of dishes) await page.getByTestId(`product-${d}`).click();
  await page.getByTestId('send').click();
  // The map is loaded as a new page: the send must have reached the hub first (a page left within
  // milliseconds of a tap can lose the tap's write to the device's storage, as in any browser).
  await expect.poll(() => orderOn(`t-${table.toLowerCase()}`)?.lines.reduce((n, l) => n + (l.sentBatch === null ? 0 : l.qty), 0)).toBe(dishes.length);
  await page.goto(tablesUrl());
  await page.getByTestId(`table-${table}`).waitFor();
}

describe('table operations on a phone', () => {
  it('changes table, is told an occupied table is not free (and offered the merge), then splits a portion off', async () => {
    const phone = await env.browser.newContext(PHONE);
    const waiter = await phone.newPage();
    await signInWithKeypad(waiter, env.hub.url, waiterStaff.code, waiterStaff.pin);
    await waiter.getByTestId('table-S1').waitFor();
    await serve(waiter, 'S1', ['101', '101', '401']);
    await serve(waiter, 'S2', ['201']);
    await expect.poll(() => orderOn('t-s2')?.lines.length).toBe(1);
    const before = money();
    await shot(waiter, 'map-360-es');

    // The waiter's role has no copy (M0094): its entry is hidden.
    await waiter.getByTestId('table-ops').click();
    await shot(waiter, 'ops-menu-360-es');
    expect(await waiter.getByTestId('op-copy').count()).toBe(0);
    await waiter.getByTestId('op-change').click();
    await waiter.getByTestId('change-from').selectOption('t-s1');
    await waiter.getByTestId('change-to-S2').click();
    await waiter.getByTestId('change-not-free').waitFor();
    await shot(waiter, 'change-not-free-360-es');
    expect(await waiter.getByTestId('change-submit').isDisabled()).toBe(true);
    await waiter.getByTestId('change-merge').waitFor();
    await waiter.getByTestId('change-to-S5').click();
    await waiter.getByTestId('change-submit').click();
    await expect.poll(() => orderOn('t-s5')?.lines.length).toBe(2);
    expect(env.hub.engine.state.tables['t-s1']?.status).toBe(1);

    // Share/split: one of the two ceviches goes to the free S6, which opens.
    await waiter.getByTestId('table-ops').click();
    await waiter.getByTestId('op-split').click();
    await waiter.getByTestId('split-from').selectOption('t-s5');
    await waiter.getByTestId('split-line-101').getByTestId('split-plus').click();
    await waiter.getByTestId('split-to-S6').click();
    await shot(waiter, 'split-360-es');
    await waiter.getByTestId('split-submit').click();
    await expect.poll(() => orderOn('t-s6')?.lines.map((l) => [l.code, l.qty])).toEqual([['101', 1]]);
    expect(orderOn('t-s5')?.lines.map((l) => [l.code, l.qty])).toEqual([
      ['101', 1],
      ['401', 1],
    ]);
    expect(money()).toBe(before);
    await waiter.getByTestId('total-S6').waitFor();
    await shot(waiter, 'map-after-360-es');
    await phone.close();
  });

  it('the cashier on the till sees the map with every operation and the drawer, in Chinese too', async () => {
    const till = await env.browser.newContext(TILL);
    const cashier = await till.newPage();
    await signInOnPage(cashier, env.hub.url, cashierStaff.code, cashierStaff.pin);
    await cashier.getByTestId('table-S1').waitFor();
    await shot(cashier, 'map-1280-es');
    await cashier.getByTestId('table-ops').click();
    await cashier.getByTestId('op-copy').waitFor();
    await shot(cashier, 'ops-menu-1280-es');
    await cashier.getByTestId('op-queue').click();
    await cashier.getByTestId('queue-take').click();
    await cashier.getByTestId('queue-1').waitFor();
    await cashier.getByTestId('queue-call-next').click();
    await shot(cashier, 'queue-1280-es');
    await cashier.getByTestId('queue-seat-1').click();
    await cashier.getByTestId('queue-table-S7').click();
    await expect.poll(() => orderOn('t-s7')?.people).toBe(2);
    await cashier.getByTestId('queue-done').click();
    const reasons: string[] = [];
    const stop = env.hub.engine.onChange((c) => c.events.forEach((e) => e.type === 'drawer.opened' && reasons.push(e.reason)));
    await cashier.getByTestId('drawer-open').click();
    // It asks why (the log keeps who and why); the confirm waits for a reason.
    await cashier.getByTestId('drawer-confirm').click();
    await cashier.getByRole('alert').filter({ hasText: /motivo/i }).waitFor();
    await cashier.getByTestId('drawer-reason-change').click();
    await shot(cashier, 'drawer-1280-es');
    await cashier.getByTestId('drawer-confirm').click();
    await expect.poll(() => reasons).toEqual(['Sencillo / cambio']);
    stop();
    // Recorded; the demo's only printer (the virtual one) has no drawer, and the toast says where to set one up.
    await cashier.getByText('Apertura registrada', { exact: false }).waitFor();
    await cashier.getByTestId('language').selectOption('zh');
    await expect.poll(() => cashier.getByTestId('table-ops').textContent()).toBe('桌台操作');
    await shot(cashier, 'map-1280-zh');
    await till.close();
  });
});
