import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, TILL } from '../browser.ts';
import { SHOTS } from '../harness.ts';
import { signInOnPage, signInWithKeypad } from '../sign-in.ts';

/** The kitchen's tablet, upright. */
export const TABLET = { viewport: { width: 800, height: 1280 }, hasTouch: true } as const;

export type Lang = 'es' | 'zh';
export type Size = '360x740' | '800x1280' | '1280x800';
export const SIZES: Record<Size, typeof PHONE | typeof TABLET | typeof TILL> = { '360x740': PHONE, '800x1280': TABLET, '1280x800': TILL };
const STORED: Record<Lang, string> = { es: 'es_US', zh: 'zh_CN' };

/** A new browser context of `size`, its app in `lang` from the first page on. */
export async function newDevice(browser: Browser, size: Size, lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(SIZES[size]);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), STORED[lang]);
  return { context, page: await context.newPage() };
}

/** A screenshot of what the person sees now, named by step, size and language (test-artifacts/screenshots/first-day-*). */
export async function shot(page: Page, step: string, size: Size, lang: Lang): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `first-day-${step}-${size}-${lang}.png`) });
}

/**
 * The owner's view of the day's main steps at every size in Spanish and
 * Chinese: six signed-in contexts opened once and kept, each shown a page
 * and photographed when the test reaches that step.
 */
export class Gallery {
  private readonly pages: { page: Page; size: Size; lang: Lang }[] = [];

  static async open(browser: Browser, base: string, who: { code: string; pin: string }): Promise<Gallery> {
    const gallery = new Gallery();
    for (const lang of ['es', 'zh'] as const) {
      for (const size of Object.keys(SIZES) as Size[]) {
        const { page } = await newDevice(browser, size, lang);
        // A touch screen's entry page is the keypad; the till's, the form.
        try {
          if (size === '1280x800') await signInOnPage(page, base, who.code, who.pin);
          else await signInWithKeypad(page, base, who.code, who.pin);
        } catch (e) {
          await shot(page, 'sign-in-failed', size, lang);
          throw e;
        }
        gallery.pages.push({ page, size, lang });
      }
    }
    return gallery;
  }

  /** Opens `route` (a hash path, with its query) on every device, taps `tap` if given, waits for `ready` and takes the step's screenshots. */
  async shoot(step: string, base: string, route: string, ready: string, tap?: string): Promise<void> {
    for (const { page, size, lang } of this.pages) {
      await page.goto(`${base}${route}`);
      if (tap) await page.getByTestId(tap).click();
      // Attached, not visible: a phone may keep it on a pane of the page that is not in front.
      await page.getByTestId(ready).first().waitFor({ state: 'attached' }).catch(async (e: unknown) => {
        await shot(page, `${step}-not-ready`, size, lang);
        throw e;
      });
      await shot(page, step, size, lang);
    }
  }

  async close(): Promise<void> {
    for (const { page } of this.pages) await page.context().close();
  }
}
