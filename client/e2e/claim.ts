import type { Page } from 'playwright-core';
import type { RunningHub } from '#hub/server.ts';

/** What the owner types at the claim (floor-setup and backup-reminder tests). */
export const CLAIM = { ruc: '20123456786', name: 'Cevichería Mar', ownerName: 'Ana Ríos', ownerCode: '1', pin: '482915' } as const;

/** Claims a fresh hub from the setup page, as the owner does on a phone; resolves once signed in. */
export async function claimOnPage(page: Page, hub: RunningHub): Promise<void> {
  await page.goto(hub.url);
  await page.getByTestId('setup-page').waitFor();
  await page.getByTestId('setup-claimCode').fill(hub.claimCode!.code);
  await page.getByTestId('setup-restaurantName').fill(CLAIM.name);
  await page.getByTestId('setup-ruc').fill(CLAIM.ruc);
  await page.getByTestId('setup-ownerName').fill(CLAIM.ownerName);
  await page.getByTestId('setup-ownerCode').fill(CLAIM.ownerCode);
  await page.getByTestId('setup-pin').fill(CLAIM.pin);
  await page.getByTestId('setup-pinAgain').fill(CLAIM.pin);
  await page.getByTestId('setup-submit').click();
  await page.getByTestId('session-box').waitFor({ state: 'attached' });
}
