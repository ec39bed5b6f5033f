import type { Change } from '#protocol';
import { SOCKET_EVENTS, VIRTUAL_PRINTER } from '#protocol';
import { startHub } from '#hub/server.ts';
import { parseEscPos } from '../../hardware/index.ts';
import { atPace, fmtInt, fmtMs, isMain, passText, printResult, removeDir, row, scratchDir, sleep, summarize, type BenchResult } from './common.ts';
import { capturePrinter, connect, signIn, type DeviceSocket } from './print-latency.ts';
import { makeCommand } from './workload.ts';

/**
 * A web order to paper (issue 21): from a web shop's `POST /api/intake/orders`
 * to the last byte of its kitchen ticket on a printer's socket, with 30
 * devices on real socket.io connections. A web order waits for the
 * restaurant to accept it (no ticket before), so one of the devices plays the
 * till that accepts at once: it sees the takeout arrive in its change stream
 * and sends `takeout.accept`. The figure is the hub's whole path: the HTTP
 * door, the log, the broadcast, the accept's round trip, the ticket job and
 * the printer's socket; a person's reaction time is not in it. The ticket is
 * told apart by the line's remark (`W000001`), read back from the ESC/POS bytes.
 */

export type IntakeLatencyOptions = { clients: number; ordersPerSec: number; durationMs: number; warmupMs: number };
export const DEFAULT_INTAKE_LATENCY: IntakeLatencyOptions = { clients: 30, ordersPerSec: 5, durationMs: 20_000, warmupMs: 2_000 };

const GOAL_P99_MS = 100;

export async function run(partial: Partial<IntakeLatencyOptions> = {}): Promise<BenchResult> {
  const o = { ...DEFAULT_INTAKE_LATENCY, ...partial };
  const dir = await scratchDir('intake-latency');
  const postedAt = new Map<string, { t: number; measured: boolean }>();
  /** Per mark: when the till saw the takeout arrive, and when its accept was acknowledged (the path split in three). */
  const seenAt = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  const segments = { arrive: [] as number[], accept: [] as number[], print: [] as number[] };
  const latencies: number[] = [];
  const seen = new Set<string>();
  let printed = 0;
  let duplicates = 0;
  let refused = 0;
  const printer = await capturePrinter((bytes, lastByteAt) => {
    for (const text of parseEscPos(bytes, { codePage: 'cp858' }).texts) {
      for (const mark of text.match(/W\d{6}/g) ?? []) {
        if (seen.has(mark)) duplicates++;
        seen.add(mark);
        printed++;
        const p = postedAt.get(mark);
        if (!p?.measured) continue;
        latencies.push(lastByteAt - p.t);
        const sawAt = seenAt.get(mark);
        const acked = ackedAt.get(mark);
        if (sawAt === undefined || acked === undefined) continue;
        segments.arrive.push(sawAt - p.t);
        segments.accept.push(acked - sawAt);
        segments.print.push(lastByteAt - acked);
      }
    }
  });
  // The per-channel pace is the API's guard against a runaway shop; the bench sends far above a shop's pace on purpose.
  const hub = await startHub({ dataDir: dir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined, intakeRate: { burst: 10_000, perMinute: 1_000_000 } });
  const devices: DeviceSocket[] = [];
  let posted = 0;
  let measured = 0;
  try {
    const url = `http://127.0.0.1:${hub.port}`;
    const cookie = await signIn(url);
    for (let i = 0; i < o.clients; i++) devices.push(await connect(url, `bench-intake-${i + 1}`, cookie));
    const till = devices[0]!;
    const state = hub.engine.state;
    const stations = state.menuSettings.stations.map((s) => s.id);
    const pr = { ...VIRTUAL_PRINTER, id: 'pr-bench', name: 'Cocina', connection: { type: 'network' as const, host: '127.0.0.1', port: printer.port }, receipts: false, prebills: false, stations };
    const saved = await new Promise<{ ok: boolean }>((resolve) => till.emit(SOCKET_EVENTS.command, makeCommand('printer.save', { printer: pr }, 'bench-intake-1'), resolve));
    if (!saved.ok) throw new Error('printer.save refused');
    const product = Object.values(state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory);
    if (!product) throw new Error('no kitchen dish in the demo menu');

    // The till that accepts every web order as it arrives.
    till.on(SOCKET_EVENTS.change, (change: Change) => {
      for (const e of change.events) {
        if (e.type !== 'takeout.created' || e.takeout.status !== 0) continue;
        const mark = (e.takeout.externalId ?? '').replace('bench-', '');
        seenAt.set(mark, performance.now());
        till.emit(SOCKET_EVENTS.command, makeCommand('takeout.accept', { takeoutId: e.takeout.id }, 'bench-intake-1'), (reply) => {
          ackedAt.set(mark, performance.now());
          if (!reply.ok) refused++;
        });
      }
    });

    const channel = await fetch(new URL('/api/intake/channels', url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'Bench shop' }) });
    const { key } = (await channel.json()) as { key: string };
    await sleep(1_500); // the setup slip and the first status checks out of the way

    let n = 0;
    let start = 0;
    const one = async () => {
      const mark = `W${String(++n).padStart(6, '0')}`;
      const body = JSON.stringify({
        externalId: `bench-${mark}`,
        method: 'pickup',
        customer: { name: 'Bench', phone: '987654321' },
        lines: [{ productId: product.id, qty: 1, remark: mark }],
      });
      const t = performance.now();
      const isMeasured = t - start >= o.warmupMs;
      postedAt.set(mark, { t, measured: isMeasured });
      const res = await fetch(new URL('/api/intake/orders', url), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
      await res.arrayBuffer();
      if (res.status !== 201) {
        refused++;
        return;
      }
      posted++;
      if (isMeasured) measured++;
    };
    start = performance.now();
    await atPace(o.ordersPerSec, o.durationMs, one, start);
    const graceEnd = performance.now() + 10_000;
    while (printed < posted && performance.now() < graceEnd) await sleep(20);
  } finally {
    for (const d of devices) d.disconnect();
    await hub.close();
    await printer.close();
    await removeDir(dir);
  }

  const s = summarize(latencies);
  const allOnce = printed === posted && duplicates === 0 && refused === 0;
  const pass = s.count > 0 && s.p99 < GOAL_P99_MS && allOnce;
  return {
    name: 'intake-latency',
    rows: [
      row('intake → kitchen ticket p50/p99', `${fmtMs(s.p50)}/${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS}`, `${o.clients} devices`, passText(pass, `p99 < ${GOAL_P99_MS} ms`), pass),
      row('  web orders printed/posted', `${fmtInt(printed)}/${fmtInt(posted)}`, 'all, once', `${duplicates} twice, ${refused} refused`, allOnce ? 'ok' : 'MISS', null),
    ],
    figures: { p50: s.p50, p90: s.p90, p99: s.p99, max: s.max, count: s.count, posted, printed, duplicates, refused, measured },
    notes: [
      `${o.clients} devices on socket.io, ${o.ordersPerSec} web orders/s for ${(o.durationMs / 1000).toFixed(0)} s (first ${(o.warmupMs / 1000).toFixed(0)} s not counted), one till accepting each as it arrives, one network printer for every station; from the shop's POST to the ticket's last byte at the printer socket (hub, devices, shop and printer in one process)`,
      `max ${fmtMs(s.max)} ms over ${fmtInt(s.count)} measured tickets`,
      `the path in three, p50/p99 ms: POST to the till seeing it ${split(segments.arrive)}; the accept's round trip ${split(segments.accept)}; accepted to the ticket's last byte ${split(segments.print)}`,
    ],
  };
}

/** p50/p99 of one segment, as the notes print it. */
function split(values: readonly number[]): string {
  const x = summarize(values);
  return x.count === 0 ? '-' : `${fmtMs(x.p50)}/${fmtMs(x.p99)}`;
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
