import type { Page } from 'playwright-core';

/**
 * The shift's close as the owner does it on the shift page: a blind count
 * (the fields, nothing expected beside them), then what the shift expected
 * and the differences, then the close. Returns what the count dialog showed
 * (to check it was blind) and the differences per method as the page read them.
 */
export async function closeWithBlindCount(page: Page, base: string, counted: Record<string, string>): Promise<{ dialogText: string; differences: Record<string, string> }> {
  await page.goto(`${base}#/pages/shift/index`);
  await page.getByTestId('shift-close').click();
  for (const [method, amount] of Object.entries(counted)) await page.getByTestId(`shift-count-${method}`).fill(amount);
  const dialogText = (await page.getByRole('dialog').textContent()) ?? '';
  await page.getByTestId('shift-count-confirm').click();
  const differences: Record<string, string> = {};
  for (const method of Object.keys(counted)) differences[method] = (await page.getByTestId(`shift-diff-${method}`).getAttribute('class')) ?? '';
  await page.getByTestId('shift-close-confirm').click();
  await page.getByTestId('shift-report-summary').waitFor();
  return { dialogText, differences };
}
