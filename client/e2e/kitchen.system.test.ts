import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage, signInWithKeypad } from './sign-in.ts';

/**
 * Kitchen actions on a phone (issue 9): add with a priced cart and a toast,
 * send, hold and fire, gift with a reason, cancel with a reason; then
 * hanging an order up and seating it again from /pending.
 */

const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-kitchen-', screenshots: true });
const orderOf = (tableId: string) => Object.values(env.hub.engine.state.orders).find((o) => o.tableId === tableId);

describe('kitchen actions on a phone', () => {
  it('add, send, hold, fire, gift with a reason, cancel with a reason', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInWithKeypad(page, env.hub.url, owner.code, owner.pin);
    await page.getByTestId('table-S5').click();
    await page.getByTestId('open-submit').click();

    await page.getByTestId('product-201').click();
    // Feedback on the tap, naming the dish.
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Lomo saltado');
    await page.getByTestId('product-201').click();
    await page.getByTestId('product-102').click();
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-menu-phone.png') });
    await page.getByTestId('pane-order').click();
    // The cart is priced and counted in the subtotal (issue 9: it read S/ 0.00).
    await expect.poll(() => page.getByTestId('order-total').textContent()).not.toBe('S/ 0.00');
    await page.getByTestId('cart-note').first().click();
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-cart-phone.png') });

    await page.getByTestId('send').click();
    await expect.poll(() => orderOf('t-s5')?.lines.every((l) => l.sentBatch === 1)).toBe(true);
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Enviado a cocina');

    const lomo = page.getByTestId('order-line').filter({ hasText: 'Lomo saltado' });
    await lomo.click();
    await page.getByTestId('line-hold').click();
    await expect.poll(() => orderOf('t-s5')?.lines.find((l) => l.code === '201')?.held).toBe(true);
    await expect.poll(() => lomo.textContent()).toContain('Retenido');
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-held-phone.png') });

    await page.getByTestId('order-more').click();
    await page.getByTestId('order-prepare').click();
    await expect.poll(() => orderOf('t-s5')?.lines.find((l) => l.code === '201')?.held).toBe(false);

    // Gift: the reason is required.
    await lomo.click();
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-line-actions-phone.png') });
    await page.getByTestId('line-gift').click();
    await page.getByTestId('gift-confirm').click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('motivo');
    await page.getByRole('dialog').getByRole('button', { name: 'Obsequio cliente frecuente' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-gift-phone.png') });
    await page.getByTestId('gift-confirm').click();
    await expect.poll(() => orderOf('t-s5')?.lines.find((l) => l.code === '201')).toMatchObject({ giftedQty: 2, giftReason: 'Obsequio cliente frecuente' });

    // Cancel a sent dish with a typed reason.
    const causa = page.getByTestId('order-line').filter({ hasText: 'Causa' });
    await causa.click();
    await page.getByTestId('line-cancel').click();
    await page.getByTestId('cancel-confirm-reason').fill('Pidió otro plato');
    await page.getByTestId('cancel-confirm').click();
    await expect.poll(() => orderOf('t-s5')?.lines.find((l) => l.code === '102')).toMatchObject({ cancelledQty: 1, cancelReason: 'Pidió otro plato' });
    await expect.poll(() => causa.textContent()).toContain('Anulado');
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-after-phone.png') });
    // Everything gifted or voided: nothing left to charge.
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('S/ 0.00');
    await context.close();
  });

  it('hang up an order, see it on /pending, seat it at another table', async () => {
    const context = await env.browser.newContext(TILL);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.getByTestId('table-S6').click();
    await page.getByTestId('open-submit').click();
    await page.getByTestId('product-101').click();
    await page.getByTestId('order-more').click();
    await page.screenshot({ path: path.join(SHOTS, 'kitchen-order-actions-till.png') });
    await page.getByTestId('order-hangUp').click();
    await page.getByTestId('hangup-label').fill('Sr. Pérez');
    await page.getByTestId('hangup-confirm').click();
    await page.getByTestId('pending-card').waitFor();
    await expect.poll(() => env.hub.engine.state.tables['t-s6']?.status).toBe(1);
    await expect.poll(() => Object.values(env.hub.engine.state.parked).map((p) => p.label)).toEqual(['Sr. Pérez']);
    await page.screenshot({ path: path.join(SHOTS, 'pending-till-es.png') });

    await page.getByTestId('pending-seat').click();
    await page.getByTestId('seat-t-s7').click();
    await expect.poll(() => orderOf('t-s7')?.lines.map((l) => l.code)).toEqual(['101']);
    expect(Object.keys(env.hub.engine.state.parked)).toEqual([]);
    await context.close();
  });

  it('a new pending order on a phone in Chinese: hang up, add to it, "save first" before leaving or seating', async () => {
    const context = await env.browser.newContext(PHONE);
    await context.addInitScript(() => localStorage.setItem('language', 'zh_CN'));
    const page = await context.newPage();
    await signInWithKeypad(page, env.hub.url, owner.code, owner.pin);
    await page.goto(`${env.hub.url}#/pages/dining_table/pending_add`);
    await page.getByTestId('pending-label').fill('吧台 王先生');
    await page.getByTestId('product-104').click();
    await page.getByTestId('product-104').click();
    await page.screenshot({ path: path.join(SHOTS, 'pending-add-phone-zh.png') });
    await page.getByTestId('pending-hangup').click();
    await page.getByTestId('pending-card').first().waitFor();
    await expect.poll(() => Object.values(env.hub.engine.state.parked).find((p) => p.label === '吧台 王先生')?.lines.map((l) => l.qty)).toEqual([2]);
    await page.screenshot({ path: path.join(SHOTS, 'pending-phone-zh.png') });

    await page.getByTestId('pending-card').filter({ hasText: '吧台' }).getByTestId('pending-add').click();
    await page.getByTestId('product-105').click();
    // Seating with a dish not yet saved: "Please hang up the order first".
    await page.getByTestId('pending-add-seat').click();
    await expect.poll(() => page.locator('.toast').textContent()).toBe('请先挂单');
    await page.getByTestId('pending-back').click();
    await page.getByTestId('leave-hangup').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'pending-save-first-phone-zh.png') });
    await page.getByTestId('leave-hangup').click();
    await expect.poll(() => Object.values(env.hub.engine.state.parked).find((p) => p.label === '吧台 王先生')?.lines.length).toBe(2);
    await context.close();
  });
});
