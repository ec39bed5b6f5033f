import type { Page } from 'playwright-core';
import { papersOf } from '../../../hardware/testing/papers.ts';
import type { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { signInWithKeypad } from '../sign-in.ts';
import type { Person } from './owner-setup.ts';

/** The cook signs in on the tablet's keypad (a touch screen gets the keypad): a kitchen-role person lands on the kitchen display, and picks the station once. */
export async function cookOnTablet(page: Page, base: string, cook: Person, stationId: string): Promise<void> {
  await signInWithKeypad(page, base, cook.code, cook.pin);
  await page.waitForURL(/kitchen\/display/);
  if (!(await page.getByTestId('kds-board').isVisible())) await page.getByTestId(`kds-station-${stationId}`).click();
  await page.getByTestId('kds-board').waitFor();
}

/** The texts of each paper the printer printed that names `dish` (a kitchen ticket, read back from its ESC/POS bytes). */
export function ticketsNaming(fake: FakePrinter, dish: string): string[] {
  return papersOf(fake)
    .map((p) => p.texts.join('\n'))
    .filter((text) => text.includes(dish));
}
