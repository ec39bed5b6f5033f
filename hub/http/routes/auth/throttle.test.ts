import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../../demo/staff.ts';
import type { SecurityAlert } from '../../../protocol/index.ts';
import { command, postCommand, signIn, signInPin, signedIn, startTestHub, type TestHub } from '../../../testing/test-hub.ts';

let t: TestHub;
let now = Date.parse('2025-03-14T19:00:00Z');
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

beforeAll(async () => {
  t = await startTestHub({ clock: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

/** A sign-in from another address of the loopback network: another phone, as far as the hub can tell. */
function signInFrom(localAddress: string, identifier: string, secret: string): Promise<{ status: number; code: string; retryAfter: string | undefined }> {
  const body = JSON.stringify({ identifier, secret, deviceId: `phone-${localAddress}` });
  return new Promise((resolve, reject) => {
    const req = request(new URL('/api/auth/signin', t.url), { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        const json = JSON.parse(text) as { code?: string };
        resolve({ status: res.statusCode ?? 0, code: json.code ?? 'OK', retryAfter: res.headers['retry-after'] });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

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

  it('counts guesses across the whole hub from devices not enrolled, so cycling addresses does not help; enrolled devices go on', async () => {
    now += 2 * 60 * 60_000;
    const till = await signedIn(t.url, owner.code, owner.pin, 'owner-till');
    // Four "phones" use their 5 free tries each (an unknown number: no person's count moves).
    for (let ip = 2; ip <= 5; ip++) {
      for (let i = 0; i < 5; i++) expect((await signInFrom(`127.0.0.${ip}`, '999', '1234')).code).toBe('WRONG_CREDENTIALS');
    }
    expect((await signInFrom('127.0.0.6', '999', '1234')).code).toBe('WRONG_CREDENTIALS');
    const next = await signInFrom('127.0.0.7', waiter.code, waiter.pin);
    expect(next.status).toBe(429);
    expect(Number(next.retryAfter)).toBe(10);
    expect(alerts().some((a) => a.scope === 'hub' && a.failures === 21)).toBe(true);
    // The owner's till is enrolled: the hub-wide lock does not stop the restaurant.
    expect((await signIn(t.url, owner.code, owner.pin, 'owner-till', till)).status).toBe(200);
  });
});
