import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKey, pinKeys, signInKeys } from '#hub/auth/attempt-keys.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startTestHub, waitUntil, type TestHub } from '#hub/testing/test-hub.ts';
import { byCode, postFrom, type Answer } from './from-address.ts';

/**
 * Issue 7, item 1: guesses sent in parallel must meet the throttle like
 * guesses sent one by one. Each attempt is counted when it arrives, before
 * the slow scrypt check, so of 200 at once only the free tries and the one
 * that locks are looked at, and the right PIN sent while they are still in
 * flight is refused.
 */
let t: TestHub;
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
let tillCookie = '';

beforeAll(async () => {
  t = await startTestHub();
  // The waiter's till: enrolled, the waiter known there (for the PIN screen).
  const till = await postFrom(t.url, '/api/auth/signin', { identifier: waiter.code, secret: waiter.pin, deviceId: 'race-till' });
  expect(till.status).toBe(200);
  tillCookie = till.cookie;
});
afterAll(async () => {
  await t?.close();
});

/** 199 different wrong PINs (never `right`). */
const wrongPins = (right: string) =>
  Array.from({ length: 200 }, (_, i) => String(1000 + i))
    .filter((p) => p !== right)
    .slice(0, 199);

/** Sends 199 wrong guesses at once, then (once the hub holds the lock, with most still in flight) the right one: 200 answers. */
async function burst(send: (pin: string) => Promise<Answer>, right: string, locked: () => boolean): Promise<{ all: Answer[]; last: Answer }> {
  const wrong = wrongPins(right).map(send);
  await waitUntil(locked, 10_000, 'the lock');
  const last = await send(right);
  return { all: [...(await Promise.all(wrong)), last], last };
}

describe('200 parallel guesses', () => {
  it('at /api/auth/signin for one staff number: exactly 6 are looked at, the right PIN last does not sign in', async () => {
    const keys = signInKeys({ kind: 'address', ip: '127.0.0.1' }, cashier.id, false);
    const { all, last } = await burst(
      (pin) => postFrom(t.url, '/api/auth/signin', { identifier: cashier.code, secret: pin, deviceId: 'guesser' }),
      cashier.pin,
      () => t.hub.auth.throttle.retryAfter(keys.check) > 0,
    );
    // Evaluated = answered anything but TOO_MANY_ATTEMPTS: the 5 free tries and the one that locks.
    expect(byCode(all)).toEqual({ WRONG_CREDENTIALS: 6, TOO_MANY_ATTEMPTS: 194 });
    expect(last).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(last.cookie).not.toMatch(/pos_session=/);
  });

  it('at /api/auth/pin from an enrolled device (untapped): exactly 11 are looked at, the right PIN last does not sign in', async () => {
    const keys = pinKeys('race-till', null, [waiter.id]);
    const { all, last } = await burst(
      (pin) => postFrom(t.url, '/api/auth/pin', { pin }, { cookie: tillCookie }),
      waiter.pin,
      () => t.hub.auth.throttle.retryAfter(keys.check) > 0,
    );
    expect(byCode(all)).toEqual({ WRONG_CREDENTIALS: 11, TOO_MANY_ATTEMPTS: 189 });
    expect(last).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  });

  it('at /api/auth/pin with a person tapped: exactly 6 are looked at, the right PIN last does not sign in', async () => {
    // The owner's own device from startTestHub: the owner is known there.
    const key = pairKey({ kind: 'device', id: 'test-device' }, owner.id);
    const { all, last } = await burst(
      (pin) => postFrom(t.url, '/api/auth/pin', { pin, staffId: owner.id }, { cookie: t.cookie }),
      owner.pin,
      () => t.hub.auth.throttle.retryAfter([key]) > 0,
    );
    expect(byCode(all)).toEqual({ WRONG_CREDENTIALS: 6, TOO_MANY_ATTEMPTS: 194 });
    expect(last).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  });
});
