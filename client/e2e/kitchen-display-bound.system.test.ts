import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { showOnScreen } from '#hub/jobs/printing/screen-target.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import { KDS_MAX_OPEN_TICKETS } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The kitchen display's bound in Chromium (issue 20): a screen nobody bumps
 * fills to KDS_MAX_OPEN_TICKETS; the next ticket retires the oldest, and the
 * cook sees "N pedidos antiguos retirados de la pantalla" above the cards
 * (tablet and phone, es and zh) until Got it takes it away for every tablet.
 */

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-kds-bound-', screenshots: true });
const contexts: BrowserContext[] = [];
const COOK = { id: 'staff-cook-bound', code: '62', pin: '6262' };
const STATION = 'st-cocina';

beforeAll(async () => {
  await asHub(env, 'staff.save', { id: COOK.id, name: 'Mario Huamán', code: COOK.code, roleId: 'kitchen' });
  await asHub(env, 'printer.save', {
    printer: { id: 'pr-screen', name: 'Pantalla cocina', connection: { type: 'screen' }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: [STATION], drawer: false },
  });
  const owner = await signedIn(env.hub.url, '1', '1111', 'kds-bound-setup');
  const pin = await fetch(new URL(`/api/staff/${COOK.id}/credentials`, env.hub.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: owner }, body: JSON.stringify({ pin: COOK.pin }) });
  expect(pin.status).toBe(200);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function cookPage(device: typeof TILL | typeof PHONE): Promise<Page> {
  const context = await env.browser.newContext(device);
  contexts.push(context);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, COOK.code, COOK.pin);
  await page.waitForURL(/kitchen\/display/);
  await page.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
  await page.getByTestId('kds-board').waitFor();
  return page;
}

/** Shows a ticket on the station's screen as the print runner would; returns its id. */
async function show(n: number): Promise<string> {
  const id = `${randomUUID()}.0`;
  const at = new Date(Date.now() - (KDS_MAX_OPEN_TICKETS + 10 - n) * 60_000).toISOString();
  const ticket = kitchenTicket({ station: STATION, stationName: 'Cocina', orderId: randomUUID(), orderNo: n, table: `M${n}`, at });
  expect(await showOnScreen(env.hub.engine.submit.bind(env.hub.engine), { id, printerId: 'pr-screen', purpose: 'kitchen', document: { blocks: [], cut: true }, ticket })).toEqual({ ok: true });
  return id;
}

describe('kitchen display bound', () => {
  it('the screen past its bound drops the oldest tickets and tells the cook, who dismisses the note', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= KDS_MAX_OPEN_TICKETS; n++) ids.push(await show(n));
    const till = await cookPage(TILL);
    const phone = await cookPage(PHONE);
    await till.getByTestId(`kds-ticket-${ids[0]}`).waitFor();
    expect(await till.getByTestId('kds-retired').count()).toBe(0);

    // Two more: the two oldest leave the screen, the note says so on every tablet of the station.
    ids.push(await show(KDS_MAX_OPEN_TICKETS + 1), await show(KDS_MAX_OPEN_TICKETS + 2));
    const note = till.getByTestId('kds-retired');
    await note.waitFor();
    expect(await note.textContent()).toContain('2 pedidos antiguos retirados de la pantalla');
    await till.getByTestId(`kds-ticket-${ids[0]}`).waitFor({ state: 'detached' });
    expect(await till.getByTestId(`kds-ticket-${ids[1]}`).count()).toBe(0);
    await till.getByTestId(`kds-ticket-${ids[2]}`).waitFor();
    expect(await till.getByTestId('kds-count').textContent()).toContain(String(KDS_MAX_OPEN_TICKETS));
    await till.screenshot({ path: path.join(SHOTS, 'kds-retired-till-es.png') });

    await phone.getByTestId('kds-retired').waitFor();
    await phone.screenshot({ path: path.join(SHOTS, 'kds-retired-phone-es.png') });
    // The note and its button fit the phone's width, and the button takes a thumb.
    const box = await phone.getByTestId('kds-retired').boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
    expect((await phone.getByTestId('kds-retired-dismiss').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    await phone.getByTestId('language').selectOption('zh');
    await expect.poll(() => phone.getByTestId('kds-retired').textContent()).toContain('2 张旧单已从屏幕移除');
    await phone.screenshot({ path: path.join(SHOTS, 'kds-retired-phone-zh.png') });

    // Got it on the tablet: the note leaves the hub's state and the phone too.
    await till.getByTestId('kds-retired-dismiss').click();
    await note.waitFor({ state: 'detached' });
    await phone.getByTestId('kds-retired').waitFor({ state: 'detached' });
    expect(env.hub.engine.state.kitchenDisplay.retired).toEqual({});
    // The retired tickets' jobs are still the hub's record: done, with their tickets.
    expect(env.hub.engine.state.kitchenDisplay.tickets[ids[0]!]).toBeUndefined();
  });
});
