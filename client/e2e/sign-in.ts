import type { Page } from 'playwright-core';
import { testIdShown } from './browser.ts';

/**
 * Signing in through the real pages, as staff do: the entry page (number or
 * name and PIN) or the phone keypad (number, then PIN). Resolves once the app
 * shows the signed-in person.
 */
export async function signInOnPage(page: Page, base: string, identifier: string, secret: string): Promise<void> {
  await page.goto(`${base}#/pages/login/index`);
  await page.getByTestId('login-identifier').fill(identifier);
  await page.getByTestId('login-secret').fill(secret);
  await page.getByTestId('login-submit').click();
  await signedInAwayFrom(page, '#/pages/login/index');
}

/**
 * The signed-in frame is there and the app has left the sign-in page for the person's home: a
 * test's next `goto` of a hash must not race the app's own move (which would win).
 */
async function signedInAwayFrom(page: Page, signInHash: string): Promise<void> {
  await testIdShown(page, 'session-box');
  await page.waitForFunction((h) => !window.location.hash.startsWith(h), signInHash, { polling: 'raf', timeout: 90_000 });
}

/** Types digits on the big keypad. */
export async function tapDigits(page: Page, digits: string): Promise<void> {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

/** The phone way: staff number on the keypad, Next, PIN, Sign in. */
export async function signInWithKeypad(page: Page, base: string, code: string, pin: string): Promise<void> {
  await page.goto(`${base}#/pages/app/numberlogin`);
  await testIdShown(page, 'number-login-page');
  await tapDigits(page, code);
  await page.getByTestId('numpad-ok').click();
  await tapDigits(page, pin);
  await page.getByTestId('numpad-ok').click();
  await signedInAwayFrom(page, '#/pages/app/numberlogin');
}
