import type { Page } from 'playwright-core';

/**
 * The front of house on the first lunch, through the pages: the shift's
 * float, a reservation with its deposit, the guests' arrival, a waiter's
 * order with a remark preset. Each step ends on what the person sees once
 * the hub has it.
 */

/** On the shift page: the shift opens with `float` soles in the drawer. */
export async function openShift(page: Page, base: string, float: string): Promise<void> {
  await page.goto(`${base}#/pages/shift/index`);
  await page.getByTestId('shift-float').fill(float);
  await page.getByTestId('shift-open').click();
  await page.getByTestId('shift-close').waitFor();
}

export type Booking = { name: string; phone: string; people: string; deposit: string; tableId: string; operationNo: string };

/** On the book page: the reservation, its deposit paid by Yape (operation number), and, when the guests come, their arrival. */
export async function bookWithDeposit(page: Page, base: string, b: Booking): Promise<void> {
  await page.goto(`${base}#/pages/dining_table/book`);
  await page.getByTestId('book-new').click();
  await page.getByTestId('book-name').fill(b.name);
  await page.getByTestId('book-phone').fill(b.phone);
  await page.getByTestId('book-people').fill(b.people);
  await page.getByTestId('book-deposit').fill(b.deposit);
  await page.getByTestId('book-table').selectOption(b.tableId);
  await page.getByTestId('book-submit').click();
  const card = page.getByTestId('book-card').filter({ hasText: b.name });
  await card.getByTestId('book-payDeposit').click();
  await page.getByTestId('deposit-method-yape').click();
  await page.getByTestId('deposit-operation').fill(b.operationNo);
  await page.getByTestId('deposit-confirm').click();
  await card.and(page.locator('[data-status="1"]')).waitFor();
}

/** The reservation's guests arrive: their table opens with the deposit credited. */
export async function guestsArrive(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('book-card').filter({ hasText: name });
  await card.getByTestId('book-arrive').click();
  await card.getByTestId('book-opened').waitFor();
}

/** On an open table's order: `qty` taps on each dish, the first dish's remark preset, then Send. */
export async function orderWithPreset(page: Page, table: string, dishes: [code: string, qty: number][], presetId: string): Promise<void> {
  await page.getByTestId(`table-${table}`).click();
  for (const [code, qty] of dishes) for (let i = 0; i < qty; i += 1) await page.getByTestId(`product-${code}`).click();
  // On a phone the cart is its own pane.
  if (await page.getByTestId('pane-order').isVisible()) await page.getByTestId('pane-order').click();
  await page.getByTestId('cart-note').first().click();
  await page.getByTestId(`remark-preset-${presetId}`).click();
  await page.getByTestId('send').click();
}
