import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { DeviceInfo, SessionInfo } from '#protocol';
import { ROLE_PRESETS } from '#protocol';
import { command, getJson, postCommand, signIn, signInPin, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { authPost, mergeCookies } from '#hub/testing/auth-helpers.ts';

let t: TestHub;
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

const cookieValue = (cookie: string, name: string) => cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);

describe('full sign-in (number or name + PIN or password)', () => {
  it('signs a waiter in by staff number and PIN, with HttpOnly SameSite=Strict cookies, and tells their aliases', async () => {
    const res = await fetch(new URL('/api/auth/signin', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: waiter.code, secret: waiter.pin, deviceId: 'phone-1' }),
    });
    expect(res.status).toBe(200);
    const info = (await res.json()) as SessionInfo;
    expect(info.staff).toEqual({ id: waiter.id, name: waiter.name, code: waiter.code, roleId: 'waiter' });
    expect(new Set(info.aliases)).toEqual(new Set(ROLE_PRESETS.waiter));
    expect(info.deviceId).toBe('phone-1');
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('pos_session='))!;
    const device = cookies.find((c) => c.startsWith('pos_device='))!;
    for (const c of [session, device]) {
      expect(c).toMatch(/; httponly/i);
      expect(c).toMatch(/; samesite=strict/i);
      expect(c).toMatch(/; path=\//i);
    }
    // At least 128 bits of randomness: 32 bytes in base64url.
    expect(session.split(';')[0]!.split('=')[1]!.length).toBeGreaterThanOrEqual(43);
  });

  it('signs in by name (any case) and gives a new session token at every sign-in', async () => {
    const a = await signIn(t.url, cashier.name.toUpperCase(), cashier.pin, 'till-a');
    const b = await signIn(t.url, cashier.code, cashier.pin, 'till-b');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(cookieValue(a.cookie, 'pos_session')).not.toBe(cookieValue(b.cookie, 'pos_session'));
    // Both sessions work: one person may be signed in on two devices.
    expect((await getJson(t.url, '/api/state', { cookie: a.cookie })).status).toBe(200);
    expect((await getJson(t.url, '/api/state', { cookie: b.cookie })).status).toBe(200);
  });

  it('refuses a wrong PIN, an unknown number and an empty field, with codes and no cookie', async () => {
    const wrong = await signIn(t.url, waiter.code, '9999', 'phone-x');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ ok: false, code: 'WRONG_CREDENTIALS' });
    expect(wrong.cookie).toBe('');
    const unknown = await signIn(t.url, '999', '1234', 'phone-x');
    expect(unknown.body).toMatchObject({ ok: false, code: 'WRONG_CREDENTIALS' });
    const empty = await authPost(t.url, '/api/auth/signin', { identifier: '', secret: '1234', deviceId: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, code: 'REQUIRED_FIELD', message: 'identifier' });
  });

  it('a new sign-in on the same device ends the session before it', async () => {
    const first = await signIn(t.url, owner.code, owner.pin, 'till-swap');
    const second = await signIn(t.url, cashier.code, cashier.pin, 'till-swap', first.cookie);
    expect(second.status).toBe(200);
    const oldSession = `pos_session=${cookieValue(first.cookie, 'pos_session')}`;
    expect((await getJson(t.url, '/api/auth/me', { cookie: oldSession })).status).toBe(401);
    expect(((await getJson<SessionInfo>(t.url, '/api/auth/me', { cookie: second.cookie })).body as SessionInfo).staff.id).toBe(cashier.id);
  });
});

describe('PIN alone (quick switch on an enrolled device)', () => {
  it('works only on an enrolled device, only for people who signed in fully there', async () => {
    const notEnrolled = await signInPin(t.url, waiter.pin, '');
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body).toMatchObject({ code: 'DEVICE_NOT_ENROLLED' });

    const till = await signIn(t.url, waiter.code, waiter.pin, 'till-quick');
    const device = (await getJson<DeviceInfo>(t.url, '/api/auth/device', { cookie: till.cookie })).body;
    expect(device).toEqual({ ok: true, enrolled: true, knownStaff: [{ id: waiter.id, name: waiter.name, code: waiter.code }], restaurantName: 'Restaurante Demo' });

    // The cashier never signed in fully here: their PIN alone does not open this till.
    const stranger = await signInPin(t.url, cashier.pin, till.cookie);
    expect(stranger.body).toMatchObject({ code: 'WRONG_CREDENTIALS' });

    const back = await signInPin(t.url, waiter.pin, till.cookie);
    expect(back.status).toBe(200);
    expect((back.body as SessionInfo).staff.id).toBe(waiter.id);
    expect(cookieValue(back.cookie, 'pos_session')).not.toBe(cookieValue(till.cookie, 'pos_session'));
  });

  it('asks for the number when two people on the device share a PIN', async () => {
    // Give the cashier the waiter's PIN (as the owner), then both sign in fully on one till.
    const set = await fetch(new URL(`/api/staff/${cashier.id}/credentials`, t.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ pin: waiter.pin }),
    });
    expect(set.status).toBe(200);
    const a = await signIn(t.url, waiter.code, waiter.pin, 'till-shared');
    const b = await signIn(t.url, cashier.code, waiter.pin, 'till-shared', a.cookie);
    const ambiguous = await signInPin(t.url, waiter.pin, b.cookie);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toMatchObject({ code: 'PIN_AMBIGUOUS' });
    // Tapping one's own name settles it.
    const tapped = await signInPin(t.url, waiter.pin, b.cookie, cashier.id);
    expect((tapped.body as SessionInfo).staff.id).toBe(cashier.id);
    await fetch(new URL(`/api/staff/${cashier.id}/credentials`, t.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ pin: cashier.pin }),
    });
  });
});

describe('sign-out and sessions', () => {
  it('ends the session at sign-out (the cookie no longer works), the device stays enrolled', async () => {
    const s = await signIn(t.url, waiter.code, waiter.pin, 'phone-out');
    const out = await fetch(new URL('/api/auth/signout', t.url), { method: 'POST', headers: { cookie: s.cookie } });
    expect(out.status).toBe(200);
    const after = mergeCookies(s.cookie, out);
    expect(cookieValue(after, 'pos_session')).toBeUndefined();
    // Even the old cookie, replayed, is dead.
    expect((await getJson(t.url, '/api/state', { cookie: s.cookie })).status).toBe(401);
    expect((await signInPin(t.url, waiter.pin, after)).status).toBe(200);
  });

  it('requires a session for state, commands and me (401 UNAUTHORIZED); health stays open', async () => {
    for (const p of ['/api/state', '/api/auth/me', '/api/activity']) {
      const r = await getJson(t.url, p, { cookie: null });
      expect(r.status, p).toBe(401);
      expect(r.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    }
    const cmd = await postCommand(t.url, command('restaurant.rename', { name: 'Anon' }), {}, { cookie: null });
    expect(cmd.status).toBe(401);
    expect((await getJson(t.url, '/api/health', { cookie: null })).status).toBe(200);
    expect((await getJson(t.url, '/api/state', { cookie: 'pos_session=forged-token-value' })).status).toBe(401);
  });

  it('records who signed in and from which device, and never a secret in the log or the state', async () => {
    const s = await signIn(t.url, waiter.code, waiter.pin, 'phone-log');
    expect(s.status).toBe(200);
    const wal = path.join(t.dataDir, 'wal');
    let log = '';
    // A running segment keeps zeros after its records (room written ahead: hub/store/README.md).
    for (const f of await readdir(wal)) log += (await readFile(path.join(wal, f), 'utf8')).replace(/\0+$/, '');
    const records = log.split('\n').filter(Boolean).map((l) => JSON.parse(l.slice(l.indexOf('{'))) as { type: string; staffId: string | null; deviceId: string });
    expect(records.some((r) => r.type === 'staff.noteSignIn' && r.staffId === waiter.id && r.deviceId === 'phone-log')).toBe(true);
    const auth = await readFile(path.join(t.dataDir, 'auth.json'), 'utf8');
    for (const s of DEMO_STAFF) {
      expect(log).not.toContain(`"${s.pin}"`);
      expect(auth).not.toContain(`"${s.pin}"`);
    }
    expect(JSON.stringify(t.hub.engine.state)).not.toMatch(/"(salt|hash|pin|password)"/);
    // The session cookie itself is not in the file either: only its sha256.
    expect(auth).not.toContain(cookieValue(s.cookie, 'pos_session')!);
  });
});

describe('Origin', () => {
  it('refuses a request from another site with 403 ORIGIN_REFUSED; the hub\'s own origin passes', async () => {
    const foreign = await fetch(new URL('/api/auth/signin', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ identifier: owner.code, secret: owner.pin, deviceId: 'x' }),
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const state = await fetch(new URL('/api/state', t.url), { headers: { cookie: t.cookie, origin: 'null' } });
    expect(state.status).toBe(403);
    const own = await fetch(new URL('/api/state', t.url), { headers: { cookie: t.cookie, origin: new URL(t.url).origin } });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
  });
});
