import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { signedIn as cookieOf } from '#hub/testing/auth-helpers.ts';
import type { LedgerEntry } from '#protocol';
import { memberById } from '#protocol';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { openAfresh, PHONE, TILL, testIdShown } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 22's member screens (room R2): a recharge on a phone whose toast leaves the submit button
 * in sight and tappable, the member's coupons on their details page, a refund of a bill paid by
 * balance going back to that balance, and the shift report's member recharge details; on a phone
 * (360x740) and a till (1280x800), in Spanish and Chinese, each step screenshotted.
 */
const [owner] = DEMO_STAFF as [(typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-member-screens-', screenshots: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `member-screens-${name}.png`) });
/** The Lima calendar day (the archive's day file of a bill settled now). */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

async function pageAs(options: typeof PHONE | typeof TILL, language: string): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, owner.code, owner.pin);
  return page;
}

const CASES = [
  { tag: '360-es', options: PHONE, language: 'es_US', phone: '987650061', table: 't-s2', spare: 't-t1', text: { recharges: 'Recargas de socios', balance: 'Al saldo del socio', erased: '' } },
  { tag: '1280-zh', options: TILL, language: 'zh_CN', phone: '987650062', table: 't-s3', spare: 't-t2', text: { recharges: '会员充值明细', balance: '退回会员余额', erased: '' } },
  { tag: '360-zh', options: PHONE, language: 'zh_CN', phone: '987650063', table: 't-s4', spare: 't-t3', text: { recharges: '会员充值明细', balance: '退回会员余额', erased: '' } },
  { tag: '1280-es', options: TILL, language: 'es_US', phone: '987650064', table: 't-s5', spare: 't-t4', text: { recharges: 'Recargas de socios', balance: 'Al saldo del socio', erased: '' } },
] as const;

describe('member screens (issue 22)', () => {
  it.each(CASES.map((c) => [c.tag, c] as const))('recharge, coupons, a refund to the balance and the shift report (%s)', async (_tag, c) => {
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
    const memberId = randomUUID();
    await asHub(env, 'member.register', { memberId, phone: c.phone, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: c.phone.slice(1) });
    const entries: LedgerEntry[] = [];
    const stop = env.hub.engine.onChange((change) => {
      for (const e of change.events) if (e.type === 'member.ledgerEntered' && e.entry.memberId === memberId) entries.push(e.entry);
    });
    const page = await pageAs(c.options, c.language);

    // A recharge by Yape: the toast after it must leave the submit button in sight.
    await page.goto(`${env.hub.url}?id=${memberId}#/pages/member/recharge`);
    await testIdShown(page, 'recharge-page');
    await page.getByTestId('recharge-quick-50').click();
    await page.getByTestId('recharge-method-3').click();
    await page.getByTestId('recharge-operationNo').fill('00778899');
    if (c.options === PHONE) {
      // Refused (no shift open): the toast says why and sits above the submit button, which stays tappable.
      await asHub(env, 'shift.close', { counted: expectedByMethod(env.hub.engine.state.openShift!), note: '' });
      await page.getByTestId('recharge-submit').click();
      await page.getByTestId('toast').waitFor();
      const toast = (await page.getByTestId('toast').boundingBox())!;
      const submit = (await page.getByTestId('recharge-submit').boundingBox())!;
      expect(toast.y + toast.height).toBeLessThanOrEqual(submit.y);
      expect(submit.y + submit.height).toBeLessThanOrEqual(740);
      await shot(page, `recharge-refused-${c.tag}`);
      expect(entries).toEqual([]);
      await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
      // The remittance's longer form: the button stays pinned in sight at the bottom.
      await page.getByTestId('recharge-method-4').click();
      const pinned = (await page.getByTestId('recharge-submit').boundingBox())!;
      expect(pinned.y + pinned.height).toBeLessThanOrEqual(740);
      await shot(page, `recharge-remittance-${c.tag}`);
      await page.getByTestId('recharge-method-3').click();
    }
    await page.getByTestId('recharge-submit').click();
    await expect.poll(() => entries.length).toBe(1);
    expect(entries[0]!.recharge).toMatchObject({ method: 3, amountCents: 5000, operationNo: '00778899' });
    const orderNo = entries[0]!.recharge!.no;

    // Their coupons on the details page: one gifted to them, none of the batch's others.
    const batchId = randomUUID();
    const cookie = await cookieOf(env.hub.url, owner.code, owner.pin, `owner-${c.tag}`);
    const made = await fetch(new URL('/api/coupons/batches', env.hub.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ batchId, prefix: 'SOCIO', name: `Cumpleaños ${c.tag}`, deductionCents: 1000, category: 1, expiresOn: '2099-12-31', quantity: 3 }),
    });
    expect(made.status).toBe(201);
    const listed = (await (await fetch(new URL(`/api/coupons?batchId=${batchId}`, env.hub.url), { headers: { cookie } })).json()) as { coupons: { code: string }[] };
    const code = listed.coupons[0]!.code;
    await asHub(env, 'coupon.gift', { code, memberId });
    // Afresh: the recharge already left this very address showing (coupons are read when the page opens).
    await openAfresh(page, `${env.hub.url}?id=${memberId}#/pages/member/details`, 'member-details');
    await page.getByTestId(`coupon-row-${code}`).waitFor();
    expect(await page.getByTestId('coupon-list').locator('li').count()).toBe(1);
    expect(await page.getByTestId(`coupon-row-${code}`).textContent()).toContain(`Cumpleaños ${c.tag}`);
    // The move's time is the restaurant's (Lima), not the stored UTC instant.
    const lima = new Date(entries[0]!.at).toLocaleString('sv-SE', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    expect(await page.getByTestId('member-ledger').textContent()).toContain(lima);
    await page.screenshot({ path: path.join(SHOTS, `member-screens-coupons-${c.tag}.png`), fullPage: true });

    // A dinner paid partly by balance, asked back: the refund goes back to the member's balance.
    const orderId = await servedOrder(env, c.table);
    await asHub(env, 'order.attachMember', { orderId, memberId, verify: c.phone.slice(-4) });
    const due = env.hub.engine.state.orders[orderId]!.lines.reduce((n, l) => n + l.unitPriceCents * l.qty, 0);
    await asHub(env, 'order.settle', { orderId, payments: [{ method: 'balance', amountCents: 3000 }, { method: 'cash', amountCents: 50_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    expect(due).toBeGreaterThan(3000);
    const refundId = randomUUID();
    const asked = await fetch(new URL('/api/refunds', env.hub.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ id: refundId, billId: orderId, day: today(), request: { kind: 'amount', lines: [], amountCents: 2000, reason: 'Plato frío', contactPhone: '' } }),
    });
    expect(asked.status).toBe(200);
    await asHub(env, 'refund.accept', { refundId });
    await openAfresh(page, `${env.hub.url}?id=${orderId}&day=${today()}#/pages/bill/indexone`, 'refund-actions');
    expect(await page.getByTestId('refund-method-balance').textContent()).toBe(c.text.balance);
    await page.getByTestId('refund-method-balance').click();
    await page.getByTestId('refund-balance-hint').waitFor();
    await page.getByTestId('refund-actions').scrollIntoViewIfNeeded();
    await shot(page, `refund-balance-${c.tag}`);
    const before = memberById(env.hub.engine.state, memberId)!.balanceCents;
    await page.getByTestId('refund-pay').click();
    await expect.poll(() => memberById(env.hub.engine.state, memberId)!.balanceCents).toBe(before + 2000);
    expect(entries.at(-1)).toMatchObject({ kind: 'refund', cents: 2000, billId: orderId });
    await page.getByTestId('refund-payout').waitFor();
    await page.screenshot({ path: path.join(SHOTS, `member-screens-refund-paid-${c.tag}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.options.viewport.width);

    if (c.options === PHONE) {
      // The member's dinner paid in cash only: the balance chip is shown but disabled, saying why.
      const cashOnly = await servedOrder(env, c.spare);
      await asHub(env, 'order.attachMember', { orderId: cashOnly, memberId, verify: c.phone.slice(-4) });
      await asHub(env, 'order.settle', { orderId: cashOnly, payments: [{ method: 'cash', amountCents: 50_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
      const second = randomUUID();
      const ask = await fetch(new URL('/api/refunds', env.hub.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ id: second, billId: cashOnly, day: today(), request: { kind: 'amount', lines: [], amountCents: 1000, reason: 'Plato frío', contactPhone: '' } }),
      });
      expect(ask.status).toBe(200);
      await asHub(env, 'refund.accept', { refundId: second });
      await openAfresh(page, `${env.hub.url}?id=${cashOnly}&day=${today()}#/pages/bill/indexone`, 'refund-actions');
      expect(await page.getByTestId('refund-method-balance').isDisabled()).toBe(true);
      expect(await page.getByTestId('refund-balance-hint').textContent()).toContain('S/ 0.00');
      expect(await page.getByTestId('refund-pay').isDisabled()).toBe(false);
      await page.getByTestId('refund-actions').scrollIntoViewIfNeeded();
      await shot(page, `refund-balance-disabled-${c.tag}`);
    }

    // The shift report's member recharge details list this recharge with its member and reference.
    await openAfresh(page, `${env.hub.url}#/pages/shift/index`, 'shift-report-tabs');
    await page.getByTestId('shift-tab-recharges').click();
    expect(await page.getByTestId('shift-tab-recharges').textContent()).toBe(c.text.recharges);
    const row = page.getByTestId('shift-table-recharges').locator('tr', { hasText: entries[0]!.memberNo });
    await expect.poll(() => row.textContent()).toContain('00778899');
    expect(await row.textContent()).toContain('Ana P.');
    expect(await row.textContent()).toContain(String(orderNo));
    await page.getByTestId('shift-table-recharges').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.options.viewport.width);
    await shot(page, `shift-recharges-${c.tag}`);
    stop();
    await page.context().close();
  }, 180_000);
});
