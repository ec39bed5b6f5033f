import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthService } from '#hub/auth/auth-service.ts';
import { SESSION_COOKIE } from '#hub/auth/cookie-names.ts';
import { seedDemo } from '#hub/demo/seed.ts';
import { seedDemoStaff } from '#hub/demo/staff.ts';
import { applyAll } from '#domain';
import { Engine } from '#hub/engine/engine.ts';
import { snapshotFor } from '#hub/presenters/index.ts';
import type { Change, CommandReply, HandshakeRefusal, Snapshot } from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS, TABLE_STATUS } from '#protocol';
import {
  addLines,
  command,
  connectDevice,
  DEMO_OWNER,
  getState,
  openTable,
  postCommand,
  recordMessages,
  sendCommand,
  seqsOf,
  sleep,
  startTestHub,
  waitUntil,
  whenConnected,
  type DeviceOptions,
  type DeviceSocket,
  type TestHub,
} from '#hub/testing/test-hub.ts';
import { createIntake } from '#hub/engine/intake.ts';
import { attachSockets } from './socket-server.ts';

let t: TestHub;
const open: DeviceSocket[] = [];

beforeAll(async () => {
  t = await startTestHub();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function device(opts: DeviceOptions = {}, url = t.url): DeviceSocket {
  const s = connectDevice(url, opts);
  open.push(s);
  return s;
}

async function refusalOf(socket: DeviceSocket): Promise<Error & { data?: HandshakeRefusal }> {
  try {
    await whenConnected(socket);
  } catch (err) {
    return err as Error & { data?: HandshakeRefusal };
  }
  throw new Error('the hub accepted a handshake it should refuse');
}

const rename = (name: string) => command('restaurant.rename', { name });

describe('socket handshake', () => {
  it('refuses another protocol version with PROTOCOL_MISMATCH and tells the hub version', async () => {
    const err = await refusalOf(device({ protocolVersion: PROTOCOL_VERSION + 1 }));
    expect(err.data).toEqual({ code: 'PROTOCOL_MISMATCH', hubVersion: PROTOCOL_VERSION });
    // A page of the client before packed snapshots (version 2) would misread one: it is refused too, and reloads.
    const old = await refusalOf(device({ protocolVersion: 2 }));
    expect(old.data).toEqual({ code: 'PROTOCOL_MISMATCH', hubVersion: PROTOCOL_VERSION });
  });

  it('refuses a handshake without a deviceId, or with nonsense', async () => {
    const noDevice = await refusalOf(device({ auth: { protocolVersion: PROTOCOL_VERSION, storeId: '', lastSeq: 0 } }));
    expect(noDevice.data?.code).toBe('INCORRECT_INPUT');
    const badSeq = await refusalOf(device({ auth: { deviceId: 'd', protocolVersion: PROTOCOL_VERSION, storeId: '', lastSeq: -1 } }));
    expect(badSeq.data?.code).toBe('INCORRECT_INPUT');
    const empty = await refusalOf(device({ auth: {} }));
    expect(empty.data?.code).toBe('INCORRECT_INPUT');
  });
});

describe('catching up on connect', () => {
  it('gives a fresh device (no storeId) the whole state as a snapshot', async () => {
    const s = device({ storeId: '', lastSeq: 0 });
    const got = recordMessages(s);
    await whenConnected(s);
    await waitUntil(() => got.length > 0, 5000, 'snapshot');
    const served = await getState(t.url);
    expect(got).toHaveLength(1);
    expect(got[0]).toEqual({ event: SOCKET_EVENTS.snapshot, data: served });
  });

  it('gives a device from another store a snapshot, whatever its lastSeq', async () => {
    const served = await getState(t.url);
    const s = device({ storeId: 'another-store', lastSeq: served.seq });
    const got = recordMessages(s);
    await waitUntil(() => got.length > 0, 5000, 'snapshot');
    expect(got[0]?.event).toBe(SOCKET_EVENTS.snapshot);
    expect((got[0]?.data as Snapshot).storeId).toBe(served.storeId);
  });

  it('gives a device claiming a seq beyond the hub a snapshot (its replica cannot be trusted)', async () => {
    const served = await getState(t.url);
    const s = device({ storeId: served.storeId, lastSeq: served.seq + 10 });
    const got = recordMessages(s);
    await waitUntil(() => got.length > 0, 5000, 'snapshot');
    expect(got[0]).toMatchObject({ event: SOCKET_EVENTS.snapshot, data: { seq: served.seq } });
  });

  it('sends an up-to-date device nothing, then every live change', async () => {
    const served = await getState(t.url);
    const s = device({ storeId: served.storeId, lastSeq: served.seq });
    const got = recordMessages(s);
    await whenConnected(s);
    await sleep(150);
    expect(got).toEqual([]);
    const cmd = rename('Live');
    const reply = await postCommand(t.url, cmd);
    await waitUntil(() => got.length === 1, 5000, 'live change');
    expect(got[0]).toEqual({
      event: SOCKET_EVENTS.change,
      data: { seq: served.seq + 1, commandId: cmd.id, events: [{ type: 'restaurant.renamed', name: 'Live' }] },
    });
    expect(reply.body).toMatchObject({ ok: true, seq: served.seq + 1 });
  });

  it('gives a device that was away exactly what it missed, in order, then live changes', async () => {
    const base = await getState(t.url);
    const first = device({ deviceId: 'waiter-1', storeId: base.storeId, lastSeq: base.seq });
    await whenConnected(first);
    first.disconnect();

    const missed = [rename('Away 1'), openTable('t-t2'), rename('Away 2'), rename('Away 3')];
    for (const c of missed) expect((await postCommand(t.url, c)).status).toBe(200);

    const back = device({ deviceId: 'waiter-1', storeId: base.storeId, lastSeq: base.seq });
    const got = recordMessages(back);
    await whenConnected(back);
    await waitUntil(() => got.length > 0, 5000, 'catch-up');
    await sleep(100);
    expect(got).toHaveLength(1);
    expect(got[0]?.event).toBe(SOCKET_EVENTS.changes);
    const changes = got[0]?.data as Change[];
    expect(changes.map((c) => c.seq)).toEqual([1, 2, 3, 4].map((i) => base.seq + i));
    expect(changes.map((c) => c.commandId)).toEqual(missed.map((c) => c.id));
    // Folding what it missed into its old replica gives the hub's state.
    const now = await getState(t.url);
    expect(applyAll(base.state, changes.flatMap((c) => c.events))).toEqual(now.state);

    const live = rename('Back');
    await postCommand(t.url, live);
    await waitUntil(() => got.length === 2, 5000, 'live change');
    expect(seqsOf(got)).toEqual([1, 2, 3, 4, 5].map((i) => base.seq + i));
  });

  it('answers a resume request like a reconnect', async () => {
    const base = await getState(t.url);
    const s = device({ storeId: base.storeId, lastSeq: base.seq });
    const got = recordMessages(s);
    await whenConnected(s);
    s.emit(SOCKET_EVENTS.resume, { storeId: base.storeId, lastSeq: base.seq - 2 });
    await waitUntil(() => got.length === 1, 5000, 'resume');
    expect(seqsOf(got)).toEqual([base.seq - 1, base.seq]);
    s.emit(SOCKET_EVENTS.resume, { storeId: '', lastSeq: 0 });
    await waitUntil(() => got.length === 2, 5000, 'resume snapshot');
    expect(got[1]?.event).toBe(SOCKET_EVENTS.snapshot);
  });
});

describe('catching up from far behind', () => {
  it('sends a snapshot when the change buffer no longer reaches back to the device', async () => {
    // startHub does not expose the buffer size: wire an engine with a tiny one to the real socket server.
    const dir = await mkdtemp(path.join(tmpdir(), 'pos-sock-buf-'));
    const engine = await Engine.open({ dir, changeBufferSize: 5, log: () => {} });
    await seedDemo(engine, new Date());
    const auth = await AuthService.open(dir, engine, { clock: () => new Date(), log: () => {} });
    await seedDemoStaff(engine, auth, new Date());
    // No HTTP app on this server: the session is opened with the auth service directly.
    const { token } = await auth.startSession(DEMO_OWNER.id, { token: undefined, wantedId: 'till', label: 'test' }, 'full');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const server = createServer();
    const sockets = attachSockets(server, engine, createIntake(engine), auth);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const behind = device({ storeId: engine.storeId, lastSeq: 1, cookie }, url);
      const gotBehind = recordMessages(behind);
      const near = device({ storeId: engine.storeId, lastSeq: engine.seq - 3, cookie }, url);
      const gotNear = recordMessages(near);
      await waitUntil(() => gotBehind.length > 0 && gotNear.length > 0, 5000, 'catch-up');
      expect(gotBehind).toEqual([{ event: SOCKET_EVENTS.snapshot, data: snapshotFor(engine, DEMO_OWNER.id) }]);
      expect(seqsOf(gotNear)).toEqual([engine.seq - 2, engine.seq - 1, engine.seq]);
    } finally {
      await sockets.close();
      server.closeAllConnections();
      await auth.close();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('commands over the socket', () => {
  it('acknowledges a committed command with its seq and result', async () => {
    const s = device();
    await whenConnected(s);
    const before = await getState(t.url);
    const cmd = openTable('t-t3', 2);
    const reply = await sendCommand(s, cmd);
    expect(reply).toEqual({ ok: true, seq: before.seq + 1, result: { orderId: cmd.payload.orderId, orderNo: before.state.counters.orderNo + 1 } });
    const lines = await sendCommand(s, addLines(cmd.payload.orderId, ['p-101']));
    expect(lines).toMatchObject({ ok: true, seq: before.seq + 2 });
    const after = await getState(t.url);
    expect(after.state.tables['t-t3']?.status).toBe(TABLE_STATUS.pending);
    expect(after.state.orders[cmd.payload.orderId]?.lines).toHaveLength(1);
  });

  it('acknowledges a refused command with its code, state untouched', async () => {
    const s = device();
    await whenConnected(s);
    const before = await getState(t.url);
    expect(await sendCommand(s, openTable('t-t3'))).toEqual({ ok: false, code: 'TABLE_NOT_FREE' });
    expect(await sendCommand(s, { ...rename('x'), type: 'nope' })).toMatchObject({ ok: false, code: 'UNKNOWN_COMMAND' });
    expect(await sendCommand(s, { ...rename('x'), id: 'not-a-uuid' })).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(await sendCommand(s, { ...rename('x'), payload: {} })).toMatchObject({ ok: false, code: 'REQUIRED_FIELD' });
    expect(await getState(t.url)).toEqual(before);
  });

  it('answers a resent id with the first seq, marked duplicate', async () => {
    const s = device();
    await whenConnected(s);
    const cmd = rename('Once');
    const first = await sendCommand(s, cmd);
    const again = await sendCommand(s, cmd);
    expect(first.ok).toBe(true);
    expect(again).toEqual({ ...first, duplicate: true });
  });

  it('applies the same id sent from two sockets at once only once; both get the same seq', async () => {
    const a = device({ deviceId: 'till' });
    const b = device({ deviceId: 'phone' });
    await Promise.all([whenConnected(a), whenConnected(b)]);
    const before = await getState(t.url);
    const watcher = device({ storeId: before.storeId, lastSeq: before.seq });
    const seen = recordMessages(watcher);
    await whenConnected(watcher);

    const cmd = openTable('t-t4');
    const [ra, rb] = await Promise.all([sendCommand(a, cmd), sendCommand(b, cmd)]);
    expect(ra).toMatchObject({ ok: true, seq: before.seq + 1 });
    expect(rb).toMatchObject({ ok: true, seq: before.seq + 1 });
    const marker = rename('After the race');
    await sendCommand(a, marker);
    await waitUntil(() => seqsOf(seen).length === 2, 5000, 'changes');
    expect(seen.map((r) => (r.data as Change).commandId)).toEqual([cmd.id, marker.id]);
    expect((await getState(t.url)).seq).toBe(before.seq + 2);
  });

  it('brings every change to every connected device exactly once, in seq order', async () => {
    const base = await getState(t.url);
    const devices = Array.from({ length: 5 }, (_, i) => device({ deviceId: `d${i}`, storeId: base.storeId, lastSeq: base.seq }));
    const recordings = devices.map(recordMessages);
    await Promise.all(devices.map((d) => whenConnected(d)));

    const perDevice = 12;
    const replies: CommandReply[][] = await Promise.all(
      devices.map((d, i) => Promise.all(Array.from({ length: perDevice }, (_, k) => sendCommand(d, rename(`d${i} #${k}`))))),
    );
    const total = devices.length * perDevice;
    const ackSeqs = replies.flat().map((r) => (r.ok ? r.seq : -1));
    expect([...ackSeqs].sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => base.seq + 1 + i));

    for (const got of recordings) await waitUntil(() => seqsOf(got).length >= total, 5000, 'all changes');
    await sleep(100);
    const expected = Array.from({ length: total }, (_, i) => base.seq + 1 + i);
    for (const got of recordings) {
      expect(got.every((r) => r.event === SOCKET_EVENTS.change)).toBe(true);
      expect(seqsOf(got)).toEqual(expected);
    }
    // Every replica that folds what it heard ends where the hub is.
    const now = await getState(t.url);
    for (const got of recordings) {
      expect(applyAll(base.state, got.flatMap((r) => (r.data as Change).events))).toEqual(now.state);
    }
  });
});
