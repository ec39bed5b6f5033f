import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Shared bits of the benchmarks: result rows, percentiles, formatting, temp
 * directories on the project's own disk, and the "run me when executed
 * directly" switch. Benchmarks print figures; they never assert on time.
 */

/** The repository root (two levels above this file). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where results and cached data go (dist/ is gitignored). */
export const BENCH_OUT_DIR = path.join(REPO_ROOT, 'dist', 'bench');
/** Scratch space on the same disk as the project (not a tmpfs). */
export const BENCH_TMP_DIR = path.join(REPO_ROOT, 'dist', 'bench-tmp');

/** One line of the printed table. `pass` is null for an informational figure. */
export type Row = {
  figure: string;
  value: string;
  goal: string;
  reference: string;
  status: string;
  pass: boolean | null;
};

/** What every benchmark's `run` returns: its table rows, raw numbers and notes. */
export type BenchResult = {
  name: string;
  rows: Row[];
  /** The raw figures behind the rows, for the JSON file and for tests. */
  figures: Record<string, number>;
  notes: string[];
};

export function row(figure: string, value: string, goal = '-', reference = '-', status = '', pass: boolean | null = null): Row {
  return { figure, value, goal, reference, status, pass };
}

/** Nearest-rank percentile of an unsorted sample (0 for an empty one). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export type LatencySummary = { count: number; p50: number; p90: number; p99: number; max: number; mean: number };

export function summarize(values: readonly number[]): LatencySummary {
  let sum = 0;
  let max = 0;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
  }
  return {
    count: values.length,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max,
    mean: values.length ? sum / values.length : 0,
  };
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** 12345.6 -> "12,346" */
export function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function fmtMs(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function fmtBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export function passText(pass: boolean, goal: string): string {
  return `${pass ? 'PASS' : 'MISS'} (${goal})`;
}

/** A fresh scratch directory under dist/bench-tmp (same disk as the project). */
export async function scratchDir(prefix: string): Promise<string> {
  await fs.mkdir(BENCH_TMP_DIR, { recursive: true });
  return fs.mkdtemp(path.join(BENCH_TMP_DIR, `${prefix}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Total size of the files under `dir` (not following links twice: hard links count once per name). */
export async function dirSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return { bytes, files };
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      const sub = await dirSize(p);
      bytes += sub.bytes;
      files += sub.files;
    } else if (e.isFile()) {
      bytes += (await fs.stat(p)).size;
      files++;
    }
  }
  return { bytes, files };
}

/** A small deterministic PRNG (mulberry32), so workloads are the same run to run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** True when the module at `metaUrl` is the script node was asked to run. */
export function isMain(metaUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(path.resolve(script)).href === metaUrl;
}

export type MachineContext = {
  cpus: number;
  cpuModel: string;
  totalMemory: string;
  node: string;
  platform: string;
  benchDisk: string;
  freeOnDisk: string;
};

export async function machineContext(): Promise<MachineContext> {
  await fs.mkdir(BENCH_TMP_DIR, { recursive: true });
  const st = await fs.statfs(BENCH_TMP_DIR);
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemory: fmtBytes(os.totalmem()),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    benchDisk: BENCH_TMP_DIR,
    freeOnDisk: fmtBytes(st.bavail * st.bsize),
  };
}

const COLS = [30, 18, 14, 24];

export function formatTable(rows: readonly Row[]): string {
  const line = (cells: string[]) => cells.map((c, i) => (i < COLS.length ? c.padEnd(COLS[i]!) : c)).join(' ').trimEnd();
  const out = [line(['figure', 'this run', 'goal', 'reference', 'ratio/status'])];
  out.push(line(['-'.repeat(COLS[0]!), '-'.repeat(COLS[1]!), '-'.repeat(COLS[2]!), '-'.repeat(COLS[3]!), '-'.repeat(20)]));
  for (const r of rows) out.push(line([r.figure, r.value, r.goal, r.reference, r.status]));
  return out.join('\n');
}

/** Prints one benchmark's rows and notes (used when a file is run on its own). */
export function printResult(result: BenchResult): void {
  console.log(`\n== ${result.name}`);
  console.log(formatTable(result.rows));
  for (const n of result.notes) console.log(`  note: ${n}`);
}

/**
 * Calls `one` `perSec` times a second from `start` for `durationMs`, each on the clock's
 * schedule (a slow call never slows the pace: open-loop load), and resolves once every call has.
 */
export async function atPace(perSec: number, durationMs: number, one: () => Promise<void>, start: number = performance.now()): Promise<void> {
  const interval = 1000 / perSec;
  let scheduled = 0;
  const inFlight: Promise<void>[] = [];
  while (performance.now() - start < durationMs) {
    while (start + scheduled * interval <= performance.now()) {
      scheduled++;
      inFlight.push(one());
    }
    await sleep(Math.max(1, start + scheduled * interval - performance.now()));
  }
  await Promise.all(inFlight);
}
