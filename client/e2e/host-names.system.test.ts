import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

const owner = DEMO_STAFF[0]!;
const contexts: BrowserContext[] = [];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-hosts-' });

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

describe('the names the hub answers to (staff page, security)', () => {
  it('the owner adds a name as a browser would send it, a bad one is refused on the page, and removes it again', async () => {
    const context = await env.browser.newContext(TILL);
    contexts.push(context);
    const page = await context.newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.goto(`${env.hub.url}#/pages/staff/index`);
    const input = page.getByTestId('host-name-input');
    await input.fill('caja lan');
    await input.press('Enter');
    await page.locator('[data-testid="host-names"] .field-error').waitFor();
    expect(env.hub.engine.state.settings.hostNames ?? []).toEqual([]);
    await input.fill('Caja.LAN');
    await input.press('Enter');
    await expect.poll(() => env.hub.engine.state.settings.hostNames).toEqual(['caja.lan']);
    await page.getByText('caja.lan', { exact: true }).waitFor();
    // The idle lock, saved next to it, keeps the names.
    await page.getByTestId('idle-lock').selectOption('10');
    await expect.poll(() => env.hub.engine.state.settings.idleLockMinutes).toBe(10);
    expect(env.hub.engine.state.settings.hostNames).toEqual(['caja.lan']);
    await page.getByRole('button', { name: /caja\.lan/ }).click();
    await expect.poll(() => env.hub.engine.state.settings.hostNames).toEqual([]);
  });
});
