import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { showOnScreen } from '#hub/jobs/printing/screen-target.ts';
import { signedIn } from '#hub/testing/auth-helpers.ts';
import type { KitchenTicket } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * A take-away's and a delivery's cards on the kitchen display (issue 21): no table, their pickup
 * code white on black in the kitchen's language ("PARA LLEVAR 042", "外卖 043"), the order code
 * beside the waiter; screenshots on a till (es, zh) and a phone (es).
 */

const env = useBrowserHub({ tmpPrefix: 'pos-e2e-kds-takeout-', screenshots: true });
const contexts: BrowserContext[] = [];
const COOK = { id: 'staff-cook-t', code: '61', pin: '6161' };
const STATION = 'st-cocina';

beforeAll(async () => {
  await asHub(env, 'staff.save', { id: COOK.id, name: 'Mario Huamán', code: COOK.code, roleId: 'kitchen' });
  await asHub(env, 'printer.save', {
    printer: { id: 'pr-screen', name: 'Pantalla cocina', connection: { type: 'screen' }, paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native', language: 'es', receipts: false, prebills: false, stations: [STATION], drawer: false },
  });
  const owner = await signedIn(env.hub.url, '1', '1111', 'kds-takeout-setup');
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
  return page;
}

async function show(over: Partial<KitchenTicket>): Promise<string> {
  const id = `${randomUUID()}.0`;
  const ticket = kitchenTicket({ station: STATION, stationName: 'Cocina', orderId: randomUUID(), at: new Date().toISOString(), ...over });
  const outcome = await showOnScreen(env.hub.engine.submit.bind(env.hub.engine), { id, printerId: 'pr-screen', purpose: 'kitchen', document: { blocks: [], cut: true }, ticket });
  expect(outcome).toEqual({ ok: true });
  return id;
}

const line = (name: string, qty: number, remark = '') => ({ lineId: randomUUID(), name, qty, remark, held: false });

describe('kitchen display: take-away and delivery cards', () => {
  it('show the pickup code where a table’s card shows the table', async () => {
    const page = await cookPage(TILL);
    await page.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
    await page.getByTestId('kds-empty').waitFor();
    const ids = [
      await show({ table: 'S3', orderNo: 40, waiter: 'Lucía Flores', people: 4, lines: [line('Ceviche clásico', 2, 'sin culantro')] }),
      await show({ table: '', orderNo: 41, waiter: 'Cajera', people: 1, takeout: { method: 1, pickupCode: '042', code: 'T-0042' }, lines: [line('Lomo saltado', 2), line('Arroz chaufa', 1)] }),
      await show({ table: '', orderNo: 42, waiter: 'Despacho', people: 1, takeout: { method: 0, pickupCode: '043', code: 'T-0043' }, lines: [line('Pollo a la brasa ¼', 3, 'sin ensalada')] }),
    ];
    const takeout = (id: string) => page.getByTestId(`kds-ticket-${id}`).getByTestId('kds-takeout');
    await expect.poll(() => takeout(ids[1]!).textContent()).toBe('PARA LLEVAR 042');
    expect(await takeout(ids[2]!).textContent()).toBe('DELIVERY 043');
    expect(await page.getByTestId(`kds-ticket-${ids[0]}`).getByTestId('kds-takeout').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'kds-takeout-till-es.png') });
    await page.getByTestId('language').selectOption('zh');
    await expect.poll(() => takeout(ids[2]!).textContent()).toBe('外卖 043');
    expect(await takeout(ids[1]!).textContent()).toBe('外带 042');
    await page.screenshot({ path: path.join(SHOTS, 'kds-takeout-till-zh.png') });

    const phone = await cookPage(PHONE);
    await phone.goto(`${env.hub.url}?station=${STATION}#/pages/kitchen/display`);
    await phone.getByTestId(`kds-ticket-${ids[1]}`).waitFor();
    await phone.screenshot({ path: path.join(SHOTS, 'kds-takeout-phone-es.png'), fullPage: true });
  });
});
