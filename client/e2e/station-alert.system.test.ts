import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIRTUAL_PRINTER } from '#protocol';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 18 item 19 on the screen: the demo's stations print on the virtual
 * printer, so nobody is warned; once nothing prints the bar, the waiter's
 * phone and the owner's till name it and where its dishes print instead; as
 * soon as a printer takes it again the banner goes, live.
 */
const env = useBrowserHub({ tmpPrefix: 'pos-station-alert-', screenshots: true });

describe('a station nothing prints', () => {
  it('the waiter and the owner see it named, with where its dishes go, until a printer takes it', { timeout: 120_000 }, async () => {
    const url = env.hub.url;
    const waiterContext = await env.browser.newContext(PHONE);
    const waiter = await waiterContext.newPage();
    await signInOnPage(waiter, url, '3', '3333');
    await waiter.goto(`${url}#/pages/dining_table/index`);
    await waiter.getByTestId('table-S1').waitFor();
    expect(await waiter.getByTestId('station-alert').count()).toBe(0);

    // The owner adds a receipt printer and takes the bar off the virtual printer.
    await asHub(env, 'printer.save', { printer: { ...VIRTUAL_PRINTER, id: 'pr-caja', name: 'Caja', connection: { type: 'network', host: '127.0.0.1', port: 9 }, receipts: true, stations: [] } });
    await asHub(env, 'printer.save', { printer: { ...VIRTUAL_PRINTER, stations: ['st-cocina'] } });
    const line = waiter.getByTestId('station-alert-st-bar');
    await line.waitFor();
    expect(await line.textContent()).toBe('Bar no tiene impresora ni pantalla: sus platos se imprimen en Caja, con una nota.');
    // A waiter may not change printers: no button to that page.
    expect(await waiter.getByTestId('station-alert-open').count()).toBe(0);
    await waiter.screenshot({ path: path.join(SHOTS, 'station-alert-phone-es.png') });

    const ownerContext = await env.browser.newContext(TILL);
    await ownerContext.addInitScript(() => localStorage.setItem('language', 'zh'));
    const owner = await ownerContext.newPage();
    await signInOnPage(owner, url, '1', '1111');
    await owner.goto(`${url}#/pages/dining_table/index`);
    await owner.getByTestId('station-alert-st-bar').waitFor();
    await owner.getByTestId('table-S1').waitFor();
    await owner.screenshot({ path: path.join(SHOTS, 'station-alert-till-zh.png') });
    await owner.getByTestId('station-alert-open').click();
    await owner.waitForURL(/pages\/printers\/index/);

    // The bar printer comes: the banner goes on every device.
    await asHub(env, 'printer.save', { printer: { ...VIRTUAL_PRINTER, stations: ['st-cocina', 'st-bar'] } });
    await waiter.getByTestId('station-alert').waitFor({ state: 'detached' });
    await owner.getByTestId('station-alert').waitFor({ state: 'detached' });
    await Promise.all([waiterContext.close(), ownerContext.close()]);
  });
});
