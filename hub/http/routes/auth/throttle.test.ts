import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { SecurityAlert } from '#protocol';
import { command, postCommand, signIn, signInPin, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
let now = Date.parse('2025-03-14T19:00:00Z');
const [, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

beforeAll(async () => {
  t = await startTestHub({ clock: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

const alerts = () => Object.values(t.hub.engine.state.alerts) as SecurityAlert[];

describe('wrong PINs are throttled with growing delays, logged and shown to the owner', () => {
  it('locks a person after 5 wrong PINs for 30 s, then 60 s; even the right PIN waits; an alert is raised once', async () => {
    const phone = await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
    for (let i = 0; i < 5; i++) expect((await signIn(t.url, waiter.code, '0000', 'waiter-phone', phone.cookie)).body).toMatchObject({ code: 'WRONG_CREDENTIALS' });
    expect(alerts()).toEqual([]);
    expect((await signIn(t.url, waiter.code, '0001', 'waiter-phone', phone.cookie)).body).toMatchObject({ code: 'WRONG_CREDENTIALS' });

    const locked = await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone', phone.cookie);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: '30' });
    expect(locked.retryAfter).toBe('30');
    // The PIN screen of the same device is locked too.
    expect((await signInPin(t.url, waiter.pin, phone.cookie)).status).toBe(429);

    const [alert] = alerts();
    expect(alert).toMatchObject({ scope: 'staff', staffId: waiter.id, deviceId: 'waiter-phone', failures: 6, lockedSeconds: 30, dismissed: false });

    now += 30_000;
    expect((await signIn(t.url, waiter.code, '0002', 'waiter-phone', phone.cookie)).body).toMatchObject({ code: 'WRONG_CREDENTIALS' });
    expect((await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone', phone.cookie)).retryAfter).toBe('60');
    // One alert per lock-out, not one per attempt.
    expect(alerts()).toHaveLength(1);

    // Others are not held up: the cashier signs in from the same hub meanwhile.
    expect((await signIn(t.url, cashier.code, cashier.pin, 'till-2')).status).toBe(200);
    now += 60_000;
    expect((await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone', phone.cookie)).status).toBe(200);
  });

  it('only staff managers may dismiss the alert', async () => {
    const [alert] = alerts();
    const waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone-2');
    const refused = await postCommand(t.url, command('security.dismissAlert', { alertId: alert!.id }), {}, { cookie: waiterCookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'staff' });
    const ok = await postCommand(t.url, command('security.dismissAlert', { alertId: alert!.id }));
    expect(ok.status).toBe(200);
    expect(t.hub.engine.state.alerts[alert!.id]?.dismissed).toBe(true);
  });
});
