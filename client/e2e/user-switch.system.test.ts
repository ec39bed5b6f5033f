import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { TILL } from './browser.ts';
import { FlakyLink } from './flaky-link.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage, tapDigits } from './sign-in.ts';

/**
 * A user switch on a shared till while the live channel is down: the
 * cashier signing in after the owner must never be shown, nor left in the
 * device's storage, the owner's copy (security alerts naming a device, every
 * role). Sign-in itself is plain HTTP, which the cut link still carries.
 */

const [owner, cashier] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-switch-' });

type Kept = { view?: string; packed?: { alerts: Record<string, unknown>; roles: Record<string, unknown> } };
/** The copy the device keeps in IndexedDB (packed: hub/protocol/snapshot-codec.ts). */
function kept(page: Page): Promise<Kept | null> {
  return page.evaluate(
    () =>
      new Promise<Kept | null>((resolve, reject) => {
        const open = indexedDB.open('pos-replica', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').get('current');
          req.onsuccess = () => {
            open.result.close();
            resolve((req.result as Kept | undefined) ?? null);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
const summary = (k: Kept | null) => ({ alerts: Object.keys(k?.packed?.alerts ?? {}), roles: Object.keys(k?.packed?.roles ?? {}).sort(), view: k?.view ?? null });

describe('a user switch with the hub out of reach', () => {
  it("the cashier never sees the owner's copy, on screen or in storage", async () => {
    const engine = env.hub.engine;
    const reply = await engine.submit(
      hubCommand('security.raiseAlert', { id: 'alert-x', scope: 'device', staffId: cashier.id, deviceId: 'phone-77', failures: 9, lockedSeconds: 60 }, 'hub', new Date()),
      { staffId: null, deviceId: 'hub' },
    );
    expect(reply.ok).toBe(true);
    const link = new FlakyLink(env.hub.port);
    const base = await link.ready;
    const context = await env.browser.newContext(TILL);
    const till = await context.newPage();
    // The cashier has signed in on this till before (so a PIN alone switches to them), then the owner.
    await signInOnPage(till, base, cashier.code, cashier.pin);
    await till.getByTestId('sign-out').click();
    await signInOnPage(till, base, owner.code, owner.pin);
    await expect.poll(async () => summary(await kept(till)).alerts, { timeout: 10_000 }).toEqual(['alert-x']);
    expect(summary(await kept(till)).roles.length).toBeGreaterThan(1);

    // The Wi-Fi drops the live channel; the cashier takes the till by PIN (HTTP still passes).
    link.sever();
    await till.getByTestId('switch-user').click();
    await till.getByTestId('pin-login-page').waitFor();
    await tapDigits(till, cashier.pin);
    await till.getByTestId('numpad-ok').click();
    await expect.poll(() => till.getByTestId('session-name').textContent(), { timeout: 10_000 }).toBe(cashier.name);
    // Narrowed at once by the hub's own presenters, and kept so: no alert, their own role only, a view the hub will replace.
    await expect.poll(async () => summary(await kept(till)), { timeout: 10_000 }).toEqual({ alerts: [], roles: ['cashier'], view: '' });
    expect(JSON.stringify(await kept(till))).not.toContain('phone-77');
    expect(await till.content()).not.toContain('phone-77');

    // Back in reach: the hub sends the cashier's own snapshot, named for their view.
    link.restore();
    await expect.poll(async () => summary(await kept(till)).view, { timeout: 15_000 }).not.toBe('');
    expect(summary(await kept(till))).toMatchObject({ alerts: [], roles: ['cashier'] });
    await context.close();
    await link.close();
  });
});
