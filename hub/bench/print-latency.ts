import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Command, CommandReply, ServerToClientEvents } from '#protocol';
import { PROTOCOL_VERSION, SOCKET_EVENTS, VIRTUAL_PRINTER } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startHub } from '#hub/server.ts';
import { parseEscPos } from '../../hardware/index.ts';
import { atPace, fmtInt, fmtMs, isMain, passText, printResult, removeDir, row, scratchDir, sleep, summarize, type BenchResult } from './common.ts';
import { benchTables, extraTableCommands, makeCommand } from './workload.ts';

/**
 * Tap to paper: from a device's emit of `order.send` to the last byte of its
 * kitchen ticket on a printer's socket (a TCP printer on 127.0.0.1 that
 * takes the bytes and closes, as port-9100 printers do), with 30 devices on
 * real socket.io connections each sending from its own table. One printer
 * prints every station (the busiest lane). The ticket is told apart by its
 * dish's remark, read back from the ESC/POS bytes.
 */

export type PrintLatencyOptions = { clients: number; sendsPerSec: number; durationMs: number; warmupMs: number };
export const DEFAULT_PRINT_LATENCY: PrintLatencyOptions = { clients: 30, sendsPerSec: 10, durationMs: 20_000, warmupMs: 2_000 };

const GOAL_P99_MS = 100;
const BETTER_P99_MS = 20;

export type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A printer on 127.0.0.1: each connection's bytes, and when its last byte came (the connection's end). */
export async function capturePrinter(onTicket: (bytes: Buffer, lastByteAt: number) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let lastByteAt = 0;
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      lastByteAt = performance.now();
    });
    socket.on('end', () => {
      socket.end();
      if (chunks.length > 0) onTicket(Buffer.concat(chunks), lastByteAt);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

export async function signIn(url: string): Promise<string> {
  const owner = DEMO_STAFF[0]!;
  const res = await fetch(new URL('/api/auth/signin', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: owner.code, secret: owner.pin, deviceId: 'bench-print' }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export function connect(url: string, deviceId: string, cookie: string): Promise<DeviceSocket> {
  return new Promise((resolve, reject) => {
    const socket: DeviceSocket = io(url, { transports: ['websocket'], auth: { deviceId, protocolVersion: PROTOCOL_VERSION, storeId: '', lastSeq: 0 }, extraHeaders: { cookie }, reconnection: false, forceNew: true });
    socket.once(SOCKET_EVENTS.snapshot, () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const send = (socket: DeviceSocket, c: Command) => new Promise<CommandReply>((resolve) => socket.emit(SOCKET_EVENTS.command, c, resolve));

async function must(socket: DeviceSocket, c: Command): Promise<void> {
  const reply = await send(socket, c);
  if (!reply.ok) throw new Error(`${c.type} refused: ${reply.code}`);
}

export async function run(partial: Partial<PrintLatencyOptions> = {}): Promise<BenchResult> {
  const o = { ...DEFAULT_PRINT_LATENCY, ...partial };
  const dir = await scratchDir('print-latency');
  const sentAt = new Map<string, { t: number; measured: boolean }>();
  const latencies: number[] = [];
  let printed = 0;
  let duplicates = 0;
  const seen = new Set<string>();
  const printer = await capturePrinter((bytes, lastByteAt) => {
    for (const text of parseEscPos(bytes, { codePage: 'cp858' }).texts) {
      for (const mark of text.match(/K\d{6}/g) ?? []) {
        if (seen.has(mark)) duplicates++;
        seen.add(mark);
        printed++;
        const s = sentAt.get(mark);
        if (s?.measured) latencies.push(lastByteAt - s.t);
      }
    }
  });
  const hub = await startHub({ dataDir: dir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  const devices: DeviceSocket[] = [];
  let sends = 0;
  let measured = 0;
  try {
    const url = `http://127.0.0.1:${hub.port}`;
    const cookie = await signIn(url);
    for (let i = 0; i < o.clients; i++) devices.push(await connect(url, `bench-print-${i + 1}`, cookie));
    const first = devices[0]!;
    const state = hub.engine.state;
    const stations = state.menuSettings.stations.map((s) => s.id);
    const pr = { ...VIRTUAL_PRINTER, id: 'pr-bench', name: 'Cocina', connection: { type: 'network' as const, host: '127.0.0.1', port: printer.port }, receipts: false, prebills: false, stations };
    await must(first, makeCommand('printer.save', { printer: pr }, 'bench-setup'));
    for (const c of extraTableCommands(o.clients, 'bench-setup')) await must(first, c);
    const product = Object.values(state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory);
    if (!product) throw new Error('no kitchen dish in the demo menu');
    const orders = await Promise.all(
      benchTables(o.clients).map(async (table, i) => {
        const orderId = randomUUID();
        await must(devices[i]!, makeCommand('table.open', { tableId: table.id, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, `bench-print-${i + 1}`));
        return orderId;
      }),
    );
    await sleep(1_500); // the setup slip and the first status checks out of the way

    const busy = new Set<number>();
    let rr = 0;
    let n = 0;
    const start = performance.now();
    const one = async () => {
      for (let tries = 0; tries < devices.length; tries++) {
        const i = rr;
        rr = (rr + 1) % devices.length;
        if (busy.has(i)) continue;
        busy.add(i);
        const mark = `K${String(++n).padStart(6, '0')}`;
        const deviceId = `bench-print-${i + 1}`;
        await must(devices[i]!, makeCommand('order.addLines', { orderId: orders[i]!, lines: [{ lineId: randomUUID(), productId: product.id, qty: 1, remark: mark }] }, deviceId));
        const t = performance.now();
        const isMeasured = t - start >= o.warmupMs;
        sentAt.set(mark, { t, measured: isMeasured });
        sends++;
        if (isMeasured) measured++;
        await must(devices[i]!, makeCommand('order.send', { orderId: orders[i]! }, deviceId));
        busy.delete(i);
        return;
      }
    };
    await atPace(o.sendsPerSec, o.durationMs, one, start);
    const graceEnd = performance.now() + 10_000;
    while (printed < sends && performance.now() < graceEnd) await sleep(20);
  } finally {
    for (const d of devices) d.disconnect();
    await hub.close();
    await printer.close();
    await removeDir(dir);
  }

  const s = summarize(latencies);
  const pass = s.count > 0 && s.p99 < GOAL_P99_MS && printed === sends && duplicates === 0;
  const better = s.count > 0 && s.p99 < BETTER_P99_MS;
  return {
    name: 'print-latency',
    rows: [
      row('tap to ticket p50/p99', `${fmtMs(s.p50)}/${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS}`, `better < ${BETTER_P99_MS} ms`, passText(pass, `p99 < ${GOAL_P99_MS} ms${better ? `; also < ${BETTER_P99_MS}` : ''}`), pass),
      row('  tickets printed/sent', `${fmtInt(printed)}/${fmtInt(sends)}`, 'all, once', `${duplicates} twice`, printed === sends && duplicates === 0 ? 'ok' : 'MISS', null),
    ],
    figures: { p50: s.p50, p90: s.p90, p99: s.p99, max: s.max, count: s.count, sends, printed, duplicates, measured },
    notes: [
      `${o.clients} devices on socket.io, ${o.sendsPerSec} kitchen sends/s in total for ${(o.durationMs / 1000).toFixed(0)} s (first ${(o.warmupMs / 1000).toFixed(0)} s not counted), one network printer for every station; from the device's emit of order.send to the ticket's last byte at the printer socket (hub, devices and printer in one process)`,
      `max ${fmtMs(s.max)} ms over ${fmtInt(s.count)} measured tickets`,
    ],
  };
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
