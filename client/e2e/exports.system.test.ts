import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { readManifest } from '#hub/exports/folder.ts';
import { businessDayOf, closingHourOf, orderTotals } from '#domain';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * The exports page in Chromium: the owner finds it in the menu next to the
 * e-invoices; the demo hub sold nothing the day before, so the closing hour
 * exported nothing; the owner exports that day by hand, asks for it again,
 * downloads a file (the very bytes of the folder), and the page on a 360 px
 * phone in Spanish; a waiter has no entry.
 */

const owner = DEMO_STAFF[0]!;
const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const contexts: BrowserContext[] = [];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-exports-', screenshots: true });

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function page(device: typeof PHONE | typeof TILL, code: string, pin: string): Promise<Page> {
  const context = await env.browser.newContext({ ...device, acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem('language', 'es_US'));
  contexts.push(context);
  const p = await context.newPage();
  await signInOnPage(p, env.hub.url, code, pin);
  return p;
}

const exportedDay = () => [...env.hub.engine.jobs.values()].find((j) => j.kind === 'export.day')?.payload.day;

describe('exports page', () => {
  it('a day the restaurant sold nothing is not exported by itself; the owner exports it from the page, again, and downloads a file', async () => {
    const root = env.hub.exports.root;
    const p = await page(TILL, owner.code, owner.pin);
    await p.getByTestId('nav-exports').click();
    await p.getByTestId('exports-page').waitFor();
    // The demo hub sold nothing the day before: the closing hour asked for nothing (hub/exports/planner.ts).
    await env.hub.exports.planner.runNow();
    expect(exportedDay()).toBeUndefined();
    expect(await p.getByTestId('exports-usb-none').textContent()).toContain('Conecte una memoria USB');

    // "Export now" for the day before (the default): the folder is written and listed.
    const day = await p.getByTestId('exports-day').inputValue();
    await p.getByTestId('exports-run').click();
    await expect.poll(async () => (await readManifest(root, day)) !== null, { timeout: 10_000 }).toBe(true);
    const first = (await readManifest(root, day))!;
    const row = p.getByTestId(`exports-day-${day}`);
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId('exports-folder').textContent(), { timeout: 10_000 }).toBe('Carpeta: Hecho');

    // Again: the folder is written anew.
    await p.getByTestId('exports-run').click();
    await expect.poll(async () => (await readManifest(root, day))?.createdAt, { timeout: 10_000 }).not.toBe(first.createdAt);

    // No mail server saved: the day's mail says "not set up" (never "in progress"), with the way to set it; the heading is there once.
    expect(await row.getByTestId('exports-mail').textContent()).toBe('Correo: Sin configurar');
    await row.getByTestId('exports-mail-setup').click();
    await p.getByTestId('mail-settings').waitFor();
    expect(await p.getByRole('heading', { name: 'Envío por correo' }).count()).toBe(1);

    const name = `ventas-${day}.csv`;
    const [download] = await Promise.all([p.waitForEvent('download'), row.getByTestId(`exports-file-${name}`).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const got = readFileSync((await download.path())!);
    await expect.poll(() => got.equals(readFileSync(path.join(root, day, name)))).toBe(true);
  });

  it('with a bill today, the page offers today (not an empty yesterday)', async () => {
    const orderId = await servedOrder(env, 't-s4');
    const due = orderTotals(env.hub.engine.state.orders[orderId]!, 0).totalCents;
    await asHub(env, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: due }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const today = businessDayOf(new Date().toISOString(), closingHourOf(env.hub.engine.state.settings));
    const p = await page(TILL, owner.code, owner.pin);
    await p.goto(`${env.hub.url}#/pages/exports/index`);
    await p.getByTestId('exports-day-why').waitFor();
    expect(await p.getByTestId('exports-day').inputValue()).toBe(today);
    expect(await p.getByTestId('exports-day-why').textContent()).toContain('Hoy ya tiene ventas');
  });

  it('on a 360 px phone, in Spanish', async () => {
    const p = await page(PHONE, owner.code, owner.pin);
    await p.goto(`${env.hub.url}#/pages/exports/index`);
    await p.getByTestId('exports-page').waitFor();
    await p.locator('[data-testid^="exports-day-2"]').first().waitFor();
    // Nothing wider than the screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await p.screenshot({ path: path.join(SHOTS, 'exports-360-es.png') });
  });

  it('a waiter has no entry for it', async () => {
    const p = await page(TILL, waiter.code, waiter.pin);
    await p.getByTestId('nav-tables').waitFor();
    expect(await p.getByTestId('nav-exports').count()).toBe(0);
  });
});
