import type { Page } from 'playwright-core';
import type { RunningHub } from '#hub/server.ts';

/**
 * The owner's first morning on the till, through the real pages only:
 * claiming the box from the setup slip's QR, the floor, the menu, the staff,
 * where tickets print and the kitchen screen. Each step waits for what the
 * hub has acknowledged before the next one relies on it.
 */

export type Person = { name: string; code: string; pin: string };

/** Opens the slip's QR link and finishes the claim (the code is filled in by the link). Resolves signed in as the owner. */
export async function claimFromSlip(page: Page, qr: string, code: string, owner: Person, restaurant: { name: string; ruc: string }): Promise<void> {
  await page.goto(qr);
  await page.getByTestId('setup-page').waitFor();
  const filled = await page.getByTestId('setup-claimCode').inputValue();
  if (filled !== code) throw new Error(`the slip's QR filled in "${filled}", the slip reads "${code}"`);
  await page.getByTestId('setup-restaurantName').fill(restaurant.name);
  await page.getByTestId('setup-ruc').fill(restaurant.ruc);
  await page.getByTestId('setup-ownerName').fill(owner.name);
  await page.getByTestId('setup-ownerCode').fill(owner.code);
  await page.getByTestId('setup-pin').fill(owner.pin);
  await page.getByTestId('setup-pinAgain').fill(owner.pin);
  await page.getByTestId('setup-submit').click();
  await page.getByTestId('session-box').waitFor({ state: 'attached' });
}

/** On the restaurant and tables page: each area with its tables, added one by one. */
export async function createFloor(page: Page, base: string, floor: Record<string, string[]>): Promise<void> {
  await page.goto(`${base}#/pages/floor/index`);
  await page.getByTestId('floor-page').waitFor();
  for (const area of Object.keys(floor)) {
    await page.getByTestId('floor-new-area').fill(area);
    await page.getByTestId('floor-add-area').click();
    // The owner types the next area at once, without waiting for the hub: the field empties when the
    // area is queued, so an answer arriving later must not wipe what is being typed ("Terraza" once was).
  }
  for (const area of Object.keys(floor)) {
    await page.getByTestId(`floor-area-${area}`).waitFor();
  }
  for (const [area, tables] of Object.entries(floor)) {
    await page.getByTestId(`floor-area-${area}`).getByRole('button', { name: area }).click();
    for (const table of tables) {
      await page.getByTestId('floor-add-table').click();
      await page.getByTestId('floor-table-name').fill(table);
      await page.getByTestId('floor-table-save').click();
      await page.getByTestId(`floor-table-${table}`).waitFor();
    }
  }
}

/** On the goods page's menu settings: the kitchen station. Returns its id once the hub has it. */
export async function createStation(page: Page, hub: RunningHub, base: string, name: string): Promise<string> {
  await page.goto(`${base}#/pages/goods/index`);
  await page.getByTestId('goods-more-menu').click();
  await page.getByTestId('goods-settings').click();
  await page.getByTestId('station-add').click();
  await page.getByTestId('station-0').fill(name);
  await page.getByTestId('settings-save').click();
  await page.getByTestId('settings-save').waitFor({ state: 'detached' });
  const station = hub.engine.state.menuSettings.stations.find((s) => s.name === name);
  if (!station) throw new Error(`station ${name} not on the hub after its save`);
  return station.id;
}

/** On the goods page: a category, in the three languages. */
export async function createCategory(page: Page, base: string, names: { es: string; en: string; zh: string }): Promise<void> {
  await page.goto(`${base}#/pages/goods/index`);
  await page.getByTestId('goods-more-menu').click();
  await page.getByTestId('goods-categories').click();
  await page.getByTestId('cat-add').click();
  for (const l of ['es', 'en', 'zh'] as const) await page.getByTestId(`cat-name-${l}`).fill(names[l]);
  await page.getByTestId('cat-save').click();
  await page.getByRole('dialog').getByText(names.es).waitFor();
  // The categories dialog stays open for the next one: its footer closes it.
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export type Dish = { code: string; es: string; en: string; zh: string; price: string };

/** On the goods page: a dish of the first category, printed at `stationId`. */
export async function createDish(page: Page, base: string, dish: Dish, stationId: string): Promise<void> {
  await page.goto(`${base}#/pages/goods/index`);
  await page.getByTestId('goods-new').click();
  await page.getByTestId('product-code').fill(dish.code);
  await page.getByTestId('product-name-es').fill(dish.es);
  await page.getByTestId('product-name-en').fill(dish.en);
  await page.getByTestId('product-name-zh').fill(dish.zh);
  await page.getByTestId('product-price').fill(dish.price);
  await page.getByTestId('product-station').selectOption(stationId);
  await page.getByTestId('product-save').click();
  await page.getByTestId(`goods-row-${dish.code}`).waitFor();
}

/** On the staff page: a person with a preset role and a PIN. */
export async function createStaff(page: Page, base: string, person: Person, roleId: 'waiter' | 'kitchen' | 'cashier'): Promise<void> {
  await page.goto(`${base}#/pages/staff/index`);
  await page.getByTestId('staff-add').click();
  await page.getByTestId('staff-name').fill(person.name);
  await page.getByTestId('staff-number').fill(person.code);
  await page.getByTestId('staff-role').selectOption(roleId);
  await page.getByTestId('staff-pin').fill(person.pin);
  await page.getByTestId('staff-save').click();
  await page.getByTestId(`staff-row-${person.code}`).waitFor();
}

/**
 * On the printers page: the printer the box found at first start also prints
 * `stationId`'s tickets, and a kitchen screen shows them.
 */
export async function routeStation(page: Page, hub: RunningHub, base: string, stationId: string, screenName: string): Promise<void> {
  await page.goto(`${base}#/pages/printers/index`);
  const found = Object.values(hub.engine.state.printers).find((p) => p.connection.type === 'network');
  if (!found) throw new Error('the box did not add the printer it found at first start');
  await page.getByTestId(`printer-${found.id}`).getByTestId('printer-edit').click();
  await page.getByTestId(`printer-station-${stationId}`).check();
  await page.getByTestId('printer-save').click();
  await page.getByTestId('printer-save').waitFor({ state: 'detached' });
  await page.getByTestId('printer-add').click();
  await page.getByTestId('printer-name').fill(screenName);
  await page.getByTestId('printer-type-screen').check();
  await page.getByTestId(`printer-station-${stationId}`).check();
  await page.getByTestId('printer-save').click();
  await page.getByTestId('printer-save').waitFor({ state: 'detached' });
}
