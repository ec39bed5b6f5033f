import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { ROLE_PRESETS } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage, signInWithKeypad, tapDigits } from './sign-in.ts';

/**
 * Manager approval on the same device, in Chromium: a waiter gifts a dish on
 * their phone, the hub refuses (the waiter's role lacks `gift`), the approval
 * dialog opens, the manager picks their name and types their PIN on the
 * waiter's phone, the gift goes through, and the owner's activity view shows
 * both people. Screenshots go to /tmp (not the repo) for a person to look at.
 */
const env = useBrowserHub({ tmpPrefix: 'pos-approval-' });
const [owner, , waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const MANAGER = { id: 'staff-e2e-manager', name: 'Marco Gerente', code: '7', pin: '7070' };
const SHOTS = '/tmp/approval-shots';

/** An order at table S5 with two ceviches the kitchen has. */
async function servedTable(tableId: string): Promise<{ orderId: string; lineId: string }> {
  const orderId = randomUUID();
  const lineId = randomUUID();
  await asHub(env, 'table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
  await asHub(env, 'order.addLines', { orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }] });
  await asHub(env, 'order.send', { orderId });
  return { orderId, lineId };
}

async function giftOnPhone(page: Page, table: string): Promise<void> {
  // As a waiter walks there: the table, then the bill's payment page.
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('settle').click();
  await page.getByTestId('tab-gift').click();
  await page.locator('.tab-panel .field .chips .chip').first().click();
  await page.getByTestId('gift-confirm').click();
  await page.getByTestId('approval-dialog').waitFor();
}

describe('manager approval on the waiter\'s phone', () => {
  it('a waiter gifts a dish, the manager types the PIN on the waiter\'s phone, the gift goes through, activity shows both', async () => {
    await asHub(env, 'staff.save', { id: MANAGER.id, name: MANAGER.name, code: MANAGER.code, roleId: 'manager' });
    await env.hub.auth.storePin(MANAGER.id, MANAGER.pin);
    // The gift button a waiter reaches today is on the payment page: the owner lets waiters take payment, not gift.
    await asHub(env, 'role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter, 'payment'] });
    const { orderId, lineId } = await servedTable('t-s5');

    // A 360-px window: on an emulated mobile browser the payment page is wider than the
    // screen today (its own layout), which moves every fixed sheet off screen.
    const phone = await env.browser.newContext({ ...PHONE, isMobile: false });
    const page = await phone.newPage();
    await signInWithKeypad(page, env.hub.url, waiter.code, waiter.pin);
    await giftOnPhone(page, 'S5');
    // The manager sees exactly what they approve (the token is bound to it, issue 19 item 17).
    await expect.poll(() => page.getByTestId('approval-summary').textContent()).toBe('Regalar 1 × Ceviche clásico');
    await page.screenshot({ path: `${SHOTS}/approval-es-360.png` });

    // A wrong PIN first: said plainly, nothing gifted.
    await page.getByTestId(`approver-${MANAGER.code}`).click();
    await tapDigits(page, '0000');
    await page.getByTestId('numpad-ok').click();
    await expect.poll(() => page.getByTestId('approval-error').textContent()).toContain('PIN incorrecto');
    const line = () => env.hub.engine.state.orders[orderId]?.lines.find((l) => l.id === lineId);
    expect(line()?.giftedQty).toBe(0);
    await page.screenshot({ path: `${SHOTS}/approval-wrong-pin-es-360.png` });

    await tapDigits(page, MANAGER.pin);
    await page.getByTestId('numpad-ok').click();
    await page.getByTestId('approval-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => line()?.giftedQty).toBe(1);
    const entry = env.hub.engine.recentActivity().find((e) => e.type === 'order.giftLine');
    expect(entry).toMatchObject({ staffId: waiter.id, approvedBy: MANAGER.id });
    await page.screenshot({ path: `${SHOTS}/approval-done-es-360.png` });
    await phone.close();

    // The owner's till: the activity names the waiter and the manager.
    const till = await env.browser.newContext(TILL);
    const ownerPage = await till.newPage();
    await signInOnPage(ownerPage, env.hub.url, owner.code, owner.pin);
    await ownerPage.goto(`${env.hub.url}#/pages/staff/activity`);
    const approved = ownerPage.getByTestId('activity-approved-by').first();
    await expect.poll(() => approved.textContent()).toContain(`aprobado por ${MANAGER.name}`);
    await ownerPage.screenshot({ path: `${SHOTS}/activity-approved-es-1280.png` });
    await till.close();
  });

  it('in Chinese on a till, and cancelling leaves the dish as it was', async () => {
    const { orderId, lineId } = await servedTable('t-s6');
    const till = await env.browser.newContext(TILL);
    await till.addInitScript(() => localStorage.setItem('language', 'zh_CN'));
    const page = await till.newPage();
    await signInWithKeypad(page, env.hub.url, waiter.code, waiter.pin);
    await giftOnPhone(page, 'S6');
    await expect.poll(() => page.getByTestId('approval-dialog').textContent()).toContain('赠送菜品');
    await expect.poll(() => page.getByTestId('approval-summary').textContent()).toBe('赠送 1 × 经典酸橘汁腌鱼');
    await page.screenshot({ path: `${SHOTS}/approval-zh-1280.png` });
    await page.getByTestId('approval-cancel').click();
    await page.getByTestId('approval-dialog').waitFor({ state: 'detached' });
    expect(env.hub.engine.state.orders[orderId]?.lines.find((l) => l.id === lineId)?.giftedQty).toBe(0);
    await till.close();
  });

  it('the owner sets a role\'s discount limit in the role editor (phone and till)', async () => {
    for (const [name, device] of [['360', { ...PHONE, isMobile: false }], ['1280', TILL]] as const) {
      const context = await env.browser.newContext(device);
      const page = await context.newPage();
      await signInOnPage(page, env.hub.url, owner.code, owner.pin);
      await page.goto(`${env.hub.url}#/pages/staff/index`);
      await page.getByTestId('role-cashier').locator('summary').click();
      const input = page.getByTestId('limit-discount-cashier');
      // The cashier preset's 10 %, then what the phone saved.
      await expect.poll(() => input.inputValue()).toBe(name === '360' ? '10' : '15');
      await input.fill(name === '360' ? '15' : '20');
      await input.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/role-limits-es-${name}.png` });
      await page.getByTestId('role-save-cashier').click();
      await expect.poll(() => env.hub.engine.state.roles.cashier?.limits).toEqual({ discountPercent: name === '360' ? 15 : 20 });
      await context.close();
    }
  });
});
