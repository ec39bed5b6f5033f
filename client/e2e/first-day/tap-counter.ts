import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts what a person does on a device, from inside its pages: every
 * trusted click (a tap on a touch screen ends in one) and every key pressed,
 * as the page itself hears them, so a test that taps through playwright is
 * counted as a person would be and nothing the test does by other means
 * (reading state, a hub command) is. The counts live in sessionStorage and
 * survive the app's own navigations and reloads.
 */
export async function countTapsAndKeys(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const bump = (key: string) => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? '0') + 1));
    document.addEventListener('click', (e) => e.isTrusted && bump('firstDay.taps'), { capture: true });
    document.addEventListener('keydown', (e) => e.isTrusted && bump('firstDay.keys'), { capture: true });
  });
}

export type TapCount = { taps: number; keys: number };

/** What `page` has counted so far (see `countTapsAndKeys`). */
export async function tapCount(page: Page): Promise<TapCount> {
  return page.evaluate(() => ({ taps: Number(sessionStorage.getItem('firstDay.taps') ?? '0'), keys: Number(sessionStorage.getItem('firstDay.keys') ?? '0') }));
}

/** Taps and keys between two readings. */
export const counted = (from: TapCount, to: TapCount): TapCount => ({ taps: to.taps - from.taps, keys: to.keys - from.keys });
