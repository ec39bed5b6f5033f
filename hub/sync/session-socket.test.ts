import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { HandshakeRefusal } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import {
  command,
  connectDevice,
  getJson,
  postCommand,
  sendCommand,
  signIn,
  signedIn,
  startTestHub,
  waitUntil,
  whenConnected,
  type DeviceOptions,
  type DeviceSocket,
  type TestHub,
} from '#hub/testing/test-hub.ts';

let t: TestHub;
const open: DeviceSocket[] = [];
const [, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

beforeAll(async () => {
  t = await startTestHub();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function device(opts: DeviceOptions = {}): DeviceSocket {
  const s = connectDevice(t.url, opts);
  open.push(s);
  return s;
}

async function refusal(s: DeviceSocket): Promise<(Error & { data?: HandshakeRefusal }) | null> {
  return whenConnected(s).then(
    () => null,
    (err: unknown) => err as Error & { data?: HandshakeRefusal },
  );
}

describe('the socket handshake is authenticated from the session cookie', () => {
  it('refuses a socket without a session, or with a forged one, with UNAUTHORIZED', async () => {
    expect((await refusal(device({ cookie: null })))?.data?.code).toBe('UNAUTHORIZED');
    expect((await refusal(device({ cookie: 'pos_session=not-a-session' })))?.data?.code).toBe('UNAUTHORIZED');
  });

  it('refuses a handshake from another site (Origin), lets the hub\'s own page in', async () => {
    const foreign = await refusal(device({ headers: { origin: 'http://evil.example' } }));
    expect(foreign).not.toBeNull();
    const own = device({ headers: { origin: new URL(t.url).origin } });
    await whenConnected(own);
    expect(own.connected).toBe(true);
  });

  it('records commands as sent by the session\'s staff member and device, whatever the envelope says', async () => {
    const cookie = await signedIn(t.url, cashier.code, cashier.pin, 'till-9');
    const s = device({ cookie, deviceId: 'till-9' });
    await whenConnected(s);
    const cmd = command('table.open', { tableId: 't-s6', orderId: crypto.randomUUID(), people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, { deviceId: 'spoofed-device' });
    const reply = await sendCommand(s, cmd);
    expect(reply.ok).toBe(true);
    const entry = t.hub.engine.recentActivity().find((e) => reply.ok && e.seq === reply.seq);
    expect(entry).toMatchObject({ staffId: cashier.id, deviceId: 'till-9', type: 'table.open' });
    // The operator of the order comes from the session too.
    expect(t.hub.engine.state.orders[cmd.payload.orderId]?.openedBy).toBe(cashier.id);
  });

  it('refuses commands only the hub records (sign-in notes, alerts), even from the owner', async () => {
    const s = device();
    await whenConnected(s);
    const note = command('staff.noteSignIn', { staffId: waiter.id, method: 'full' });
    expect(await sendCommand(s, note)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const alert = command('security.raiseAlert', { id: 'fake', scope: 'hub', staffId: null, deviceId: null, failures: 99, lockedSeconds: 1 });
    expect((await postCommand(t.url, alert)).body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('disabling a staff member', () => {
  it('ends their sessions and drops their sockets within a second; they cannot sign in until enabled again', async () => {
    const phone = await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
    const s = device({ cookie: phone.cookie, deviceId: 'waiter-phone' });
    const ended: string[] = [];
    s.on(SOCKET_EVENTS.sessionEnded, (r) => ended.push(r.code));
    await whenConnected(s);
    // Another device of someone else stays connected.
    const till = device();
    await whenConnected(till);

    const started = Date.now();
    const reply = await postCommand(t.url, command('staff.setDisabled', { staffId: waiter.id, disabled: true }));
    expect(reply.status).toBe(200);
    await waitUntil(() => !s.connected, 1000, 'the waiter\'s socket to drop');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ended).toEqual(['STAFF_DISABLED']);
    expect(till.connected).toBe(true);

    expect((await getJson(t.url, '/api/state', { cookie: phone.cookie })).status).toBe(401);
    const again = await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone', phone.cookie);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'STAFF_DISABLED' });
    // A socket cannot come back with the old cookie either.
    expect((await refusal(device({ cookie: phone.cookie })))?.data?.code).toBe('UNAUTHORIZED');

    await postCommand(t.url, command('staff.setDisabled', { staffId: waiter.id, disabled: false }));
    expect((await signIn(t.url, waiter.code, waiter.pin, 'waiter-phone', phone.cookie)).status).toBe(200);
  });

  it('signing out drops the sockets of that session only', async () => {
    const a = await signIn(t.url, cashier.code, cashier.pin, 'till-out');
    const s = device({ cookie: a.cookie });
    await whenConnected(s);
    const other = device();
    await whenConnected(other);
    await fetch(new URL('/api/auth/signout', t.url), { method: 'POST', headers: { cookie: a.cookie } });
    await waitUntil(() => !s.connected, 1000, 'socket to drop');
    expect(other.connected).toBe(true);
  });
});
