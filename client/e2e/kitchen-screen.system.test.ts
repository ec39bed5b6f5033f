import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { showOnScreen } from '#hub/jobs/printing/screen-target.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import { PHONE } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage, signInWithKeypad, tapDigits } from './sign-in.ts';

/**
 * Issue 18 items 4 and 14: a tablet a cook signs in on is a kitchen screen.
 * It lands on its station's display (and reopens it after a reload), shows
 * no amount, and does not lock when a waiter's phone beside it does (both
 * on Chromium's fake clock). When the cook bumps a ticket, the waiter who
 * opened the order gets a toast and the table map marks the table "ready to
 * serve" until the waiter opens it.
 */

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-kscreen-', screenshots: true });
const TABLET = { viewport: { width: 800, height: 1280 }, hasTouch: true } as const;
const COOK = { id: 'staff-cook-2', code: '61', pin: '6161' };
const WAITER = DEMO_STAFF[2]!;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await asHub(env, 'staff.save', { id: COOK.id, name: 'Mario Huamán', code: COOK.code, roleId: 'kitchen' });
  await asHub(env, 'printer.save', {
    printer: { id: 'pr-screen', name: 'Pantalla cocina', connection: { type: 'screen' }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: ['st-cocina'], drawer: false },
  });
  const owner = await signedIn(env.hub.url, '1', '1111', 'kscreen-setup');
  const pin = await fetch(new URL(`/api/staff/${COOK.id}/credentials`, env.hub.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: owner }, body: JSON.stringify({ pin: COOK.pin }) });
  expect(pin.status).toBe(200);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function newPage(device: object): Promise<Page> {
  const context = await env.browser.newContext(device);
  contexts.push(context);
  return context.newPage();
}

describe('a kitchen screen', () => {
  let cook: Page;
  let waiter: Page;

  it('a cook signing in lands on the kitchen display, picks the station once, and a reload reopens it', async () => {
    cook = await newPage(TABLET);
    await cook.clock.install();
    await signInOnPage(cook, env.hub.url, COOK.code, COOK.pin);
    await cook.waitForURL(/kitchen\/display/);
    await cook.getByTestId('kds-station-st-cocina').click();
    await cook.getByTestId('kds-board').waitFor();
    await cook.reload();
    await cook.getByTestId('kds-board').waitFor();
    expect(await cook.getByRole('heading', { level: 1 }).textContent()).toBe('Cocina');
  });

  it('a double tap on Done (wet hands) clears one ticket, not the one sliding under the finger', async () => {
    const ids: string[] = [];
    for (const [table, minutes] of [['T1', 3], ['T2', 2]] as const) {
      const id = `${randomUUID()}.0`;
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      const ticket = kitchenTicket({ station: 'st-cocina', stationName: 'Cocina', orderId: randomUUID(), table, at });
      expect(await showOnScreen(env.hub.engine.submit.bind(env.hub.engine), { id, printerId: 'pr-screen', purpose: 'kitchen', document: { blocks: [], cut: true }, ticket })).toEqual({ ok: true });
      ids.push(id);
    }
    const first = cook.getByTestId(`kds-ticket-${ids[0]}`);
    const second = cook.getByTestId(`kds-ticket-${ids[1]}`);
    await second.waitFor();
    // The cook's clock stands still between the two taps: the second lands where the first card was,
    // on the card that slid into its place, as a quick double tap would.
    const box = (await first.getByTestId('kds-bump').boundingBox())!;
    await cook.clock.pauseAt(new Date(Date.now() + 1000));
    await cook.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => first.count()).toBe(0);
    await cook.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await cook.clock.runFor(1000);
    await cook.clock.resume();
    await expect.poll(() => env.hub.engine.state.kitchenDisplay.tickets[ids[0]!]?.bumpNo).toBeGreaterThan(0);
    expect(await second.count()).toBe(1);
    expect(env.hub.engine.state.kitchenDisplay.tickets[ids[1]!]?.bumpNo).toBe(0);
    // Once the moment has passed, a tap bumps it as usual.
    await second.getByTestId('kds-bump').click();
    await expect.poll(() => env.hub.engine.state.kitchenDisplay.tickets[ids[1]!]?.bumpNo).toBeGreaterThan(0);
  });

  it('the waiter sends a dish; the cook bumps it; the waiter is told and the map marks the table until it is opened', async () => {
    waiter = await newPage(PHONE);
    await waiter.clock.install();
    await signInWithKeypad(waiter, env.hub.url, WAITER.code, WAITER.pin);
    await waiter.getByTestId('table-S4').click();
    await waiter.getByTestId('open-submit').click();
    await waiter.getByTestId('product-201').click();
    await waiter.getByTestId('send').click();
    await expect.poll(() => Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s4')?.lines[0]?.sentBatch).toBe(1);

    const card = cook.locator('[data-testid^="kds-ticket-"]').filter({ hasText: 'S4' });
    await card.waitFor();
    // No amount reaches the kitchen: not on the screen, not in its copy of the state.
    expect(await cook.locator('body').textContent()).not.toMatch(/S\/\s?\d/);
    await cook.screenshot({ path: path.join(SHOTS, 'kds-screen-tablet-es.png') });
    await cook.getByTestId('language').selectOption('zh');
    await expect.poll(() => card.getByTestId('kds-bump').textContent()).not.toBe('Listo');
    await cook.screenshot({ path: path.join(SHOTS, 'kds-screen-tablet-zh.png') });

    await waiter.getByTestId('order-back').click();
    await waiter.getByTestId('table-S4').waitFor();
    await card.getByTestId('kds-bump').click();
    await expect.poll(() => waiter.getByTestId('toast').textContent(), { timeout: 5000 }).toContain('Mesa S4: listo para servir');
    await waiter.getByTestId('ready-S4').waitFor();
    await waiter.screenshot({ path: path.join(SHOTS, 'tables-ready-phone-es.png') });
    // Opening the table is seeing it: the mark goes.
    await waiter.getByTestId('table-S4').click();
    await waiter.getByTestId('send').waitFor();
    await waiter.goBack();
    await waiter.getByTestId('table-S4').waitFor();
    expect(await waiter.getByTestId('ready-S4').count()).toBe(0);
  });

  it('after the idle time the waiter\'s phone locks and the kitchen screen stays on its station; the waiter\'s PIN returns to the table', async () => {
    await waiter.getByTestId('table-S4').click();
    await waiter.getByTestId('send').waitFor();
    await waiter.clock.fastForward('06:00');
    await cook.clock.fastForward('06:00');
    await waiter.getByTestId('pin-login-page').waitFor({ timeout: 5000 });
    await cook.getByTestId('kds-board').waitFor();
    expect(await cook.getByTestId('pin-login-page').count()).toBe(0);
    await expect.poll(() => cook.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200);
    // Unlocking lands where the waiter was (it landed on the map: issue 18 item 4).
    await tapDigits(waiter, WAITER.pin);
    await waiter.getByTestId('numpad-ok').click();
    await waiter.getByTestId('send').waitFor();
    expect(await waiter.getByRole('heading', { level: 1 }).textContent()).toContain('S4');
  });

  it('the cook looking at the table map sees the tables, no amount', async () => {
    await cook.getByTestId('nav-tables').click();
    await cook.getByTestId('table-S4').waitFor();
    expect(await cook.getByTestId('total-S4').count()).toBe(0);
    expect(await cook.locator('body').textContent()).not.toMatch(/S\/\s?\d/);
  });
});
