import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The left window (issue 18 item 16): on a till 800 px tall the owner's
 * seventeen entries do not fit; a "more" button says so and scrolls, every
 * entry can be reached, the sections not built yet come last (muted, tagged),
 * and on a phone the drawer's buttons are 44 px touch targets.
 */
const owner = DEMO_STAFF[0]!;
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-sidenav-', screenshots: true });
const pages: Page[] = [];
afterAll(async () => {
  for (const p of pages) await p.context().close().catch(() => undefined);
});

async function ownerOn(options: object, stored: string): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), stored);
  const page = await context.newPage();
  pages.push(page);
  await signInOnPage(page, env.hub.url, owner.code, owner.pin);
  await page.getByTestId('nav-list').waitFor();
  return page;
}

const entryKeys = (page: Page) => page.locator('[data-testid="nav-list"] a').evaluateAll((as) => as.map((a) => a.getAttribute('data-testid')));

describe('the left window', () => {
  for (const stored of ['es_US', 'zh_CN']) {
    it(`at 1280x800 (${stored}): a "more" button while entries are hidden; every entry reachable; no section "not yet"`, async () => {
      const page = await ownerOn({ viewport: { width: 1280, height: 800 } }, stored);
      const keys = await entryKeys(page);
      // Every section works now (members: issue 22): none is marked "not yet" (navOrder would put such ones last).
      for (const key of ['nav-tables', 'nav-takeaway', 'nav-delivery', 'nav-members']) expect(keys).toContain(key);
      expect(await page.locator('[data-testid="nav-list"] .nav-soon').count()).toBe(0);
      await page.getByTestId('nav-more').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `sidenav-1280x800-${stored.slice(0, 2)}.png`) });
      // Tapping "more" until it goes: the last entry is then in view and clickable, and nothing asks for more.
      for (let taps = 0; (await page.getByTestId('nav-more').count()) > 0; taps++) {
        expect(taps).toBeLessThan(6);
        await page.getByTestId('nav-more').click();
        // The smooth scroll has ended once two looks 100 ms apart see the list at the same place.
        await page.waitForFunction(
          () => {
            const top = document.querySelector('[data-testid="nav-list"]')!.scrollTop;
            const seen = window as unknown as { navTop?: number };
            const still = seen.navTop === top;
            seen.navTop = top;
            return still;
          },
          undefined,
          { polling: 100 },
        );
      }
      const last = page.getByTestId('nav-delivery');
      const box = (await last.boundingBox())!;
      const list = (await page.getByTestId('nav-list').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height + 1);
      await page.screenshot({ path: path.join(SHOTS, `sidenav-1280x800-end-${stored.slice(0, 2)}.png`) });
      await page.getByTestId('nav-exports').click();
      await page.getByTestId('exports-page').waitFor();
    });
  }

  it('on a 360 px phone: the drawer\'s entries and buttons are 44 px targets', async () => {
    const page = await ownerOn(PHONE, 'es_US');
    await page.locator('.topbar .btn-icon').click();
    await page.getByTestId('nav-more').waitFor();
    for (const id of ['switch-user', 'sign-out', 'language', 'nav-tables', 'nav-more']) {
      expect((await page.getByTestId(id).boundingBox())!.height, id).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: path.join(SHOTS, 'sidenav-360-es.png') });
  });
});
