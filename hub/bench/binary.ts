import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHub } from '../../installer/binary-process.ts';
import { arm64Emulator } from '../../installer/qemu.ts';
import { fmtBytes, fmtMs, isMain, median, printResult, REPO_ROOT, removeDir, row, scratchDir, type BenchResult, type Row } from './common.ts';

/**
 * The two binaries the shop can get (issue 23): linux-x64 and linux-arm64
 * (Raspberry Pi OS 64-bit), built as `npm run build:binary` builds them, their
 * sizes, and the time from spawn to the first healthy /api/health on a new,
 * empty data folder (a box's first start). The arm64 one runs here under
 * qemu-user-static: its time is an emulator's on this x64 machine, printed as
 * such, never as a Raspberry Pi's (a Pi 4 or 5 runs it natively).
 */

export type BinaryOptions = {
  /** Starts of each binary (median reported). */
  runs: number;
  /** Starts of the arm64 binary under qemu; 0 to only build and size it. */
  emulatedRuns: number;
  /** Build the arm64 binary (its Node comes from the registry the first time; then from .cache/node-bases). */
  arm64: boolean;
  /** The client to embed; the project's own built client when not given (what a shop gets). */
  clientDir?: string;
  log: (message: string) => void;
};

export const DEFAULT_BINARY: BinaryOptions = { runs: 3, emulatedRuns: 3, arm64: true, log: (m) => console.log(m) };

const execFileAsync = promisify(execFile);

async function build(arch: 'x64' | 'arm64', out: string, clientDir: string | undefined): Promise<{ bytes: number; buildMs: number }> {
  const started = performance.now();
  const args = [path.join(REPO_ROOT, 'installer', 'build-binary.ts'), '--arch', arch, '--out', out];
  if (clientDir) args.push('--client-dir', clientDir);
  await execFileAsync(process.execPath, args, { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
  return { bytes: (await fs.stat(out)).size, buildMs: performance.now() - started };
}

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
}

/** Median start-to-health over `runs` first starts, each on a fresh data folder; RSS at health. */
async function starts(command: string, prefixArgs: string[], runs: number, scratch: string, label: string): Promise<{ startMs: number; rssMb: number }> {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const hub = await startHub(command, prefixArgs, path.join(scratch, `${label}-${i}`), 180_000);
    try {
      times.push(hub.startMs);
      rss.push((await rssKb(hub.pid)) / 1024);
    } finally {
      await hub.stop('SIGTERM');
    }
  }
  return { startMs: median(times), rssMb: median(rss) };
}

export async function run(opts: Partial<BinaryOptions> = {}): Promise<BenchResult> {
  const o = { ...DEFAULT_BINARY, ...opts };
  const scratch = await scratchDir('binary');
  const rows: Row[] = [];
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  try {
    const x64Path = path.join(scratch, 'x64', 'pos-hub');
    const armPath = path.join(scratch, 'arm64', 'pos-hub-arm64');
    o.log('building the linux-x64 binary...');
    const x64 = await build('x64', x64Path, o.clientDir);
    figures.x64Bytes = x64.bytes;
    figures.x64BuildMs = x64.buildMs;
    rows.push(row('binary size linux-x64', fmtBytes(x64.bytes), '-', '-', `built in ${(x64.buildMs / 1000).toFixed(1)} s`));
    if (o.arm64) {
      o.log('building the linux-arm64 binary...');
      const arm = await build('arm64', armPath, o.clientDir);
      figures.arm64Bytes = arm.bytes;
      figures.arm64BuildMs = arm.buildMs;
      rows.push(row('binary size linux-arm64', fmtBytes(arm.bytes), '-', '-', `built in ${(arm.buildMs / 1000).toFixed(1)} s (no code cache)`));
    }

    o.log(`starting the x64 binary ${o.runs} times on a new data folder...`);
    const native = await starts(x64Path, [], o.runs, scratch, 'x64');
    figures.x64StartMs = native.startMs;
    figures.x64RssMb = native.rssMb;
    rows.push(row('x64 first start to health', `${fmtMs(native.startMs)} ms`, '-', '-', `RSS ${native.rssMb.toFixed(0)} MB, median of ${o.runs}`));

    // Asked for no emulated starts (the smoke test): the arm64 binary is only built and sized.
    const emulator = o.arm64 && o.emulatedRuns > 0 ? arm64Emulator() : null;
    if (!emulator) {
      notes.push('arm64 start not measured (not asked for).');
    } else if ('missing' in emulator) {
      rows.push(row('arm64 start (EMULATED)', 'skipped', '-', '-', emulator.missing));
      notes.push(`arm64 start not measured: ${emulator.missing}`);
    } else {
      o.log(`starting the arm64 binary ${o.emulatedRuns} times under qemu-aarch64-static (emulated)...`);
      const emulated = await starts(emulator.command, [...emulator.prefixArgs, armPath], o.emulatedRuns, scratch, 'arm64');
      figures.arm64EmulatedStartMs = emulated.startMs;
      rows.push(row('arm64 start (EMULATED, qemu)', `${fmtMs(emulated.startMs)} ms`, '-', '-', `qemu on x64, not a Pi's time; median of ${o.emulatedRuns}`));
    }
    notes.push('A first start on an empty data folder (store created, claim code printed); sizes without --strip.');
    notes.push("The arm64 time is qemu-user-static emulating an arm64 CPU on this x64 machine: it says the binary starts, not how fast a Raspberry Pi starts it.");
  } finally {
    await removeDir(scratch);
  }
  return { name: 'binary', rows, figures, notes };
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
