import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { LedgerEntry, Member } from '#protocol';
import { PHONE, TILL, testIdShown } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 22, members (M004): "register a member with a DNI" and "recharge by Yape", on a phone
 * (360x740) and a till (1280x800), in Spanish and Chinese. The form's SPEC.md messages show on
 * an empty save and a bad phone / DNI; the hub records the member and the Yape recharge (with its
 * operation number). Members are not in a device's state: what the hub recorded is read from it.
 */
const [owner] = DEMO_STAFF as [(typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-members-', screenshots: true });

const CASES = [
  { device: 'phone', options: PHONE, lang: 'es', stored: 'es_US', required: 'no puede estar vacío', phoneBad: 'formato' },
  { device: 'till', options: TILL, lang: 'zh', stored: 'zh_CN', required: '必填项不能为空', phoneBad: '格式不正确' },
  { device: 'till', options: TILL, lang: 'es', stored: 'es_US', required: 'no puede estar vacío', phoneBad: 'formato' },
  { device: 'phone', options: PHONE, lang: 'zh', stored: 'zh_CN', required: '必填项不能为空', phoneBad: '格式不正确' },
] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `members-${name}.png`) });

describe('members, issue 22', () => {
  it.each(CASES.map((c, i) => [`${c.device} ${c.lang}`, c, i] as const))('register a member with a DNI and recharge by Yape (%s)', async (_name, c, i) => {
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
    const registered: Member[] = [];
    const entries: LedgerEntry[] = [];
    const stop = env.hub.engine.onChange((change) => {
      for (const e of change.events) {
        if (e.type === 'member.registered') registered.push(e.member);
        if (e.type === 'member.ledgerEntered') entries.push(e.entry);
      }
    });
    const context = await env.browser.newContext(c.options);
    await context.addInitScript((stored) => localStorage.setItem('language', stored), c.stored);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    const tag = `${c.device}-${c.lang}`;

    // The left menu's entry opens the directory.
    await page.goto(`${env.hub.url}#/pages/member/index`);
    await testIdShown(page, 'members-page');
    await page.getByTestId('member-register').click();
    await page.getByTestId('member-save').click();
    await expect.poll(() => page.getByTestId('member-phone-error').textContent()).toContain(c.required);
    await page.getByTestId('member-phone').fill('98765');
    await expect.poll(() => page.getByTestId('member-phone-error').textContent()).toContain(c.phoneBad);
    await page.getByTestId('member-docId').fill('1234567');
    expect(await page.getByTestId('member-docId-error').isVisible()).toBe(true);
    await shot(page, `form-errors-${tag}`);

    const phone = `98765432${i}`;
    const dni = `4567890${i}`;
    await page.getByTestId('member-phone').fill(phone);
    await page.getByTestId('member-lastName').fill(c.lang === 'zh' ? '王' : 'Quispe Mamani');
    await page.getByTestId('member-name').fill(c.lang === 'zh' ? '小明' : 'Rosa');
    await page.getByTestId('member-docId').fill(dni);
    await page.getByTestId('member-gender-2').click();
    await page.getByTestId('member-birthday').fill('1990-05-02');
    await shot(page, `form-${tag}`);
    await page.getByTestId('member-save').click();
    await expect.poll(() => registered.length).toBe(1);
    const member = registered[0]!;
    expect(member).toMatchObject({ phone, regMethod: 1, docId: dni, gender: 2, birthday: '1990-05-02' });

    // Recharge by Yape: the operation number is asked for before anything is sent.
    await page.goto(`${env.hub.url}?id=${member.id}#/pages/member/recharge`);
    await testIdShown(page, 'recharge-page');
    await page.getByTestId('recharge-quick-50').click();
    await page.getByTestId('recharge-method-3').click();
    await page.getByTestId('recharge-submit').click();
    await expect.poll(() => page.getByTestId('recharge-operationNo-error').textContent()).toContain(c.required);
    await page.getByTestId('recharge-operationNo').fill('00123456');
    await shot(page, `recharge-yape-${tag}`);
    await page.getByTestId('recharge-submit').click();
    await expect.poll(() => entries.length).toBe(1);
    expect(entries[0]).toMatchObject({ memberId: member.id, kind: 'recharge', cents: 5000, balanceAfterCents: 5000 });
    expect(entries[0]!.recharge).toMatchObject({ method: 3, amountCents: 5000, operationNo: '00123456' });
    stop();
    await context.close();
  });
});
