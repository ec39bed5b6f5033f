import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '#hub/testing/test-hub.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The order report's members card in the browser (issue 22): a member recharges by Yape and
 * in cash with a bonus, is adjusted down, a batch of coupons is issued; today's report shows
 * the recharges with their methods, the adjustment, the members' balance at the day's close
 * (the liability) and the coupons issued, on a phone (no sideways scroll) and a till, in
 * Spanish and Chinese, photographed.
 */
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-collect-members-', screenshots: true });
const STORED = { es: 'es_US', zh: 'zh_CN' } as const;

async function openReport(page: Page, lang: keyof typeof STORED): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('language', stored), STORED[lang]);
  await signInOnPage(page, env.hub.url, DEMO_OWNER.code, DEMO_OWNER.pin);
  await page.goto(`${env.hub.url}#/pages/collect/index`);
  await page.getByTestId('collect-members').waitFor();
}

describe('members in the order report', () => {
  it('shows recharges by method, adjustments, the balance outstanding and coupons, es and zh, phone and till', async () => {
    const memberId = randomUUID();
    await asHub(env, 'member.register', { memberId, phone: '987 555 111', lastName: 'Huamán', name: 'Lucía', gender: 2, regMethod: 1, docId: '45678912' });
    await asHub(env, 'member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 10_000, method: 3, operationNo: 'YP-777', print: false });
    await asHub(env, 'member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 5_000, bonusCents: 500, method: 2, print: false });
    await asHub(env, 'member.adjust', { memberId, entryId: randomUUID(), cents: -1_200, reason: 'Corrección' });
    const codes = Array.from({ length: 6 }, (_, i) => `VERANO${String(i).padStart(8, 'K')}`);
    await asHub(env, 'coupon.issueBatch', { batch: { batchId: randomUUID(), prefix: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 1, expiresOn: '2099-12-31', quantity: codes.length }, codes });

    for (const lang of ['es', 'zh'] as const) {
      for (const [size, device] of [['360x740', PHONE], ['1280x800', TILL]] as const) {
        const context = await env.browser.newContext(device);
        const p = await context.newPage();
        await openReport(p, lang);
        expect(await p.getByTestId('collect-members-recharges').textContent()).toContain(formatSoles(15_000));
        expect(await p.getByTestId('collect-members-method-yape').textContent()).toContain(formatSoles(10_000));
        expect(await p.getByTestId('collect-members-method-cash').textContent()).toContain(formatSoles(5_000));
        expect(await p.getByTestId('collect-members-bonus').textContent()).toContain(formatSoles(500));
        expect(await p.getByTestId('collect-members-adjusted').textContent()).toContain(formatSoles(-1_200));
        // 100 + 50 + 5 bonus - 12 adjusted: the ledger's sum at the day's close.
        expect(await p.getByTestId('collect-members-outstanding').textContent()).toContain(formatSoles(14_300));
        expect(await p.getByTestId('collect-members-couponsIssued').textContent()).toContain('6');
        // Nothing personal of the member on the report.
        expect(await p.getByTestId('collect-members').textContent()).not.toMatch(/Huamán|45678912|987/);
        if (size === '360x740') expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await p.getByTestId('collect-members').screenshot({ path: path.join(SHOTS, `collect-members-${size}-${lang}.png`) });
        await p.screenshot({ path: path.join(SHOTS, `collect-members-page-${size}-${lang}.png`), fullPage: true });
        await context.close();
      }
    }
  }, 120_000);
});
