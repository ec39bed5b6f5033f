import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { SecurityAlert } from '#protocol';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { byCode, postFrom, type Answer, type From } from './from-address.ts';

/**
 * Issue 7, item 5: lock-out must not be a weapon. Each test plays the
 * attacker from loopback addresses of its own (each one "another phone"),
 * then checks that the people attacked still get in where the rules table
 * of hub/auth/README.md says they do, and that the attacker does not.
 */
let t: TestHub;
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (identifier: string, secret: string, from: From = {}, deviceId = `phone-${from.localAddress ?? 'local'}`) =>
  postFrom(t.url, '/api/auth/signin', { identifier, secret, deviceId }, from);
const pin = (p: string, from: From, staffId?: string) => postFrom(t.url, '/api/auth/pin', staffId ? { pin: p, staffId } : { pin: p }, from);

/** `n` wrong tries, one after another; their answers. */
async function tries(n: number, one: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < n; i++) out.push(await one(i));
  return out;
}
const wrong = (i: number) => String(7000 + i);
const alerts = () => Object.values(t.hub.engine.state.alerts) as SecurityAlert[];

describe('an attacker slows down only themself', () => {
  it("a stranger's wrong PINs for N do not lock N out of N's enrolled till; the stranger is locked, the owner alerted", async () => {
    const till = await signIn(cashier.code, cashier.pin, { localAddress: '127.0.0.20' }, 'cashier-till');
    expect(till.status).toBe(200);
    const guesses = await tries(40, (i) => signIn(cashier.code, wrong(i), { localAddress: '127.0.0.21' }));
    expect(byCode(guesses)).toEqual({ WRONG_CREDENTIALS: 6, TOO_MANY_ATTEMPTS: 34 });
    expect(alerts().some((a) => a.staffId === cashier.id && a.failures === 6)).toBe(true);

    const onTill = { localAddress: '127.0.0.20', cookie: till.cookie };
    expect(await signIn(cashier.code, cashier.pin, onTill, 'cashier-till')).toMatchObject({ status: 200 });
    expect(await pin(cashier.pin, onTill, cashier.id)).toMatchObject({ status: 200 });
    expect(await pin(cashier.pin, onTill)).toMatchObject({ status: 200 });
    // The stranger is still locked, even with the right PIN.
    expect(await signIn(cashier.code, cashier.pin, { localAddress: '127.0.0.21' })).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  });

  it("a waiter tapping the owner on the waiter's phone locks only that phone's PIN screen, never the owner", async () => {
    const phone = await signIn(waiter.code, waiter.pin, { localAddress: '127.0.0.30' }, 'waiter-phone');
    const onPhone = { localAddress: '127.0.0.30', cookie: phone.cookie };
    const guesses = await tries(40, (i) => pin(wrong(i), onPhone, owner.id));
    expect(byCode(guesses)).toEqual({ WRONG_CREDENTIALS: 11, TOO_MANY_ATTEMPTS: 29 });

    // The owner, on the till where they signed in (startTestHub's `test-device`): every way in works.
    const ownTill = { cookie: t.cookie };
    expect(await pin(owner.pin, ownTill, owner.id)).toMatchObject({ status: 200 });
    expect(await pin(owner.pin, ownTill)).toMatchObject({ status: 200 });
    expect(await signIn(owner.code, owner.pin, ownTill, 'test-device')).toMatchObject({ status: 200 });
    // And on a brand-new device: the waiter's PIN-screen guesses never counted against the owner.
    expect(await signIn(owner.code, owner.pin, { localAddress: '127.0.0.31' })).toMatchObject({ status: 200 });
    // The waiter's phone: its PIN screen waits; the waiter's own number and PIN still work there.
    expect(await pin(waiter.pin, onPhone)).toMatchObject({ status: 429 });
    expect(await signIn(waiter.code, waiter.pin, onPhone, 'waiter-phone')).toMatchObject({ status: 200 });
  });

  it("guesses from several addresses stop nobody's new device but for the person they named, and never that person's own device", async () => {
    const phone = await signIn(waiter.code, waiter.pin, { localAddress: '127.0.0.39' }, 'waiter-own-phone');
    expect(phone.status).toBe(200);
    // Four "phones": each guesses 3 times at the waiter's number and 5 times at a number nobody has.
    const named: Answer[] = [];
    const nobody: Answer[] = [];
    for (let ip = 40; ip < 44; ip++) {
      const from = { localAddress: `127.0.0.${ip}` };
      named.push(...(await tries(3, (i) => signIn(waiter.code, wrong(i), from))));
      nobody.push(...(await tries(5, (i) => signIn('999', wrong(i), from))));
    }
    // The waiter's count across devices they never used: 10 free, the 11th locks it, the 12th waits.
    expect(byCode(named)).toEqual({ WRONG_CREDENTIALS: 11, TOO_MANY_ATTEMPTS: 1 });
    // No counter is shared by everyone: each address used 8 of its own 10 free tries.
    expect(byCode(nobody)).toEqual({ WRONG_CREDENTIALS: 20 });
    // A new device of anyone else signs in at once.
    expect(await signIn(cashier.code, cashier.pin, { localAddress: '127.0.0.45' })).toMatchObject({ status: 200 });
    // The waiter waits on a device never used before...
    expect(await signIn(waiter.code, waiter.pin, { localAddress: '127.0.0.46' })).toMatchObject({ status: 429 });
    // ...but not on their own phone, by number or by PIN alone.
    const own = { localAddress: '127.0.0.39', cookie: phone.cookie };
    expect(await signIn(waiter.code, waiter.pin, own, 'waiter-own-phone')).toMatchObject({ status: 200 });
    expect(await pin(waiter.pin, own)).toMatchObject({ status: 200 });
  });

  it('the address is the socket\'s own: X-Forwarded-For does not make a locked phone look new', async () => {
    const from = (i: number): From => ({ localAddress: '127.0.0.50', headers: { 'x-forwarded-for': `10.0.0.${i}` } });
    const answers = await tries(14, (i) => signIn('999', wrong(i), from(i)));
    expect(byCode(answers)).toEqual({ WRONG_CREDENTIALS: 11, TOO_MANY_ATTEMPTS: 3 });
  });
});
