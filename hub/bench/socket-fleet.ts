import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, CommandReply, Envelope, ServerToClientEvents } from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startHub } from '#hub/server.ts';
import { removeDir, scratchDir, sleep } from './common.ts';
import type { HubSide, HubWorkerData, HubWorkerMessage } from './hub-worker.ts';
import { hubSizes, sizesText } from './sizes.ts';
import { benchTables, extraTableCommands, TableRound } from './workload.ts';

/**
 * A fleet of devices on real socket.io connections to a real hub (demo
 * restaurant) on 127.0.0.1. Together they send `ratePerSec` commands, paced by
 * timers and spread round-robin over the devices; each device works its own
 * table and sends its next command only after the previous one was
 * acknowledged. Measures, in this one process's clock:
 *   ack: emit -> acknowledgement at the sender;
 *   broadcast: emit -> `change` for that command at each device (sender included).
 * The ack- and broadcast-latency benchmarks share one run (memoised by options).
 */

type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type FleetOptions = {
  clients: number;
  ratePerSec: number;
  durationMs: number;
  /** Commands sent in the first `warmupMs` are not counted (JIT, first connections). */
  warmupMs: number;
  /** 'worker': the hub on its own thread (default); 'inline': in this thread with the devices. */
  hubIn: 'worker' | 'inline';
};

export const DEFAULT_FLEET: FleetOptions = { clients: 30, ratePerSec: 50, durationMs: 20_000, warmupMs: 1_000, hubIn: 'worker' };

export type FleetResult = {
  options: FleetOptions;
  ack: number[];
  broadcast: number[];
  sent: number;
  measured: number;
  acked: number;
  refused: Record<string, number>;
  /** Commands whose acknowledgement never came (within the grace time). */
  unanswered: number;
  /** Scheduled sends skipped because every device still awaited an answer. */
  skipped: number;
  expectedDeliveries: number;
  deliveries: number;
  /** Changes that did not follow the device's previous seq by exactly one. */
  seqGaps: number;
  achievedRate: number;
  /** Measured inside the hub (worker mode only; NaN inline). */
  hub: HubSide;
  devicesLoopDelayP99Ms: number;
  dataDir: string;
};

type HubHandle = { port: number; close(): Promise<HubSide>; measure(): void };

const NO_HUB_SIDE: HubSide = { loopDelayP99Ms: NaN, loopDelayMaxMs: NaN, submitP50Ms: NaN, submitP99Ms: NaN, submits: 0, sizes: '-' };

async function startWorkerHub(dataDir: string): Promise<HubHandle> {
  const worker = new Worker(new URL('./hub-worker.ts', import.meta.url), { workerData: { dataDir } satisfies HubWorkerData });
  const next = () =>
    new Promise<HubWorkerMessage>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.off('message', onMessage);
      };
      const onError = (err: Error) => (done(), reject(err));
      const onExit = (code: number) => (done(), reject(new Error(`hub worker exited (${code})`)));
      const onMessage = (m: HubWorkerMessage) => (done(), resolve(m));
      const timer = setTimeout(() => (done(), reject(new Error('hub worker did not answer within 20 s'))), 20_000);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.on('message', onMessage);
    });
  const ready = await next();
  if (ready.type !== 'ready') {
    await worker.terminate();
    throw new Error(`hub worker failed: ${ready.type === 'error' ? ready.message : ready.type}`);
  }
  return {
    port: ready.port,
    measure: () => worker.postMessage('measure'),
    close: async () => {
      const closed = next();
      worker.postMessage('close');
      const m = await closed.catch(() => null);
      await worker.terminate();
      if (m?.type !== 'closed') return NO_HUB_SIDE;
      const { type: _type, ...side } = m;
      return side;
    },
  };
}

async function startInlineHub(dataDir: string): Promise<HubHandle> {
  const hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  return {
    port: hub.port,
    measure: () => undefined,
    close: async () => {
      const sizes = sizesText(hubSizes(hub.engine));
      await hub.close();
      return { ...NO_HUB_SIDE, sizes };
    },
  };
}

type Device = { socket: DeviceSocket; round: TableRound; busy: boolean; lastSeq: number };

/** Signs the demo owner in once (the hub wants a session on every socket); returns the Cookie header. */
async function signInOnce(url: string): Promise<string> {
  const owner = DEMO_STAFF[0]!;
  const res = await fetch(new URL('/api/auth/signin', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: owner.code, secret: owner.pin, deviceId: 'bench-fleet' }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function connect(url: string, deviceId: string, cookie: string): Promise<{ socket: DeviceSocket; seq: number }> {
  return new Promise((resolve, reject) => {
    const socket: DeviceSocket = io(url, {
      transports: ['websocket'],
      auth: { deviceId, protocolVersion: PROTOCOL_VERSION, storeId: '', lastSeq: 0 },
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
    });
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`${deviceId}: no snapshot within 10 s`));
    }, 10_000);
    // A new device (storeId '') gets the whole state first; its seq is where changes continue.
    socket.once(SOCKET_EVENTS.snapshot, (snap) => {
      clearTimeout(timer);
      resolve({ socket, seq: snap.seq });
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.disconnect();
      reject(err);
    });
  });
}

function send(socket: DeviceSocket, envelope: Envelope): Promise<CommandReply> {
  return new Promise((resolve) => socket.emit(SOCKET_EVENTS.command, envelope, resolve));
}

const cache = new Map<string, Promise<FleetResult>>();

/** Runs the fleet once per distinct options in this process; later callers share the result. */
export function runFleet(partial: Partial<FleetOptions> = {}): Promise<FleetResult> {
  const options = { ...DEFAULT_FLEET, ...partial };
  const key = JSON.stringify(options);
  let p = cache.get(key);
  if (!p) {
    p = measureFleet(options);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function measureFleet(options: FleetOptions): Promise<FleetResult> {
  const dir = await scratchDir('fleet');
  const dataDir = path.join(dir, 'data');
  const hub = options.hubIn === 'worker' ? await startWorkerHub(dataDir) : await startInlineHub(dataDir);
  const devices: Device[] = [];
  let measuredPart: DrivenPart;
  let side: HubSide;
  try {
    measuredPart = await driveFleet(options, hub, devices);
  } finally {
    for (const d of devices) d.socket.disconnect();
    side = await hub.close();
    await removeDir(dir);
  }
  return { ...measuredPart, hub: side, dataDir };
}

type DrivenPart = Omit<FleetResult, 'hub' | 'dataDir'>;

async function driveFleet(options: FleetOptions, hub: HubHandle, devices: Device[]): Promise<DrivenPart> {
  const url = `http://127.0.0.1:${hub.port}`;
  const tables = benchTables(options.clients);
  const emitAt = new Map<string, { t: number; measured: boolean }>();
  const ack: number[] = [];
  const broadcast: number[] = [];
  const refused: Record<string, number> = {};
  let deliveries = 0;
  let seqGaps = 0;
  let lastAckAt = performance.now();

  const cookie = await signInOnce(url);
  for (let i = 0; i < options.clients; i++) {
    const deviceId = `bench-tablet-${i + 1}`;
    const { socket, seq } = await connect(url, deviceId, cookie);
    const device: Device = { socket, round: new TableRound(deviceId, tables[i]!, 100 + i, 50), busy: false, lastSeq: seq };
    socket.on(SOCKET_EVENTS.change, (change) => {
      const now = performance.now();
      if (change.seq !== device.lastSeq + 1) seqGaps++;
      device.lastSeq = change.seq;
      const sent = emitAt.get(change.commandId);
      if (sent?.measured) {
        broadcast.push(now - sent.t);
        deliveries++;
      }
    });
    devices.push(device);
  }

  // The demo has 12 tables; the first device adds the rest, as the owner would.
  for (const c of extraTableCommands(options.clients, 'bench-setup')) {
    const reply = await send(devices[0]!.socket, c);
    if (!reply.ok) throw new Error(`set-up ${c.type} refused: ${reply.code}`);
  }
  await sleep(200);

  const interval = 1000 / options.ratePerSec;
  let scheduled = 0;
  let sent = 0;
  let measured = 0;
  let acked = 0;
  let skipped = 0;
  let okMeasured = 0;
  let rr = 0;
  const devicesDelay = monitorEventLoopDelay({ resolution: 5 });
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  let measuringStarted = false;

  const sendOne = () => {
    for (let tries = 0; tries < devices.length; tries++) {
      const device = devices[rr]!;
      rr = (rr + 1) % devices.length;
      if (device.busy) continue;
      const command = device.round.next();
      const t = performance.now();
      const isMeasured = t >= measureFrom;
      if (isMeasured && !measuringStarted) {
        measuringStarted = true;
        hub.measure();
        devicesDelay.enable();
      }
      emitAt.set(command.id, { t, measured: isMeasured });
      device.busy = true;
      sent++;
      if (isMeasured) measured++;
      send(device.socket, command).then((reply) => {
        const now = performance.now();
        device.busy = false;
        acked++;
        lastAckAt = now;
        if (isMeasured) ack.push(now - t);
        if (isMeasured && reply.ok) okMeasured++;
        if (!reply.ok) refused[reply.code] = (refused[reply.code] ?? 0) + 1;
      });
      return;
    }
    skipped++;
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now - start >= options.durationMs) return resolve();
      while (start + scheduled * interval <= now) {
        scheduled++;
        sendOne();
      }
      setTimeout(tick, Math.max(0, start + scheduled * interval - performance.now()));
    };
    tick();
  });
  const sendingMs = performance.now() - start;

  // Let the last answers and broadcasts arrive (bounded).
  const graceEnd = performance.now() + 5_000;
  while (acked < sent && performance.now() < graceEnd) await sleep(20);
  while (performance.now() - lastAckAt < 300 && performance.now() < graceEnd) await sleep(20);
  devicesDelay.disable();

  return {
    options,
    ack,
    broadcast,
    sent,
    measured,
    acked,
    refused,
    unanswered: sent - acked,
    skipped,
    expectedDeliveries: okMeasured * devices.length,
    deliveries,
    seqGaps,
    achievedRate: (sent / sendingMs) * 1000,
    devicesLoopDelayP99Ms: devicesDelay.percentile(99) / 1e6,
  };
}
