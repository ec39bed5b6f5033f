import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  Command,
  CommandPayload,
  CommandReply,
  CommandType,
  Envelope,
  Handshake,
  ServerToClientEvents,
  Snapshot,
} from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS, unpackSnapshot } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startHub, type RunningHub, type StartOptions } from '#hub/server.ts';
import { cookieFor, signedIn, useCookie } from './auth-helpers.ts';

export { cookieFor, signIn, signInPin, signedIn, useCookie } from './auth-helpers.ts';

/** The demo owner (staff number 1, PIN 1111): the helpers act as them by default. */
export const DEMO_OWNER = DEMO_STAFF[0]!;

/**
 * Shared helpers for the hub's integration tests: a real hub on 127.0.0.1
 * in a temp folder, command envelopes typed from the protocol, and typed
 * socket.io clients. Nothing here mocks the hub.
 */

export type TestHub = {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  hub: RunningHub;
  dataDir: string;
  /** The demo owner's cookies (session and device), which the helpers send by default; '' when not signed in. */
  cookie: string;
  /** Closes the hub and removes its data folder. Safe to call twice. */
  close(): Promise<void>;
};

/**
 * Starts a whole hub (demo restaurant seeded, no mDNS, silent) on a free port
 * of 127.0.0.1 and signs the demo owner in from device `test-device`: the
 * helpers below carry that session unless told otherwise. `signIn: false`
 * (or an unclaimed hub, `demo: false`) leaves every call anonymous.
 */
export async function startTestHub(overrides: Partial<StartOptions> & { signIn?: boolean } = {}): Promise<TestHub> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pos-hub-test-'));
  let hub: RunningHub;
  try {
    hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => {}, ...overrides });
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  let closing: Promise<void> | null = null;
  let cookie = '';
  if ((overrides.signIn ?? true) && hub.claimCode === null) {
    cookie = await signedIn(hub.url, DEMO_OWNER.code, DEMO_OWNER.pin);
    useCookie(hub.url, cookie);
  }
  return {
    url: hub.url,
    hub,
    dataDir,
    cookie,
    close: () =>
      (closing ??= (async () => {
        try {
          useCookie(hub.url, undefined);
          await hub.close();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      })()),
  };
}

export type EnvelopeOverrides = Partial<Pick<Envelope, 'id' | 'deviceId' | 'at'>>;

/** A valid command envelope: fresh UUID id, the given device (default `test-device`), `at` = now. */
export function command<K extends CommandType>(type: K, payload: CommandPayload<K>, overrides: EnvelopeOverrides = {}): Command<K> {
  const envelope = { id: randomUUID(), type, payload, deviceId: 'test-device', at: new Date().toISOString(), ...overrides };
  return envelope as Command<K>;
}

/** The standard customer of a table.open (nothing known about the guests). */
export const NO_CUSTOMER: CommandPayload<'table.open'>['customer'] = { name: '', gender: 0, phone: '', reason: '', remarks: '' };

/** table.open with a fresh orderId (returned in the payload). */
export function openTable(tableId: string, people = 2, overrides: EnvelopeOverrides = {}): Command<'table.open'> {
  return command('table.open', { tableId, orderId: randomUUID(), people, customer: NO_CUSTOMER }, overrides);
}

/** order.addLines with a fresh lineId per product. */
export function addLines(orderId: string, productIds: readonly string[], overrides: EnvelopeOverrides = {}): Command<'order.addLines'> {
  return command(
    'order.addLines',
    { orderId, lines: productIds.map((productId) => ({ lineId: randomUUID(), productId, qty: 1, remark: '' })) },
    overrides,
  );
}

// ---------------------------------------------------------------- HTTP

export type HttpReply<T = unknown> = { status: number; body: T; contentType: string };

async function readReply<T>(res: Response): Promise<HttpReply<T>> {
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const body = (contentType.includes('json') ? JSON.parse(text) : text) as T;
  return { status: res.status, body, contentType };
}

/**
 * Who a helper call is made as: by default the cookies registered for the hub
 * (startTestHub's demo owner); a cookie string to act as someone else; null
 * for an anonymous call.
 */
export type As = { cookie?: string | null };

function cookieHeader(base: string, as: As): Record<string, string> {
  const cookie = as.cookie === undefined ? cookieFor(base) : as.cookie;
  return cookie ? { cookie } : {};
}

export async function getJson<T = unknown>(base: string, apiPath: string, as: As = {}): Promise<HttpReply<T>> {
  return readReply<T>(await fetch(new URL(apiPath, base), { headers: cookieHeader(base, as) }));
}

/** POSTs a command (or any body: a string is sent as is) to /api/commands. */
export async function postCommand(base: string, body: unknown, headers: Record<string, string> = {}, as: As = {}): Promise<HttpReply<CommandReply>> {
  const res = await fetch(new URL('/api/commands', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...cookieHeader(base, as), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readReply<CommandReply>(res);
}

export async function getState(base: string, as: As = {}): Promise<Snapshot> {
  const r = await getJson<Snapshot>(base, '/api/state', as);
  if (r.status !== 200) throw new Error(`GET /api/state answered ${r.status}`);
  return r.body;
}

// ---------------------------------------------------------------- sockets

export type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type DeviceOptions = {
  deviceId?: string;
  storeId?: string;
  lastSeq?: number;
  protocolVersion?: number;
  /**
   * Raw auth replacing the one built from the fields above (to test bad
   * handshakes), or a function asked at every (re)connect, as a device that
   * reports its current lastSeq does.
   */
  auth?: Record<string, unknown> | ((cb: (data: Handshake) => void) => void);
  /** Off by default; a device that should come back after a hub restart turns it on. */
  reconnection?: boolean;
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  autoConnect?: boolean;
  /** The Cookie header of the handshake: by default the hub's registered session; null for none. */
  cookie?: string | null;
  /** Extra handshake headers (an Origin, to test the check). */
  headers?: Record<string, string>;
};

/** A typed socket.io client as a device opens it (websocket only, handshake in `auth`, session cookie in the headers). */
export function connectDevice(url: string, opts: DeviceOptions = {}): DeviceSocket {
  const auth = opts.auth ?? {
    deviceId: opts.deviceId ?? `dev-${randomUUID().slice(0, 8)}`,
    protocolVersion: opts.protocolVersion ?? PROTOCOL_VERSION,
    storeId: opts.storeId ?? '',
    lastSeq: opts.lastSeq ?? 0,
  };
  return io(url, {
    transports: ['websocket'],
    auth,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: opts.reconnectionDelay ?? 1000,
    reconnectionDelayMax: opts.reconnectionDelayMax ?? 5000,
    autoConnect: opts.autoConnect ?? true,
    forceNew: true,
    extraHeaders: { ...cookieHeader(url, { cookie: opts.cookie }), ...opts.headers },
  });
}

/** Resolves once the socket is connected, rejects with the connect_error (its `data` holds the refusal). */
export function whenConnected(socket: DeviceSocket, timeoutMs = 5000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`socket did not connect in ${timeoutMs} ms`)), timeoutMs);
    const onConnect = () => done(null);
    const onError = (err: Error) => done(err);
    function done(err: Error | null) {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
      if (err) reject(err);
      else resolve();
    }
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
  });
}

/** Sends a command over the socket and waits for its acknowledgement. */
export function sendCommand(socket: DeviceSocket, envelope: Envelope | Command, timeoutMs = 5000): Promise<CommandReply> {
  return socket.timeout(timeoutMs).emitWithAck(SOCKET_EVENTS.command, envelope as Envelope);
}

/** Everything a socket receives from the hub, in arrival order. */
export type Received =
  | { event: typeof SOCKET_EVENTS.change; data: Parameters<ServerToClientEvents[typeof SOCKET_EVENTS.change]>[0] }
  | { event: typeof SOCKET_EVENTS.changes; data: Parameters<ServerToClientEvents[typeof SOCKET_EVENTS.changes]>[0] }
  /** Unpacked as a device does (hub/protocol/snapshot-codec.ts). */
  | { event: typeof SOCKET_EVENTS.snapshot; data: Snapshot };

/** Records every hub message on `socket` (attach before it connects to miss nothing). */
export function recordMessages(socket: DeviceSocket): Received[] {
  const got: Received[] = [];
  socket.on(SOCKET_EVENTS.change, (data) => got.push({ event: SOCKET_EVENTS.change, data }));
  socket.on(SOCKET_EVENTS.changes, (data) => got.push({ event: SOCKET_EVENTS.changes, data }));
  socket.on(SOCKET_EVENTS.snapshot, (data) => got.push({ event: SOCKET_EVENTS.snapshot, data: unpackSnapshot(data) }));
  return got;
}

/** The seqs a recording holds from change/changes messages, in arrival order. */
export function seqsOf(received: readonly Received[]): number[] {
  return received.flatMap((r) =>
    r.event === SOCKET_EVENTS.change ? [r.data.seq] : r.event === SOCKET_EVENTS.changes ? r.data.map((c) => c.seq) : [],
  );
}

/** Polls `check` until it is true (bounded). */
export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
