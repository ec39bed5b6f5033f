import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../installer/client-build.ts';
import { launchBrowser, PHONE, TILL } from './browser.ts';
import { CLAIM, claimOnPage } from './claim.ts';
import { asHub } from './hub-commands.ts';
import { SHOTS, withFreshHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 18 item 1: a hub claimed for real (no demo) has no table. The owner,
 * on a phone, goes from the empty map to the setup page in one tap, creates
 * areas and tables (one by one and ten in a row), meets the refusals (a name
 * taken, an area with tables, a table with guests), renames the restaurant;
 * a till signed in beside it sees every table appear on its map live. The
 * e-invoicing page starts from the RUC and name typed at the claim.
 * Screenshots (phone 360x740 in es and zh, till 1280x800) go to test-artifacts/screenshots.
 */

const PIN = CLAIM.pin;
const RUC = CLAIM.ruc;
let browser: Browser;

beforeAll(() => {
  ensureClientBuilt(() => undefined);
  mkdirSync(SHOTS, { recursive: true });
});
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `floor-${name}.png`), fullPage: true });

describe('the owner sets up areas and tables on a claimed hub', () => {
  it('from the empty map to ten tables in a row, seen live on a second device', { timeout: 180_000 }, async () => {
    await withFreshHub('pos-floor-setup-', async (hub) => {
      const phoneContext = await browser.newContext(PHONE);
      const phone = await phoneContext.newPage();
      await claimOnPage(phone, hub);
      const tillContext = await browser.newContext(TILL);
      const till = await tillContext.newPage();
      await signInOnPage(till, hub.url, '1', PIN);
      await till.goto(`${hub.url}#/pages/dining_table/index`);
      await till.getByTestId('tables-empty').waitFor();

      // The empty map leads the owner to the setup page in one tap.
      await phone.goto(`${hub.url}#/pages/dining_table/index`);
      await phone.getByTestId('tables-setup').waitFor();
      await shot(phone, 'empty-map-phone-es');
      await phone.getByTestId('tables-setup').click();
      await phone.getByTestId('floor-page').waitFor();
      await shot(phone, 'empty-phone-es');

      // Two areas; the first is selected.
      for (const name of ['Salón', 'Terraza']) {
        await phone.getByTestId('floor-new-area').fill(name);
        await phone.getByTestId('floor-add-area').click();
        await phone.getByTestId(`floor-area-${name}`).waitFor();
      }
      await phone.getByTestId('floor-area-Salón').getByRole('button', { name: /Salón/ }).click();
      // Ten tables in a row: M1..M10 in Salón.
      await phone.getByTestId('floor-add-many').click();
      await phone.getByTestId('floor-many-prefix').fill('M');
      await phone.getByTestId('floor-many-from').fill('1');
      await phone.getByTestId('floor-many-count').fill('10');
      expect(await phone.getByTestId('floor-many-preview').textContent()).toContain('M1, M2');
      await shot(phone, 'many-phone-es');
      await phone.getByTestId('floor-many-add').click();
      await phone.getByTestId('floor-table-M10').waitFor();
      // The till's map shows them without a reload.
      await till.getByTestId('table-M1').waitFor();
      await till.getByTestId('table-M10').waitFor();

      // One table in the terrace: a private room with a S/ 50 minimum.
      await phone.getByTestId('floor-area-Terraza').getByRole('button', { name: /Terraza/ }).click();
      await phone.getByTestId('floor-add-table').click();
      await phone.getByTestId('floor-table-name').fill('T1');
      await phone.getByTestId('floor-table-type').selectOption('private_free');
      await phone.getByTestId('floor-table-minimum').fill('50');
      await phone.getByTestId('floor-table-save').click();
      await phone.getByTestId('floor-table-T1').waitFor();
      await till.getByRole('tab', { name: 'Terraza' }).click();
      await till.getByTestId('table-T1').waitFor();
      expect(Object.values(hub.engine.state.tables).find((t) => t.name === 'T1')).toMatchObject({ type: 'private_free', minConsumptionCents: 5000 });

      // A name already on the floor is refused with its text, and nothing changes.
      await phone.getByTestId('floor-table-T1').click();
      await phone.getByTestId('floor-table-name').fill('m3');
      await phone.getByTestId('floor-table-save').click();
      expect(await phone.getByTestId('floor-table-error').textContent()).toBe('Ya hay una mesa con ese nombre');
      // Moving it to Salón under a new name works.
      await phone.getByTestId('floor-table-name').fill('Ventana');
      await phone.getByTestId('floor-table-area').selectOption({ label: 'Salón' });
      await phone.getByTestId('floor-table-save').click();
      await phone.getByTestId('floor-area-Salón').getByRole('button', { name: /Salón/ }).click();
      await phone.getByTestId('floor-table-Ventana').waitFor();

      // An area with tables cannot go; an empty one can.
      await phone.getByTestId('floor-area-Salón').getByTestId('floor-area-remove').click();
      await phone.getByTestId('floor-area-remove-confirm').click();
      expect(await phone.getByTestId('floor-areas-error').textContent()).toContain('todavía tiene mesas');
      await phone.getByTestId('floor-area-Terraza').getByTestId('floor-area-remove').click();
      await phone.getByTestId('floor-area-remove-confirm').click();
      await phone.getByTestId('floor-area-Terraza').waitFor({ state: 'detached' });
      // The till was showing the terrace: its map falls back to every table.
      await till.getByTestId('table-Ventana').waitFor();
      await till.getByTestId('table-M2').waitFor();

      // A table with guests cannot be removed; a free one can, and leaves the till's map.
      const m1 = Object.values(hub.engine.state.tables).find((t) => t.name === 'M1')!;
      await asHub({ hub, browser }, 'table.open', { tableId: m1.id, orderId: randomUUID(), people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
      await phone.getByTestId('floor-table-M1').click();
      await phone.getByTestId('floor-table-remove').click();
      expect(await phone.getByTestId('floor-table-remove-confirm').isDisabled()).toBe(true);
      await shot(phone, 'in-use-phone-es');
      await phone.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).last().click();
      await phone.getByTestId('floor-table-M10').click();
      await phone.getByTestId('floor-table-remove').click();
      await phone.getByTestId('floor-table-remove-confirm').click();
      await phone.getByTestId('floor-table-M10').waitFor({ state: 'detached' });
      await till.getByTestId('table-M10').waitFor({ state: 'detached' });

      // The restaurant's name, renamed here, is the hub's.
      await phone.getByTestId('floor-name').fill('Cevichería Mar Azul');
      await phone.getByTestId('floor-rename').click();
      // The toast comes with the hub's acknowledgement: the name is on disk by then.
      await phone.getByText('Nombre guardado').waitFor();
      expect(hub.engine.state.restaurant.name).toBe('Cevichería Mar Azul');
      expect(await phone.getByTestId('floor-ruc').textContent()).toContain(RUC);
      await shot(phone, 'phone-es');
      await till.goto(`${hub.url}#/pages/floor/index`);
      await till.getByTestId('floor-table-M9').waitFor();
      await shot(till, 'till-es');

      // The e-invoicing page starts from what the claim typed.
      await phone.getByTestId('floor-fiscal').click();
      await phone.getByTestId('fiscal-page').waitFor();
      expect(await phone.getByTestId('fiscal-ruc').inputValue()).toBe(RUC);
      expect(await phone.getByTestId('fiscal-tradeName').inputValue()).toBe('Cevichería Mar Azul');

      // Chinese on the phone.
      const zhContext = await browser.newContext(PHONE);
      await zhContext.addInitScript(() => localStorage.setItem('language', 'zh'));
      const zh = await zhContext.newPage();
      await signInOnPage(zh, hub.url, '1', PIN);
      await zh.goto(`${hub.url}#/pages/floor/index`);
      await zh.getByTestId('floor-table-M9').waitFor();
      await shot(zh, 'phone-zh');
      await zh.getByTestId('floor-add-many').click();
      await shot(zh, 'many-phone-zh');
      await Promise.all([phoneContext.close(), tillContext.close(), zhContext.close()]);
    });
  });
});
