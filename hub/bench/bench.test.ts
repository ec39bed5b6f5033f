import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run as ackLatency } from './ack-latency.ts';
import { run as binary } from './binary.ts';
import { run as broadcastLatency } from './broadcast-latency.ts';
import { baseCacheDir, projectNodeVersion } from '../../installer/node-base.ts';
import { removeDir, REPO_ROOT, scratchDir, type BenchResult } from './common.ts';
import { run as durableThroughput } from './durable-throughput.ts';
import { run as menu2000 } from './menu-2000.ts';
import { run as memberSearch } from './member-search.ts';
import { run as menuHostile } from './menu-hostile.ts';
import { run as printLatency } from './print-latency.ts';
import { run as startup } from './startup.ts';

/**
 * Keeps the benchmark code from rotting: each benchmark runs once at a tiny
 * size and must return numbers. No timing is asserted (that is `npm run
 * bench`'s job, on a quiet machine).
 */

function expectNumbers(result: BenchResult, keys: readonly string[]): void {
  expect(result.rows.length).toBeGreaterThan(0);
  for (const r of result.rows) expect(typeof r.figure === 'string' && typeof r.value === 'string' && r.value !== 'FAILED').toBe(true);
  for (const k of keys) {
    const v = result.figures[k];
    expect(typeof v, k).toBe('number');
    expect(Number.isFinite(v), `${k} = ${v}`).toBe(true);
  }
}

const scratch: string[] = [];
afterAll(async () => {
  for (const d of scratch) await removeDir(d);
});

describe('benchmarks at smoke size', () => {
  it('durable-throughput', async () => {
    const r = await durableThroughput({
      commands: 200,
      inFlight: 8,
      sqliteRows: 200,
      rounds: 1,
      serialCommands: 20,
      fsyncProbes: 20,
      flatRounds: 1,
      flat: { pendingJobs: 30, members: 50, coupons: 20, yearDays: 2, idsPerDay: 40, inFlight: 8 },
    });
    expectNumbers(r, ['oursPerSec', 'sqlitePerSec', 'ratio', 'serialPerSec', 'serialQuietPerSec', 'rawPerSec', 'rawOverwritePerSec', 'loneRatio', 'avgBatch', 'ackP99', 'fsyncP50', 'loadLoopDelayP99', 'loopDelayP99', 'flatPerSec', 'flatRatio']);
    expect(r.figures.commands).toBe(200);
    expect(r.figures.refused).toBe(0);
    // The full hub held the tickets for the printer that is off when its timed run began; every row has its sizes line under it.
    expect(r.figures.flatPendingJobs).toBeGreaterThanOrEqual(30);
    expect(r.rows.filter((x) => x.figure.trim() === 'sizes').length).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('members: the directory search and a balance move and a balance payment against one member', async () => {
    const r = await memberSearch({ members: 40, coupons: 20, rounds: 3 });
    expectNumbers(r, ['members', 'coupons', 'whole phone p99', "a till's exact lookup p99", 'rechargeAckP50Ms', 'rechargeAckRatio', 'balanceSettleAckP50Ms', 'balanceSettleAckRatio']);
    expect(r.rows.length).toBe(9);
  }, 120_000);

  it('ack and broadcast latency share one fleet run', async () => {
    const opts = { clients: 4, ratePerSec: 20, durationMs: 2_000, warmupMs: 200 };
    const ack = await ackLatency(opts);
    const broadcast = await broadcastLatency(opts);
    expectNumbers(ack, ['p50', 'p99', 'max', 'count']);
    expectNumbers(broadcast, ['p50', 'p99', 'count']);
    expect(ack.figures.count).toBeGreaterThan(0);
    expect(ack.figures.unanswered).toBe(0);
    expect(ack.figures.refused).toBe(0);
    expect(broadcast.figures.count).toBe(broadcast.figures.expected);
    expect(broadcast.figures.seqGaps).toBe(0);
  }, 60_000);

  it('startup', async () => {
    const dir = await scratchDir('smoke-year');
    scratch.push(dir);
    const r = await startup({
      runs: 1,
      bundledRuns: 1,
      // The empty store's starts too: the bundle's is the time row's reference in the same run.
      emptyBaseline: true,
      year: { dir: path.join(dir, 'year'), days: 3, billsPerDay: 20, liveCommands: 200, walTail: 40, tables: 16, offTickets: 12 },
      log: () => undefined,
    });
    expectNumbers(r, ['startMs', 'rssMb', 'archiveBytes', 'bundledStartMs', 'bundledRssMb', 'printBackMs', 'emptyStartMs', 'emptyShippedStartMs', 'emptyShippedRssMb']);
    expect(r.figures.archiveFiles).toBeGreaterThanOrEqual(3);
    // The printer that was off comes back: each waiting ticket once, in order, counted on its paper.
    expect(r.figures.printedBack).toBe(12);
    expect(r.figures.printedTwice).toBe(0);
    expect(r.figures.outOfOrder).toBe(0);
    expect(r.notes.join('\n')).not.toContain('did not recover');
  }, 90_000);

  it('menu-2000, search half (the browser half runs in menu-2000.system.test.ts, with the other browser tests)', async () => {
    const r = await menu2000({ products: 120, repeats: 2, browser: false, keystrokes: ['c', 'ce', '1', '10'] });
    expectNumbers(r, ['searchP50', 'searchP99', 'filterP99', 'indexMs']);
    expect(r.figures.products).toBe(120);
  });

  it('print-latency: every ticket sent reaches the printer once', async () => {
    const r = await printLatency({ clients: 4, sendsPerSec: 8, durationMs: 2_000, warmupMs: 200 });
    expectNumbers(r, ['p50', 'p99', 'max', 'count']);
    expect(r.figures.count).toBeGreaterThan(0);
    expect(r.figures.printed).toBe(r.figures.sends);
    expect(r.figures.duplicates).toBe(0);
  }, 60_000);

  it('menu-hostile, quick: the honest files and one attack of each kind, one upload each', async () => {
    const r = await menuHostile(() => undefined, { quick: true });
    expectNumbers(r, ['answerMs0', 'blockMs0', 'growthMb0', 'answerMs3', 'honestReaderMs', 'worstAnswerMs']);
    // Right outcome on every file (a timing MISS on a loaded machine is fine here; a wrong outcome is not).
    expect(r.rows.filter((x) => x.status.startsWith('MISS (expected'))).toEqual([]);
  }, 60_000);

  it('binary: the binaries build with a stand-in client and the x64 one starts (qemu is the arm64 system test)', async () => {
    const clientDir = await scratchDir('binary-client');
    scratch.push(clientDir);
    await mkdir(clientDir, { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>POS</title>\n');
    // The arm64 Node comes from the registry once: built here only when it is cached or CI wants arm64 anyway (no network needed otherwise).
    const arm64 = process.env.ARM64_CHECKS_REQUIRED === '1' || existsSync(path.join(baseCacheDir(REPO_ROOT), `linux-arm64-${projectNodeVersion(REPO_ROOT)}`, 'node'));
    const r = await binary({ runs: 1, emulatedRuns: 0, arm64, clientDir, log: () => undefined });
    expectNumbers(r, ['x64Bytes', 'x64StartMs', 'x64RssMb', ...(arm64 ? ['arm64Bytes'] : [])]);
    expect(r.rows.map((x) => x.figure)).toEqual(expect.arrayContaining(['binary size linux-x64', 'x64 first start to health', ...(arm64 ? ['binary size linux-arm64'] : [])]));
  }, 180_000);
});
