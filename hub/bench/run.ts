import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run as ackLatency } from './ack-latency.ts';
import { run as binary } from './binary.ts';
import { run as broadcastLatency } from './broadcast-latency.ts';
import { BENCH_OUT_DIR, formatTable, isMain, machineContext, row, type BenchResult, type MachineContext, type Row } from './common.ts';
import { run as durableThroughput } from './durable-throughput.ts';
import { run as firstLoad } from './first-load.ts';
import { run as menu2000 } from './menu-2000.ts';
import { run as menuHostile } from './menu-hostile.ts';
import { run as printLatency } from './print-latency.ts';
import { run as intakeLatency } from './intake-latency.ts';
import { run as couponSearch } from './coupon-search.ts';
import { run as memberSearch } from './member-search.ts';
import { run as reports } from './reports.ts';
import { run as snapshotSize } from './snapshot-size.ts';
import { run as startup } from './startup.ts';

/**
 * `npm run bench`: every benchmark in sequence, then one table of figures
 * with their goals, and the same as JSON in dist/bench/last-run.json.
 * Figures, not tests: a MISS is reported, it does not fail the run (only a
 * benchmark that crashes does).
 */

const BENCHMARKS = {
  durable: () => durableThroughput({ log: (m) => console.log(`  ${m}`) }),
  // These two share one fleet run (socket-fleet.ts memoises it).
  ack: () => ackLatency(),
  broadcast: () => broadcastLatency(),
  startup: () => startup({ log: (m) => console.log(`  ${m}`) }),
  menu: () => menu2000({}, (m) => console.log(`  ${m}`)),
  'menu-hostile': () => menuHostile((m) => console.log(`  ${m}`)),
  'snapshot-size': () => snapshotSize(),
  'first-load': () => firstLoad((m) => console.log(`  ${m}`)),
  'print-latency': () => printLatency(),
  // A web order (intake API) to its kitchen ticket, a till accepting at once (issue 21).
  intake: () => intakeLatency(),
  reports: () => reports({}, (m) => console.log(`  ${m}`)),
  // The M004 coupon search with 50,000 coupons (issue 22).
  coupons: () => couponSearch({}, (m) => console.log(`  ${m}`)),
  // The member directory with 20,000 members and 50,000 coupons, and a balance move's ack against one member (issue 22).
  members: () => memberSearch({}, (m) => console.log(`  ${m}`)),
  // Both binaries' sizes and first-start times; the arm64 one under qemu, labelled as emulated (issue 23).
  binary: () => binary({ log: (m) => console.log(`  ${m}`) }),
} satisfies Record<string, () => Promise<BenchResult>>;

type Name = keyof typeof BENCHMARKS;
const NAMES = Object.keys(BENCHMARKS) as Name[];

export type RunReport = {
  startedAt: string;
  durationMs: number;
  machine: MachineContext & { loadAverageBefore: number[]; loadAverageAfter: number[] };
  results: (BenchResult & { durationMs: number; error?: string })[];
  pass: number;
  miss: number;
};

export async function runAll(names: readonly Name[] = NAMES): Promise<RunReport> {
  const started = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const machine = await machineContext();
  console.log('machine');
  console.log(`  cpus: ${machine.cpus} x ${machine.cpuModel}, memory ${machine.totalMemory}`);
  console.log(`  node ${machine.node} on ${machine.platform}`);
  console.log(`  disk used by the benchmarks: ${machine.benchDisk} (${machine.freeOnDisk} free)`);
  console.log(`  load average before: ${loadBefore.join(' ')} (other work on this machine skews latencies)`);

  const results: RunReport['results'] = [];
  for (const name of names) {
    console.log(`running ${name}...`);
    const s = performance.now();
    try {
      const r = await BENCHMARKS[name]();
      results.push({ ...r, durationMs: performance.now() - s });
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`  ${name} failed: ${message}`);
      results.push({ name, rows: [row(name, 'FAILED', '-', '-', 'MISS (crashed)', false)], figures: {}, notes: [message.split('\n')[0] ?? ''], durationMs: performance.now() - s, error: message });
    }
  }

  const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
  const rows: Row[] = results.flatMap((r) => r.rows);
  const pass = rows.filter((r) => r.pass === true).length;
  const miss = rows.filter((r) => r.pass === false).length;
  const durationMs = performance.now() - t0;

  console.log('');
  console.log(formatTable(rows));
  console.log('');
  for (const r of results) {
    console.log(`${r.name} (${(r.durationMs / 1000).toFixed(1)} s)`);
    for (const n of r.notes) console.log(`  ${n}`);
  }
  console.log('');
  console.log(`${pass} PASS, ${miss} MISS; total ${(durationMs / 1000).toFixed(0)} s; load average after: ${loadAfter.join(' ')}`);

  const report: RunReport = {
    startedAt: started.toISOString(),
    durationMs,
    machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    results,
    pass,
    miss,
  };
  await fs.mkdir(BENCH_OUT_DIR, { recursive: true });
  const file = path.join(BENCH_OUT_DIR, 'last-run.json');
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), file) || file}`);
  return report;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(`Usage: npm run bench [-- --only ${NAMES.join(',')}]`);
  } else {
    const only = values.only ? values.only.split(',').map((s) => s.trim()) : NAMES;
    const unknown = only.filter((n) => !(NAMES as string[]).includes(n));
    if (unknown.length) {
      console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${NAMES.join(', ')}`);
      process.exit(2);
    }
    const report = await runAll(only as Name[]);
    if (report.results.some((r) => r.error)) process.exitCode = 1;
  }
}
