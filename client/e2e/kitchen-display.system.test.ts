import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { showOnScreen } from '#hub/jobs/printing/screen-target.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import type { KitchenTicket, PrintJob } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage, signInWithKeypad } from './sign-in.ts';

/**
 * The kitchen display in Chromium: a cook (kitchen role) picks the station,
 * tickets the hub shows on that screen appear live in order with their
 * marks, Done clears one, Recall brings it back; screenshots of a 10"
 * tablet (es, zh) and a phone (es).
 */

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-kds-', screenshots: true });
const contexts: BrowserContext[] = [];
const COOK = { id: 'staff-cook', code: '60', pin: '6060' };
const STATION = 'st-cocina';
const WAITER = DEMO_STAFF[2]!;

beforeAll(async () => {
  await asHub(env, 'staff.save', { id: COOK.id, name: 'Mario Huamán', code: COOK.code, roleId: 'kitchen' });
  // The hot kitchen's tickets go to a screen (the menu shows the display only once one is set up).
  await asHub(env, 'printer.save', {
    printer: { id: 'pr-screen', name: 'Pantalla cocina', connection: { type: 'screen' }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: [STATION], drawer: false },
  });
  const owner = await signedIn(env.hub.url, '1', '1111', 'kds-setup');
  const pin = await fetch(new URL(`/api/staff/${COOK.id}/credentials`, env.hub.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: owner }, body: JSON.stringify({ pin: COOK.pin }) });
  expect(pin.status).toBe(200);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function cookPage(device: typeof TILL | typeof PHONE | { viewport: { width: number; height: number } }): Promise<Page> {
  const context = await env.browser.newContext(device);
  contexts.push(context);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, COOK.code, COOK.pin);
  // Signed in, a cook's device is a kitchen screen and goes to the display; a test's own address comes after that.
  await page.waitForURL(/kitchen\/display/);
  return page;
}

/** Shows a ticket on the station's screen as the print runner would; returns its id. */
async function show(over: Partial<KitchenTicket>, minutesAgo: number, job: Partial<PrintJob> = {}): Promise<string> {
  const id = `${randomUUID()}.0`;
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const ticket = kitchenTicket({ station: STATION, stationName: 'Cocina', orderId: randomUUID(), at, ...over });
  const outcome = await showOnScreen(env.hub.engine.submit.bind(env.hub.engine), { id, printerId: 'pr-screen', purpose: 'kitchen', document: { blocks: [], cut: true }, ticket, ...job });
  expect(outcome).toEqual({ ok: true });
  return id;
}

const line = (name: string, qty: number, remark = '', held = false) => ({ lineId: randomUUID(), name, qty, remark, held });

describe('kitchen display', () => {
  const ids: string[] = [];

  it('a cook picks the station; tickets appear live, oldest first, with their marks', async () => {
    const page = await cookPage(TILL);
    await page.getByTestId('nav-kitchen').click();
    await page.getByTestId(`kds-station-${STATION}`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'kds-picker-till-es.png') });
    await page.getByTestId(`kds-station-${STATION}`).click();
    await page.getByTestId('kds-empty').waitFor();

    ids.push(await show({ table: 'S3', orderNo: 41, waiter: 'Lucía Flores', people: 4, lines: [line('Ceviche clásico', 2, 'sin culantro'), line('Lomo saltado', 1), line('Arroz chaufa', 1)] }, 14.2));
    ids.push(await show({ table: 'S1', orderNo: 42, waiter: 'Carlos Mamani', people: 2, marker: 'hold', lines: [line('Ají de gallina', 2, '', true), line('Causa limeña', 1)] }, 6));
    ids.push(await show({ table: 'VIP', orderNo: 43, waiter: 'Lucía Flores', people: 8, marker: 'cancel', reason: 'El cliente cambió de plato', lines: [line('Tallarín saltado', 1)] }, 3));
    ids.push(await show({ table: 'S2', orderNo: 44, waiter: 'Rosa Quispe', people: 3, marker: 'expedite', lines: [line('Pollo a la brasa ¼', 3, 'bien cocido')] }, 22, { reprintOf: 'x.0' }));
    // A tablet whose clock runs behind the hub's: the ticket is "in the future", and reads 0 min.
    ids.push(await show({ table: 'B1', orderNo: 45, waiter: 'Carlos Mamani', people: 1, lines: [line('Chicha morada', 1)] }, -5));
    // Another station's ticket never shows here.
    await show({ station: 'st-bar', table: 'Barra', lines: [line('Pisco sour', 2)] }, 1);

    const cards = page.locator('[data-testid^="kds-ticket-"]');
    await expect.poll(() => cards.count()).toBe(5);
    // Oldest first: S2 (22 min), S3 (14), S1 (6), VIP (3), B1.
    const order = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual([ids[3], ids[0], ids[1], ids[2], ids[4]].map((id) => `kds-ticket-${id}`));
    const card = (id: string) => page.getByTestId(`kds-ticket-${id}`);
    await expect.poll(() => card(ids[1]!).getByTestId('kds-marker').textContent()).toBe('RETENER');
    expect(await card(ids[1]!).textContent()).toContain('EN ESPERA');
    expect(await card(ids[2]!).textContent()).toContain('El cliente cambió de plato');
    expect(await card(ids[3]!).getByTestId('kds-reprint').textContent()).toBe('REIMPRESIÓN');
    // The minutes are redrawn every few seconds from the device's clock.
    await expect.poll(() => card(ids[0]!).getByTestId('kds-elapsed').textContent(), { timeout: 8000 }).toBe('14 min');
    expect(await card(ids[4]!).getByTestId('kds-elapsed').textContent()).toBe('0 min');
    await page.screenshot({ path: path.join(SHOTS, 'kds-board-till-es.png') });

    // Done clears the oldest; the hub records who.
    await card(ids[3]!).getByTestId('kds-bump').click();
    await card(ids[3]!).waitFor({ state: 'detached' });
    await expect.poll(() => env.hub.engine.state.kitchenDisplay.tickets[ids[3]!]?.bumpedBy).toBe(COOK.id);
    expect(await cards.count()).toBe(4);

    // Recall brings it back, in its place.
    await page.getByTestId('kds-recall').click();
    await card(ids[3]!).waitFor();
    await expect.poll(() => env.hub.engine.state.kitchenDisplay.tickets[ids[3]!]?.bumpNo).toBe(0);
    expect(await cards.first().getAttribute('data-testid')).toBe(`kds-ticket-${ids[3]}`);

    await page.getByTestId('language').selectOption('zh');
    await expect.poll(() => page.getByTestId('kds-recall').textContent()).toBe('召回上一单');
    await page.screenshot({ path: path.join(SHOTS, 'kds-board-till-zh.png') });
  });

  it('on a phone, opened straight at the station', async () => {
    const page = await cookPage(PHONE);
    // wouter keeps a route's query in the page's own search, before the hash (as the app's links write it).
    await page.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
    await page.getByTestId(`kds-ticket-${ids[0]}`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'kds-board-phone-es.png'), fullPage: true });
    const box = await page.getByTestId(`kds-ticket-${ids[0]}`).getByTestId('kds-bump').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  it('on a tablet held upright', async () => {
    const page = await cookPage({ viewport: { width: 800, height: 1280 } });
    await page.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
    await page.getByTestId(`kds-ticket-${ids[0]}`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'kds-board-portrait-es.png') });
  });

  it("a waiter's send, tapped on a phone, reaches the screen through its print job, only the hot kitchen's dishes", async () => {
    const page = await cookPage(TILL);
    await page.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
    await page.getByTestId(`kds-ticket-${ids[0]}`).waitFor();
    const before = await page.locator('[data-testid^="kds-ticket-"]').count();
    // A waiter on a phone opens S5 and sends two ceviches (hot kitchen) and a drink (bar).
    const phone = await env.browser.newContext(PHONE);
    contexts.push(phone);
    const waiter = await phone.newPage();
    await signInWithKeypad(waiter, env.hub.url, WAITER.code, WAITER.pin);
    await waiter.getByTestId('table-S5').click();
    await waiter.getByTestId('open-submit').click();
    for (const code of ['101', '101', '403']) await waiter.getByTestId(`product-${code}`).click();
    await waiter.getByTestId('send').click();
    await expect.poll(() => Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s5')?.lines.every((l) => l.sentBatch !== null && l.qty > 0)).toBe(true);
    const orderId = Object.values(env.hub.engine.state.orders).find((o) => o.tableId === 't-s5')!.id;
    const shown = () => Object.values(env.hub.engine.state.kitchenDisplay.tickets).find((k) => k.ticket.orderId === orderId);
    await expect.poll(() => shown()?.ticket.lines.map((l) => [l.name, l.qty]), { timeout: 15_000 }).toEqual([['Ceviche clásico', 2]]);
    const card = page.getByTestId(`kds-ticket-${shown()!.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Ceviche clásico');
    expect(await page.locator('[data-testid^="kds-ticket-"]').count()).toBe(before + 1);
    await card.getByTestId('kds-bump').click();
    await card.waitFor({ state: 'detached' });
  });

  it('a station id the menu does not know gets the picker', async () => {
    const page = await cookPage(TILL);
    await page.goto(`${env.hub.url}?station=constructor#/pages/kitchen/display`);
    await page.getByTestId('kds-picker').waitFor();
  });
});
