import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; playwright cannot download a browser on this network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Makes sure Chromium is there: as root on Debian it installs the package
 * (what .ci/run does too); anywhere else it says what to install.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk'], { stdio: 'inherit' });
    return;
  }
  throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH)`);
}

/** Headless Chromium with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
export const TILL = { viewport: { width: 1280, height: 800 } } as const;

/**
 * Waits until an element with this test id is in the page, checking at every frame. Playwright's
 * own waiting backs off (0, 20, 50, 100, 100, then 500 ms between checks): a page that shows its
 * content 300 ms after loading is seen only ~800 ms after, and a walk through fifty screens pays
 * that half second fifty times. Use it for "the page is there"; assertions keep Playwright's expect.
 */
export async function testIdShown(page: Page, testId: string, timeoutMs = 90_000): Promise<void> {
  try {
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${CSS.escape(id)}"]`) !== null, testId, { polling: 'raf', timeout: timeoutMs });
  } catch (err) {
    // A page that never showed is explained by what it showed instead (a CI run cannot be watched).
    const seen = await page.evaluate(() => `${location.href} | ${document.body?.innerText.slice(0, 400).replace(/\s+/g, ' ')}`).catch(() => 'page gone');
    throw new Error(`${testId} never shown; the page showed: ${seen}`, { cause: err });
  }
}

/**
 * Opens an address as a fresh load (through a blank page), then waits for the page's element. Right
 * after signing in, a bare hash change could race the app's own move to the person's home, which
 * then won (CI, twice: the pickup board never showed); a screen at the counter opens the board afresh anyway.
 */
export async function openAfresh(page: Page, url: string, testId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await testIdShown(page, testId);
}
