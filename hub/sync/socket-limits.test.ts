import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandReply, HandshakeRefusal, SocketNotice } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import {
  command,
  connectDevice,
  DEMO_OWNER,
  recordMessages,
  seqsOf,
  signedIn,
  sleep,
  startTestHub,
  waitUntil,
  whenConnected,
  type DeviceOptions,
  type DeviceSocket,
  type TestHub,
} from '#hub/testing/test-hub.ts';
import { SOCKET_LIMITS } from './socket-limits.ts';

/**
 * The live channel's limits (socket-limits.ts), attacked with real socket.io
 * clients: resume floods, socket floods, command floods. Each test signs in
 * a device of its own, so the budgets of one session do not leak into the next.
 */
let t: TestHub;
const open: DeviceSocket[] = [];
let devices = 0;

beforeAll(async () => {
  t = await startTestHub();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function device(url: string, opts: DeviceOptions = {}): DeviceSocket {
  const s = connectDevice(url, opts);
  open.push(s);
  return s;
}

/** A new session (a device of its own) for the demo owner. */
async function session(url = t.url): Promise<string> {
  devices += 1;
  return signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, `limits-${devices}`);
}

function notices(s: DeviceSocket): SocketNotice[] {
  const got: SocketNotice[] = [];
  s.on(SOCKET_EVENTS.notice, (n) => got.push(n));
  return got;
}

async function refusalOf(s: DeviceSocket): Promise<string | null> {
  return whenConnected(s).then(
    () => null,
    (err: Error & { data?: HandshakeRefusal }) => err.data?.code ?? err.message,
  );
}

describe('resume floods', () => {
  it('100 resumes that each need a snapshot get the 3 the session may have, then a RATE_LIMITED notice', async () => {
    const cookie = await session();
    const s = device(t.url, { cookie });
    const got = recordMessages(s);
    const told = notices(s);
    await whenConnected(s);
    await waitUntil(() => got.length === 1, 5000, 'handshake snapshot');
    for (let i = 0; i < 100; i++) s.emit(SOCKET_EVENTS.resume, { storeId: '', lastSeq: 0 });
    await waitUntil(() => told.length > 0, 5000, 'notice');
    await sleep(300);
    const snapshots = got.filter((m) => m.event === SOCKET_EVENTS.snapshot).length;
    expect(snapshots).toBe(1 + SOCKET_LIMITS.resumeSnapshotsPerSession.burst);
    expect(told[0]).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(told[0]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(told[0]!.retryAfterSeconds).toBeLessThanOrEqual(SOCKET_LIMITS.resumeSnapshotsPerSession.everyMs / 1000);
    // One waiting answer, however many asked: no queue builds up.
    expect(told.length).toBe(1);

    // The session's budget is spent, yet a device that reconnects still gets its snapshot at once.
    const again = device(t.url, { cookie });
    const gotAgain = recordMessages(again);
    await whenConnected(again);
    await waitUntil(() => gotAgain.some((m) => m.event === SOCKET_EVENTS.snapshot), 5000, 'snapshot at reconnect');
  });

  it('100 resumes for missed changes get at most the socket\'s 20 answers at once, each exactly the missed ones', async () => {
    const cookie = await session();
    const s = device(t.url, { cookie, storeId: t.hub.engine.storeId, lastSeq: t.hub.engine.seq });
    const got = recordMessages(s);
    const told = notices(s);
    await whenConnected(s);
    const base = t.hub.engine.seq;
    for (const m of [1, 2, 3]) await sendCommand(s, m);
    await waitUntil(() => got.length === 3, 5000, 'live changes');
    got.length = 0;
    for (let i = 0; i < 100; i++) s.emit(SOCKET_EVENTS.resume, { storeId: t.hub.engine.storeId, lastSeq: base });
    await waitUntil(() => told.length > 0, 5000, 'notice');
    await sleep(200);
    const answers = got.filter((m) => m.event === SOCKET_EVENTS.changes);
    expect(answers.length).toBeGreaterThanOrEqual(SOCKET_LIMITS.resumesPerSocket.burst);
    // The burst, plus what refills while the test runs (one every 500 ms; a loaded machine may
    // take a few seconds to deliver the 100 asks), never 100.
    expect(answers.length).toBeLessThanOrEqual(SOCKET_LIMITS.resumesPerSocket.burst + 8);
    for (const a of answers) expect(seqsOf([a])).toEqual([base + 1, base + 2, base + 3]);
  });

  it('a held-back snapshot is sent by itself when the budget allows (small budget to keep the test short)', async () => {
    const small = await startTestHub({ socketLimits: { resumeSnapshotsPerSession: { burst: 1, everyMs: 400 } } });
    try {
      const s = device(small.url);
      const got = recordMessages(s);
      const told = notices(s);
      await whenConnected(s);
      for (let i = 0; i < 50; i++) s.emit(SOCKET_EVENTS.resume, { storeId: '', lastSeq: 0 });
      await waitUntil(() => got.length === 3, 5000, 'the held-back snapshot');
      await sleep(600);
      // Handshake + the one of the budget + one held-back answer per wait (asks arriving while an
      // answer waits are folded into it). On a loaded machine the 50 asks may straddle the first
      // held-back answer and start a second wait: never more than a few, never 50.
      await waitUntil(() => got.length === 2 + told.length, 5000, 'one answer per wait');
      expect(got.every((m) => m.event === SOCKET_EVENTS.snapshot)).toBe(true);
      expect(told.length).toBeGreaterThanOrEqual(1);
      expect(told.length).toBeLessThanOrEqual(3);
      expect(told.every((n) => n.code === 'RATE_LIMITED')).toBe(true);
    } finally {
      await small.close();
    }
  });
});

/** A valid command of the owner's that always records one change. */
async function sendCommand(s: DeviceSocket, n: number): Promise<CommandReply> {
  return s.timeout(10_000).emitWithAck(SOCKET_EVENTS.command, command('settings.save', { ruc: '', idleLockMinutes: n % 60 }));
}

describe('socket floods', () => {
  it('a session opening more than 32 sockets closes its oldest, which is told TOO_MANY_CONNECTIONS', async () => {
    const cookie = await session();
    const sockets: DeviceSocket[] = [];
    const told = new Map<DeviceSocket, SocketNotice[]>();
    for (let i = 0; i <= SOCKET_LIMITS.socketsPerSession; i++) {
      const s = device(t.url, { cookie });
      told.set(s, notices(s));
      await whenConnected(s);
      sockets.push(s);
    }
    await waitUntil(() => !sockets[0]!.connected, 5000, 'the oldest to close');
    expect(told.get(sockets[0]!)).toEqual([{ code: 'TOO_MANY_CONNECTIONS' }]);
    expect(sockets.filter((s) => s.connected).length).toBe(SOCKET_LIMITS.socketsPerSession);
  });

  it('more sockets from one address than allowed are refused with TOO_MANY_CONNECTIONS; one closing lets the next in', async () => {
    const small = await startTestHub({ socketLimits: { socketsPerAddress: 6 } });
    try {
      const cookies = [await session(small.url), await session(small.url)];
      const sockets: DeviceSocket[] = [];
      for (let i = 0; i < 6; i++) {
        const s = device(small.url, { cookie: cookies[i % 2]! });
        await whenConnected(s);
        sockets.push(s);
      }
      expect(await refusalOf(device(small.url, { cookie: cookies[0]! }))).toBe('TOO_MANY_CONNECTIONS');
      sockets[0]!.disconnect();
      await sleep(100);
      expect(await refusalOf(device(small.url, { cookie: cookies[0]! }))).toBeNull();
    } finally {
      await small.close();
    }
  });

  it('a session reconnecting in a loop is refused with RATE_LIMITED past its handshake budget', async () => {
    const small = await startTestHub({ socketLimits: { handshakesPerSession: { burst: 5, everyMs: 60_000 } } });
    try {
      const cookie = await session(small.url);
      for (let i = 0; i < 5; i++) {
        const s = device(small.url, { cookie });
        expect(await refusalOf(s)).toBeNull();
        s.disconnect();
      }
      expect(await refusalOf(device(small.url, { cookie }))).toBe('RATE_LIMITED');
      // Another device (its own session) is not affected.
      expect(await refusalOf(device(small.url, { cookie: await session(small.url) }))).toBeNull();
    } finally {
      await small.close();
    }
  });
});

/** An Engine.IO polling handshake that never joins (no session needed to open one): its status and body. */
function bareHandshake(url: string): Promise<{ status: number; body: string }> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/socket.io/?EIO=4&transport=polling', headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('connection floods before any sign-in', () => {
  it('transport connections that never join are capped per address (socket cap + 16) with TOO_MANY_CONNECTIONS', async () => {
    const small = await startTestHub({ socketLimits: { socketsPerAddress: 2 } });
    try {
      const opened = await Promise.all(Array.from({ length: 18 }, () => bareHandshake(small.url)));
      expect(opened.map((r) => r.status)).toEqual(Array.from({ length: 18 }, () => 200));
      const refused = await bareHandshake(small.url);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ message: 'TOO_MANY_CONNECTIONS' });
    } finally {
      await small.close();
    }
  });
});

describe('command floods', () => {
  it('1,000 commands sent at once: the socket takes at most 64 at a time, refuses the rest with RATE_LIMITED; the log moves only by those accepted', async () => {
    const s = device(t.url, { cookie: await session() });
    await whenConnected(s);
    const before = t.hub.engine.seq;
    const replies = await Promise.all(Array.from({ length: 1000 }, (_, i) => sendCommand(s, i)));
    const ok = replies.filter((r) => r.ok).length;
    const limited = replies.filter((r) => !r.ok && r.code === 'RATE_LIMITED').length;
    expect(ok + limited).toBe(1000);
    expect(limited).toBeGreaterThan(0);
    expect(t.hub.engine.seq - before).toBe(ok);
  });

  it('1,000 junk commands at once: no more are worked on than the burst, the in-flight cap and the refill allow', async () => {
    const s = device(t.url, { cookie: await session() });
    await whenConnected(s);
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 1000 }, () => s.timeout(10_000).emitWithAck(SOCKET_EVENTS.command, command('nope' as 'settings.save', { ruc: '', idleLockMinutes: 0 }))));
    const seconds = (Date.now() - started) / 1000;
    const worked = replies.filter((r) => !r.ok && r.code !== 'RATE_LIMITED').length;
    const { burst, everyMs } = SOCKET_LIMITS.commandsPerSocket;
    expect(worked + replies.filter((r) => !r.ok && r.code === 'RATE_LIMITED').length).toBe(1000);
    expect(worked).toBeLessThanOrEqual(burst + SOCKET_LIMITS.commandsInFlightPerSocket + Math.ceil((seconds * 1000) / everyMs));
  });

  it('a device sending as the client does (16 at a time) is never refused, even past the burst', async () => {
    const s = device(t.url, { cookie: await session() });
    await whenConnected(s);
    const before = t.hub.engine.seq;
    const total = SOCKET_LIMITS.commandsPerSocket.burst + 40;
    const replies: CommandReply[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          next += 1;
          replies.push(await sendCommand(s, next));
        }
      }),
    );
    expect(replies.filter((r) => !r.ok)).toEqual([]);
    expect(t.hub.engine.seq - before).toBe(total);
  });
});
