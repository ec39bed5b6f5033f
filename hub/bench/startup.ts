import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { bundleHub } from '../../installer/bundle.ts';
import { HUB_NODE_FLAGS } from '../../installer/node-flags.ts';
import type { Health } from '#protocol';
import { fmtBytes, fmtInt, fmtMs, isMain, median, passText, printResult, REPO_ROOT, removeDir, row, scratchDir, sleep, type BenchResult } from './common.ts';
import { printerComesBack, type PrintBack } from './print-back.ts';
import { copyForRun, ensureYearData, offMarks, type YearDataOptions } from './year-data.ts';

/**
 * Start-up with a year of data: the hub binary's entry point
 * (`node hub/main.ts`) as a child process on a copy of the year data set;
 * time from spawn to the first successful GET /api/health, and the child's
 * resident memory at that moment. Median of several starts. The data set
 * holds 20,000 kitchen tickets waiting for a printer that is off; after the
 * starts, one more hub is started and that printer switched on: every ticket
 * must print once, in the order it was sent (print-back.ts).
 */

export type StartupOptions = {
  runs: number;
  /** Starts of the esbuild bundle (what the single binary runs), for reference; 0 to skip. */
  bundledRuns: number;
  /** Also start (as often as `runs`) on an empty store, to show the cost of the data. */
  emptyBaseline: boolean;
  year: Partial<YearDataOptions>;
  /** Give up on one start after this long. */
  timeoutMs: number;
  /** Switch the printer that is off back on after the starts and wait for its tickets (at most this long; 0 to skip). */
  printBackMs: number;
  log: (message: string) => void;
};

export const DEFAULT_STARTUP: StartupOptions = { runs: 3, bundledRuns: 3, emptyBaseline: true, year: {}, timeoutMs: 30_000, printBackMs: 600_000, log: (m) => console.log(m) };

export type StartupResult = BenchResult & {
  figures: {
    startMs: number;
    rssMb: number;
    stopMs: number;
    archiveBytes: number;
    archiveFiles: number;
    snapshotBytes: number;
    walBytes: number;
    runs: number;
    bundledStartMs: number;
    bundledRssMb: number;
    emptyStartMs: number;
    emptyRssMb: number;
    /** The bundle on an empty store (as shipped): the time row's reference in the same run. */
    emptyShippedStartMs: number;
    emptyShippedRssMb: number;
    /** Tickets that waited for the printer that was off, and how many of them it printed once each, in order. */
    offTickets: number;
    printedBack: number;
    printedTwice: number;
    outOfOrder: number;
    printBackMs: number;
  };
};

const GOAL_START_MS = 1_000;
const GOAL_RSS_MB = 150;

/** `peakKb`: the most the process was resident so far (VmHWM): a loading peak shows here even after the garbage is collected. */
type OneStart = { startMs: number; rssKb: number; peakKb: number; stopMs: number; health: Health; recovered: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** One GET /api/health; null while nobody answers. */
function health(port: number): Promise<Health | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', method: 'GET', timeout: 1_000, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(null);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Health);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function residentKb(pid: number): Promise<{ rssKb: number; peakKb: number }> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

async function startOnce(entry: string, dataDir: string, timeoutMs: number, whileUp?: (port: number) => Promise<void>): Promise<OneStart> {
  const port = await freePort();
  // With the V8 settings the binary and npm start run with (installer/node-flags.ts).
  const args = [...HUB_NODE_FLAGS, entry, '--data', dataDir, '--port', String(port), '--host', '127.0.0.1', '--no-mdns'];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, POS_DEMO: '0' } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code ?? -1), resolve())));
  try {
    const deadline = t0 + timeoutMs;
    let h: Health | null = null;
    while (!h && exited === null && performance.now() < deadline) {
      h = await health(port);
      if (!h) await sleep(5);
    }
    const startMs = performance.now() - t0;
    if (!h) throw new Error(`hub did not answer /api/health within ${timeoutMs} ms (exit ${exited}); output:\n${output.slice(-2000)}`);
    const resident = await residentKb(child.pid!);
    const recovered = /store: \d+ saved changes read back[^\n]*/.exec(output)?.[0] ?? '';
    if (whileUp) await whileUp(port);
    const s0 = performance.now();
    child.kill('SIGTERM');
    await Promise.race([exit, sleep(15_000)]);
    const stopMs = performance.now() - s0;
    return { startMs, ...resident, stopMs, health: h, recovered };
  } finally {
    if (exited === null) {
      child.kill('SIGKILL');
      await Promise.race([exit, sleep(5_000)]);
    }
  }
}

export async function run(partial: Partial<StartupOptions> = {}): Promise<StartupResult> {
  const opts = { ...DEFAULT_STARTUP, ...partial };
  const data = await ensureYearData(opts.year, opts.log);
  const source = path.join(REPO_ROOT, 'hub', 'main.ts');
  const work = await scratchDir('startup');
  try {
    const startOn = async (entry: string, withData: boolean, whileUp?: (port: number) => Promise<void>): Promise<OneStart> => {
      const runDir = await fs.mkdtemp(path.join(work, 'run-'));
      try {
        if (withData) await copyForRun(data, runDir);
        return await startOnce(entry, runDir, opts.timeoutMs, whileUp);
      } finally {
        await removeDir(runDir);
      }
    };
    // The hub as the single binary carries it (installer/bundle.ts, what build-binary runs): no TypeScript is stripped at start.
    const bundle = path.join(work, 'hub-bundle.cjs');
    if (opts.bundledRuns > 0) await bundleHub(bundle, 'error');
    // Interleaved, so that a busy moment of the machine does not land on one kind only.
    const starts: OneStart[] = [];
    const bundled: OneStart[] = [];
    const empties: OneStart[] = [];
    // The same bundle on an empty store: the time row's reference in this run (what the machine gives a start today).
    const emptiesBundled: OneStart[] = [];
    for (let i = 0; i < Math.max(1, opts.runs, opts.bundledRuns); i++) {
      if (i < Math.max(1, opts.runs)) starts.push(await startOn(source, true));
      if (i < opts.bundledRuns) bundled.push(await startOn(bundle, true));
      if (opts.emptyBaseline && i < Math.max(1, opts.runs)) empties.push(await startOn(source, false));
      if (opts.emptyBaseline && i < opts.bundledRuns) emptiesBundled.push(await startOn(bundle, false));
    }
    // One more start of the hub as shipped: the printer that was off comes back, its tickets print.
    let back: PrintBack | null = null;
    if (opts.printBackMs > 0 && data.offTickets > 0) {
      const marks = await offMarks(data);
      opts.log(`switching the printer that was off back on; ${fmtInt(marks.length)} tickets to print...`);
      await startOn(bundled.length ? bundle : source, true, async () => {
        back = await printerComesBack(data.offPort, marks, opts.printBackMs);
      });
    }
    const pb = back as PrintBack | null;
    const empty = empties.length ? { startMs: median(empties.map((s) => s.startMs)), rssKb: median(empties.map((s) => s.rssKb)) } : null;
    const emptyShipped = emptiesBundled.length ? { startMs: median(emptiesBundled.map((s) => s.startMs)), rssKb: median(emptiesBundled.map((s) => s.rssKb)) } : null;

    const startMs = median(starts.map((s) => s.startMs));
    const rssMb = median(starts.map((s) => s.rssKb)) / 1024;
    const stopMs = median(starts.map((s) => s.stopMs));
    const bundledStartMs = bundled.length ? median(bundled.map((s) => s.startMs)) : NaN;
    const bundledRssMb = bundled.length ? median(bundled.map((s) => s.rssKb)) / 1024 : NaN;
    // The store must come back at exactly the expected seq; by the time health answers, the hub may
    // already have recorded its own work on top (a print job left pending in the data set, started).
    const recoveredSeq = (s: OneStart) => Number(/store: (\d+) saved changes read back/.exec(s.recovered)?.[1] ?? Number.NaN);
    const seqOk = [...starts, ...bundled].every((s) => recoveredSeq(s) === data.expectedSeq && s.health.seq >= data.expectedSeq);
    // The goals are judged on the hub as it ships (the single binary runs the
    // esbuild bundle); running from source strips types at start and is shown beside it.
    const shippedStartMs = bundled.length ? bundledStartMs : startMs;
    const shippedRssMb = bundled.length ? bundledRssMb : rssMb;
    const startPass = shippedStartMs < GOAL_START_MS && seqOk;
    const rssPass = shippedRssMb < GOAL_RSS_MB;
    const list = (xs: OneStart[]) => xs.map((s) => `${fmtInt(s.startMs)} ms / ${(s.rssKb / 1024).toFixed(0)} MB (peak ${(s.peakKb / 1024).toFixed(0)})`).join(', ');
    const notes = [
      `data set ${data.dir} (${data.generated === 'nothing' ? 'cached' : `${data.generated === 'all' ? 'generated' : 'live store remade'} in ${(data.generatedMs / 1000).toFixed(1)} s`}): ${data.archiveFiles} archive day files, snapshot ${fmtBytes(data.snapshotBytes)}, log tail ${fmtBytes(data.walBytes)}`,
      `node hub/main.ts: ${list(starts)}; bundled: ${list(bundled) || '-'}; each start on a fresh copy (archive days hard-linked)`,
      `hub said: ${starts[0]?.recovered ?? '?'}; health seq ${starts.map((s) => s.health.seq).join('/')} (read back: expected ${data.expectedSeq}; above it, the hub's own work, such as the data set's pending print jobs run)`,
    ];
    if (empty) notes.push(`empty store, node hub/main.ts: ${list(empties)} (median ${fmtInt(empty.startMs)} ms, ${(empty.rssKb / 1024).toFixed(0)} MB: what the data adds is the difference)`);
    if (emptyShipped) notes.push(`empty store, bundled: ${list(emptiesBundled)} (median ${fmtInt(emptyShipped.startMs)} ms, ${(emptyShipped.rssKb / 1024).toFixed(0)} MB; the year as shipped took ${(bundledStartMs / emptyShipped.startMs).toFixed(2)}x its time)`);
    if (!seqOk) notes.push('MISS: the hub did not recover the expected seq');
    notes.push(`the data set when made: ${data.sizes}`);
    if (pb) {
      notes.push(
        `printer back on (127.0.0.1:${data.offPort}): ${fmtInt(pb.printed)} of ${fmtInt(pb.expected)} waiting tickets on its paper in ${(pb.ms / 1000).toFixed(1)} s (${pb.ms > 0 ? fmtInt((pb.printed / pb.ms) * 1000) : 0}/s), ${pb.twice} printed twice${pb.doubled.length ? ` (${pb.doubled.join(', ')})` : ''}${pb.overlapping ? ` (${pb.overlapping} printouts began while another was arriving: a second sender, such as another hub on a copy of this data set?)` : ''}, ${pb.outOfOrder} out of order${pb.missing.length ? `; never printed: ${pb.missing.join(', ')}${pb.expected - pb.printed > pb.missing.length ? '...' : ''}` : ''}${pb.error ? `; ${pb.error}` : ''}`,
      );
    }
    const backPass = pb !== null && !pb.error && pb.printed === pb.expected && pb.twice === 0 && pb.outOfOrder === 0;
    const ref = (value: number, unit: string) => `from source ${value.toFixed(0)}${unit}`;
    const shipped = bundled.length ? ' (as shipped)' : ' (from source)';
    return {
      name: 'startup',
      rows: [
        row(`start to /api/health${shipped}`, `${fmtMs(shippedStartMs)} ms`, `< ${GOAL_START_MS} ms`, ref(startMs, ' ms'), passText(startPass, `< ${GOAL_START_MS / 1000} s`), startPass),
        row(`RSS at first health${shipped}`, `${shippedRssMb.toFixed(0)} MB`, `< ${GOAL_RSS_MB} MB`, ref(rssMb, ' MB'), passText(rssPass, `< ${GOAL_RSS_MB} MB`), rssPass),
        row('  empty store (median)', empty ? `${fmtInt(empty.startMs)} ms / ${(empty.rssKb / 1024).toFixed(0)} MB` : '-', '-', 'node hub/main.ts', 'info'),
        row('  empty store as shipped (median)', emptyShipped ? `${fmtInt(emptyShipped.startMs)} ms / ${(emptyShipped.rssKb / 1024).toFixed(0)} MB` : '-', '-', 'the time row\'s reference', 'info'),
        row('archive on disk', fmtBytes(data.archiveBytes), '-', `${data.archiveFiles} day files`, 'info'),
        row('    sizes', `the data set: ${data.sizes}`, '', '', ''),
        row('  graceful stop (SIGTERM)', `${fmtMs(stopMs)} ms`, '-', 'final snapshot', 'info'),
        ...(pb
          ? [
              row(
                'printer back: tickets printed',
                `${fmtInt(pb.printed)}/${fmtInt(pb.expected)}`,
                'all, once, in order',
                `${pb.twice} twice, ${pb.outOfOrder} out of order`,
                `${(pb.ms / 1000).toFixed(0)} s  ${backPass ? 'PASS' : 'MISS'} (once, in order)`,
                backPass,
              ),
            ]
          : []),
      ],
      figures: {
        startMs,
        rssMb,
        stopMs,
        archiveBytes: data.archiveBytes,
        archiveFiles: data.archiveFiles,
        snapshotBytes: data.snapshotBytes,
        walBytes: data.walBytes,
        runs: starts.length,
        bundledStartMs,
        bundledRssMb,
        emptyStartMs: empty?.startMs ?? NaN,
        emptyRssMb: empty ? empty.rssKb / 1024 : NaN,
        emptyShippedStartMs: emptyShipped?.startMs ?? NaN,
        emptyShippedRssMb: emptyShipped ? emptyShipped.rssKb / 1024 : NaN,
        offTickets: data.offTickets,
        printedBack: pb?.printed ?? NaN,
        printedTwice: pb?.twice ?? NaN,
        outOfOrder: pb?.outOfOrder ?? NaN,
        printBackMs: pb?.ms ?? NaN,
      },
      notes,
    };
  } finally {
    await removeDir(work);
  }
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
