import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimCode } from '#hub/auth/claim.ts';
import type { HandshakeRefusal, SessionInfo, SetupRequest, Snapshot } from '#protocol';
import { ALIASES, ROLE_PRESET_IDS } from '#protocol';
import { authPost } from '#hub/testing/auth-helpers.ts';
import { byCode, postFrom, type Answer } from '../auth/from-address.ts';
import { command, connectDevice, getJson, postCommand, startTestHub, whenConnected, type TestHub } from '#hub/testing/test-hub.ts';

const hubs: TestHub[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
});

async function unclaimedHub(clock?: () => Date): Promise<TestHub> {
  const t = await startTestHub({ demo: false, ...(clock ? { clock } : {}) });
  hubs.push(t);
  expect(t.hub.claimCode).not.toBeNull();
  return t;
}

function setupRequest(t: TestHub, over: Partial<SetupRequest> = {}): SetupRequest {
  return {
    claimCode: t.hub.claimCode!.code,
    restaurantName: 'Cevichería La Punta',
    ruc: '20131312955',
    ownerName: 'María Torres',
    ownerCode: '7',
    pin: '482915',
    deviceId: 'owner-phone',
    ...over,
  };
}

describe('an unclaimed hub', () => {
  it('refuses every route but health and setup with 403 HUB_UNCLAIMED, and still serves the page', async () => {
    const t = await unclaimedHub();
    for (const p of ['/api/state', '/api/auth/me', '/api/auth/device', '/api/activity', '/api/nothing']) {
      const r = await getJson(t.url, p);
      expect(r.status, p).toBe(403);
      expect(r.body, p).toMatchObject({ ok: false, code: 'HUB_UNCLAIMED' });
    }
    for (const [p, body] of [
      ['/api/commands', command('restaurant.rename', { name: 'Mine now' })],
      ['/api/auth/signin', { identifier: '1', secret: '1111', deviceId: 'x' }],
      ['/api/auth/pin', { pin: '1111' }],
    ] as const) {
      const r = await authPost(t.url, p, body);
      expect(r.status, p).toBe(403);
      expect(r.body, p).toMatchObject({ code: 'HUB_UNCLAIMED' });
    }
    expect((await postCommand(t.url, command('restaurant.rename', { name: 'x' }))).status).toBe(403);
    expect((await getJson(t.url, '/api/health')).status).toBe(200);
    expect((await getJson(t.url, '/api/setup')).body).toEqual({ ok: true, claimed: false });
    const page = await fetch(new URL('/', t.url));
    expect([200, 503]).toContain(page.status);
    await page.arrayBuffer();
    expect(t.hub.engine.seq).toBe(0);
  });

  it('refuses sockets with HUB_UNCLAIMED', async () => {
    const t = await unclaimedHub();
    const s = connectDevice(t.url);
    try {
      const err = (await whenConnected(s).then(
        () => null,
        (e: unknown) => e,
      )) as (Error & { data?: HandshakeRefusal }) | null;
      expect(err?.data?.code).toBe('HUB_UNCLAIMED');
    } finally {
      s.disconnect();
    }
  });
});

describe('claiming with the one-time code', () => {
  it('checks each field, then records the restaurant, the six roles and the owner, and signs the owner in', async () => {
    const t = await unclaimedHub();
    const bad: [Partial<SetupRequest>, number, string, string][] = [
      [{ claimCode: 'AAAA-AAAA' }, 403, 'CLAIM_CODE_INVALID', 'claimCode'],
      [{ restaurantName: '  ' }, 400, 'REQUIRED_FIELD', 'restaurantName'],
      [{ ruc: '20131312954' }, 400, 'INVALID_RUC', 'ruc'],
      [{ ownerName: '' }, 400, 'REQUIRED_FIELD', 'ownerName'],
      [{ ownerCode: 'A1' }, 400, 'INCORRECT_INPUT', 'ownerCode'],
      [{ pin: '123' }, 400, 'PIN_FORMAT', 'pin'],
      [{ pin: '1234567' }, 400, 'PIN_FORMAT', 'pin'],
    ];
    for (const [over, status, code, field] of bad) {
      const r = await authPost(t.url, '/api/setup', setupRequest(t, over));
      expect(r.status, code).toBe(status);
      expect(r.body).toMatchObject({ ok: false, code, message: field });
    }
    expect(t.hub.engine.seq).toBe(0);

    // The code is typed by a person: lower case and without the dash is fine.
    const code = t.hub.claimCode!.code.toLowerCase().replace('-', '');
    const ok = await authPost(t.url, '/api/setup', setupRequest(t, { claimCode: code }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const info = ok.body as SessionInfo;
    expect(info.staff).toMatchObject({ name: 'María Torres', code: '7', roleId: 'owner' });
    expect(new Set(info.aliases)).toEqual(new Set(ALIASES));
    expect(ok.cookie).toMatch(/pos_session=/);
    expect(ok.cookie).toMatch(/pos_device=/);

    const state = (await getJson<Snapshot>(t.url, '/api/state', { cookie: ok.cookie })).body.state;
    expect(state.restaurant.name).toBe('Cevichería La Punta');
    expect(state.settings.ruc).toBe('20131312955');
    expect(Object.keys(state.roles).sort()).toEqual([...ROLE_PRESET_IDS].sort());
    expect(Object.values(state.staff)).toEqual([{ id: info.staff.id, name: 'María Torres', code: '7', roleId: 'owner', disabled: false, hasPin: true, hasPassword: false }]);
    expect((await getJson(t.url, '/api/setup')).body).toEqual({ ok: true, claimed: true });

    // Once: the same code again finds the hub claimed.
    const again = await authPost(t.url, '/api/setup', setupRequest(t, { ownerName: 'Intruso', ownerCode: '66' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_CLAIMED' });
    // The owner signs in again with the PIN chosen at setup.
    const back = await authPost(t.url, '/api/auth/signin', { identifier: '7', secret: '482915', deviceId: 'owner-phone' });
    expect(back.status).toBe(200);
  });

  it('the code expires after 15 minutes, and a restart makes a fresh one', async () => {
    let now = Date.now();
    const t = await unclaimedHub(() => new Date(now));
    const first = t.hub.claimCode!.code;
    now += 15 * 60_000 + 1000;
    const late = await authPost(t.url, '/api/setup', setupRequest(t, { claimCode: first }));
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'CLAIM_CODE_INVALID' });
    const other = await unclaimedHub();
    expect(other.hub.claimCode!.code).not.toBe(first);
  });

  it('throttles guessing the code per address: after 5 wrong ones that address waits, another address with the right code claims', async () => {
    const t = await unclaimedHub();
    const guesser = { localAddress: '127.0.0.2' };
    const guesses: Answer[] = [];
    for (let i = 0; i < 8; i++) guesses.push(await postFrom(t.url, '/api/setup', setupRequest(t, { claimCode: `WRONG-${i}AAA` }), guesser));
    expect(byCode(guesses)).toEqual({ CLAIM_CODE_INVALID: 6, TOO_MANY_ATTEMPTS: 2 });
    // Locked now: even the right code waits, from that address.
    const right = await postFrom(t.url, '/api/setup', setupRequest(t), guesser);
    expect(right).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    // The real owner, on another phone, is not held up by the guesser.
    const owner = await postFrom(t.url, '/api/setup', setupRequest(t), { localAddress: '127.0.0.3' });
    expect(owner.status).toBe(200);
    expect(owner.cookie).toMatch(/pos_session=/);
  });

  it('looks at only 6 of 200 wrong codes sent at once from one address', async () => {
    const t = await unclaimedHub();
    const all = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postFrom(t.url, '/api/setup', setupRequest(t, { claimCode: `WRONG-${String(i).padStart(3, 'A')}` }), { localAddress: '127.0.0.4' })),
    );
    expect(byCode(all)).toEqual({ CLAIM_CODE_INVALID: 6, TOO_MANY_ATTEMPTS: 194 });
    expect((await postFrom(t.url, '/api/setup', setupRequest(t), { localAddress: '127.0.0.5' })).status).toBe(200);
  });

  it('caps claim codes looked at hub-wide at 30 a minute: many addresses slow the owner for at most a minute, never lock', async () => {
    let now = Date.now();
    const t = await unclaimedHub(() => new Date(now));
    const guesses: Answer[] = [];
    // 8 addresses, 5 wrong codes each (each address's free tries): 40 tries in one minute.
    for (let ip = 10; ip < 18; ip++) {
      for (let i = 0; i < 5; i++) guesses.push(await postFrom(t.url, '/api/setup', setupRequest(t, { claimCode: `WRONG-${i}BBB` }), { localAddress: `127.0.0.${ip}` }));
    }
    expect(byCode(guesses)).toEqual({ CLAIM_CODE_INVALID: 30, TOO_MANY_ATTEMPTS: 10 });
    const early = await postFrom(t.url, '/api/setup', setupRequest(t), { localAddress: '127.0.0.20' });
    expect(early.status).toBe(429);
    expect(Number(early.retryAfter)).toBeLessThanOrEqual(60);
    now += 60_000;
    expect((await postFrom(t.url, '/api/setup', setupRequest(t), { localAddress: '127.0.0.20' })).status).toBe(200);
  });
});

describe('ClaimCode', () => {
  it('is 8 unambiguous symbols, matches once consumed never, and can be released after a failed setup', () => {
    let now = 0;
    const c = new ClaimCode(() => new Date(now));
    expect(c.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(c.matches(c.code)).toBe(true);
    expect(c.matches(` ${c.code.toLowerCase()} `)).toBe(true);
    expect(c.matches(randomUUID())).toBe(false);
    c.consume();
    expect(c.matches(c.code)).toBe(false);
    c.release();
    expect(c.matches(c.code)).toBe(true);
    now = 15 * 60_000;
    expect(c.matches(c.code)).toBe(false);
  });
});
