import type { Page } from 'playwright-core';

/**
 * The till's side of the lunch: one table's whole service as a cashier taps
 * it (counted by the page, see tap-counter.ts), and a table split in parts,
 * each with its own factura.
 */

/**
 * Open `table`, order, send, pay part by Yape (with its operation number)
 * and the rest in cash with a quick-cash note, boleta as the till proposes.
 * Typing is done key by key so the page hears each key.
 */
export async function serveTable(page: Page, table: string, dishes: string[], yape: { amount: string; operationNo: string }, cashNote: string): Promise<void> {
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('open-submit').click();
  for (const code of dishes) await page.getByTestId(`product-${code}`).click();
  await page.getByTestId('send').click();
  await page.getByTestId('settle').click();
  if ((await page.getByTestId('doc-boleta').getAttribute('aria-checked')) !== 'true') throw new Error('the till did not propose the boleta');
  await page.getByTestId('method-yape').click();
  await typeInto(page, 'pay-amount', yape.amount);
  await typeInto(page, 'pay-operation', yape.operationNo);
  await page.getByTestId('pay-add').click();
  await page.getByTestId(`cash-${cashNote}`).click();
  await page.getByTestId('settle').click();
  await page.getByTestId('settle-confirm').click();
  await page.getByTestId('pay-done').waitFor();
}

/** Types into a field key by key, tapping it first unless the screen already put the cursor there (as a person would). */
async function typeInto(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  if (!(await field.evaluate((el) => el === document.activeElement))) await field.click();
  await field.pressSequentially(text);
}

export type Diner = { ruc: string; name: string; method: 'cash' | 'visa' };

/** On the payment screen of a table: split by its people, each part a factura for its diner, paid what it owes by the diner's method, then settled. */
export async function splitInFacturas(page: Page, table: string, diners: Diner[]): Promise<void> {
  await page.getByTestId(`table-${table}`).click();
  await page.getByTestId('settle').click();
  await page.getByTestId('split-people').click();
  const count = await page.getByTestId('split-count').textContent();
  if (count !== String(diners.length)) throw new Error(`split by people proposed ${count} parts for a table of ${diners.length}`);
  for (const [i, diner] of diners.entries()) {
    await page.getByTestId(`share-${i}`).click();
    await page.getByTestId(`share-${i}`).and(page.locator('[aria-checked="true"]')).waitFor();
    await page.getByTestId('doc-factura').click();
    await page.getByTestId('doc-id').fill(diner.ruc);
    await page.getByTestId('doc-name').fill(diner.name);
    await page.getByTestId(`share-doc-${i}`).filter({ hasText: diner.ruc }).waitFor();
    // The amount left blank is what the part still owes.
    await page.getByTestId(`method-${diner.method}`).click();
    await page.getByTestId('pay-add').click();
    await page.getByTestId(`share-state-${i}`).filter({ hasText: /pagada/ }).waitFor();
  }
  await page.getByTestId('settle').click();
  await page.getByTestId('settle-confirm').click();
  await page.getByTestId('pay-done').waitFor();
}
