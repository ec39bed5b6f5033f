import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { Envelope } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import { acceptedSeqs, drawEnvelopes, hubOwnRecords, preview, runPool, typesOfRole, type FuzzOutcome } from '#hub/testing/fuzz-envelopes.ts';
import { HOSTILE_VALUES } from '#hub/testing/hostile-values.ts';
import {
  addLines,
  connectDevice,
  getJson,
  getState,
  openTable,
  postCommand,
  sendCommand,
  signedIn,
  startTestHub,
  whenConnected,
  type DeviceSocket,
  type TestHub,
} from '#hub/testing/test-hub.ts';

/**
 * Issue 7 item 3 over the live channel: the same schema-built, mutated
 * envelopes as the HTTP fuzz test, sent by a waiter's and an owner's
 * socket.io client, plus frames that are not envelopes at all. Every
 * command gets an acknowledgement, never INTERNAL; the hub stays up; the
 * log moves by exactly the commands it accepted.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 7_2027);
const ROUNDS = 2;
const PER_ROUND = 200;
const IN_FLIGHT = 6;
const SELF = { owner: DEMO_STAFF[0]!.id, waiter: DEMO_STAFF[2]!.id } as const;

let t: TestHub;
const sockets: DeviceSocket[] = [];
let waiterCookie: string;

beforeAll(async () => {
  // No job runners: the fuzzer's job.test commands leave their jobs pending, so the log moves by the accepted commands only.
  t = await startTestHub({ jobRunners: [] });
  waiterCookie = await signedIn(t.url, '3', '3333', 'fuzz-waiter-socket');
  for (const table of ['t-s3', 't-t2']) {
    const open = openTable(table);
    await postCommand(t.url, open);
    await postCommand(t.url, addLines(open.payload.orderId, ['p-101']));
  }
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

async function device(cookie: string): Promise<DeviceSocket> {
  const s = connectDevice(t.url, { cookie });
  sockets.push(s);
  await whenConnected(s);
  return s;
}

async function send(socket: DeviceSocket, envelope: unknown): Promise<FuzzOutcome> {
  try {
    return { envelope, status: 0, reply: await sendCommand(socket, envelope as Envelope, 10_000) };
  } catch (err) {
    return { envelope, status: 0, reply: { error: `no ack: ${String(err)}` } };
  }
}

describe('fuzzing the socket command channel (issue 7 item 3)', () => {
  it('as the waiter and as the owner: every frame acknowledged, never INTERNAL, the log moves by the accepted only', { timeout: 120_000 }, async () => {
    for (const [who, cookie, offset] of [
      ['waiter', waiterCookie, 0],
      ['owner', t.cookie, 1000],
    ] as const) {
      const started = Date.now();
      const socket = await device(cookie);
      const seqBefore = (await getState(t.url)).seq;
      const outcomes: FuzzOutcome[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const state = (await getState(t.url)).state;
        const envelopes = drawEnvelopes(state, SEED + offset + round, PER_ROUND, new Date().toISOString(), { spare: [SELF[who]], favour: typesOfRole(who) });
        outcomes.push(...(await runPool(envelopes, IN_FLIGHT, (e) => send(socket, e))));
      }
      const faults = outcomes.flatMap((o) => {
        if (!('ok' in o.reply)) return [`${who}: ${o.reply.error} for ${preview(o.envelope)}`];
        return !o.reply.ok && o.reply.code === 'INTERNAL' ? [`${who}: INTERNAL for ${preview(o.envelope)}`] : [];
      });
      expect(faults.slice(0, 10), `${faults.length} faults (seed ${SEED + offset})`).toEqual([]);
      const accepted = acceptedSeqs(outcomes);
      const after = await getState(t.url);
      // Besides the accepted commands, the hub records its own work (jobs, printers): nothing else.
      const own = hubOwnRecords(t.hub.engine.changesSince(seqBefore), accepted);
      expect(own.foreign, `${who}: records of neither the fuzzer nor the hub`).toEqual([]);
      expect(after.seq - seqBefore - own.count, `${who}: log records vs accepted commands`).toBe(accepted.size);
      expect(accepted.size, `${who}: accepted`).toBeGreaterThan(5);
      expect(socket.connected).toBe(true);
      console.log(`fuzz socket ${who}: ${outcomes.length} envelopes, ${accepted.size} accepted, seq ${seqBefore} -> ${after.seq}, ${Date.now() - started} ms`);
    }
  });

  it('frames that are not envelopes (no ack, odd event names, junk resumes) leave the hub up and the log still', async () => {
    const socket = await device(t.cookie);
    const before = (await getState(t.url)).seq;
    const raw = socket as unknown as { emit: (event: string, ...args: unknown[]) => void };
    const replies: unknown[] = [];
    for (const value of HOSTILE_VALUES.slice(0, 30)) {
      raw.emit(SOCKET_EVENTS.command, value, (reply: unknown) => replies.push(reply));
      raw.emit(SOCKET_EVENTS.command, value);
      raw.emit(SOCKET_EVENTS.command, value, 'not a function');
    }
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x'.repeat(1000)]) raw.emit(name, { a: 1 }, () => undefined);
    for (const value of HOSTILE_VALUES.slice(0, 10)) raw.emit(SOCKET_EVENTS.resume, value);
    // An ordinary command after the junk: it is answered in order, so everything before it was read.
    const ping = await sendCommand(socket, { id: crypto.randomUUID(), type: 'order.send', payload: { orderId: '__proto__' }, deviceId: 'x', at: new Date().toISOString() });
    expect(ping).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(replies.length).toBe(30);
    expect(replies.filter((r) => (r as { code?: string }).code === 'INTERNAL')).toEqual([]);
    expect((await getState(t.url)).seq).toBe(before);
    const health = await getJson<{ ok: boolean }>(t.url, '/api/health');
    expect(health.body.ok).toBe(true);
  });
});
