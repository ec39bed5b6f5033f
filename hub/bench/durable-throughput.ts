import path from 'node:path';
import type { LogRecord } from '#hub/engine/log-record.ts';
import { fmtInt, fmtMs, isMain, median, passText, printResult, removeDir, row, scratchDir, summarize, type BenchResult, type Row } from './common.ts';
import { loneRound, openEmptyHub, oursRound, type LoneRound, type OurRound, type WorkloadOptions } from './engine-rounds.ts';
import { buildFlatStore, DEFAULT_FLAT, FLAT_RETENTION_DAYS, type FlatOptions, type FlatStore } from './flat-store.ts';
import type { BenchHub } from './bench-hub.ts';
import { fsyncProbe } from './probes.ts';
import { sqliteInserts, walRound, type SqliteRound } from './reference-writers.ts';
import { sizesText } from './sizes.ts';

/**
 * Durable commands per second: our engine (decide, WAL append, fdatasync with
 * group commit, acknowledge) against node:sqlite with WAL journal and
 * synchronous=FULL inserting one row per command in its own transaction,
 * on the same disk. Every command counted was acknowledged, so it is on disk.
 * The engine runs as a hub runs it (bench-hub.ts): its job service prints the
 * tickets, pre-bills and receipts to fake printers on 127.0.0.1 meanwhile.
 *
 * The flat-cost row (issue 20) runs the same workload on a hub that already
 * holds 20,000 tickets for a printer that is off, a year of command ids and
 * 20,000 members and 50,000 coupons (flat-store.ts): it must be within 1.2x of
 * the empty hub. Under every row, the sizes of what the hub held (sizes.ts).
 */

export type DurableOptions = {
  /** Commands sent to our engine per round. */
  commands: number;
  /** Devices with a command in flight at once. */
  inFlight: number;
  /** Rows inserted into sqlite per round (at most; also bounded by `sqliteMaxMs`). */
  sqliteRows: number;
  sqliteMaxMs: number;
  /** Alternating rounds of ours and sqlite; the medians are reported (the disk's speed wanders). */
  rounds: number;
  /** Commands of the lone device per round (one in flight, a fresh store each round; 0 to skip). */
  serialCommands: number;
  /** Append+fdatasync probes of the raw disk per round, record-sized (0 to skip). */
  fsyncProbes: number;
  /** Rounds of the flat-cost row (each after an empty round; 0 to skip), and what its hub holds. */
  flatRounds: number;
  flat: FlatOptions;
  maxMs: number;
  dir?: string;
  log: (message: string) => void;
};

export const DEFAULT_DURABLE: DurableOptions = {
  commands: 20_000,
  inFlight: 64,
  sqliteRows: 20_000,
  sqliteMaxMs: 10_000,
  rounds: 3,
  serialCommands: 3_000,
  fsyncProbes: 1_000,
  flatRounds: 3,
  flat: DEFAULT_FLAT,
  maxMs: 60_000,
  log: () => undefined,
};

export type DurableResult = BenchResult & {
  figures: {
    oursPerSec: number;
    walPerSec: number;
    storeRatio: number;
    sqlitePerSec: number;
    ratio: number;
    serialPerSec: number;
    /** The lone device with the job service stopped: the per-command path alone. */
    serialQuietPerSec: number;
    /** The raw disk's ceiling for one writer: 1000 / (append + fdatasync p50 in ms). */
    rawPerSec: number;
    /** serialPerSec / rawPerSec. */
    loneRatio: number;
    /** Acknowledgement p99 of the commands in flight while a snapshot was being written (64 in flight). */
    snapshotAckP99: number;
    /** Event-loop delay (a 1 ms timer's lateness) while a snapshot was being written, while none was, and all. */
    snapshotLoopDelayP99: number;
    snapshotLoopDelayMax: number;
    loopDelayP99: number;
    loadLoopDelayP99: number;
    /** The raw disk writing into blocks the file already has (as the log does, see wal-segment.ts): 1000 / p50. */
    rawOverwritePerSec: number;
    snapshotAcks: number;
    commands: number;
    refused: number;
    avgBatch: number;
    ackP50: number;
    ackP99: number;
    sqliteRows: number;
    fsyncP50: number;
    fsyncP99: number;
    /** The flat-cost row: its commands/s, and empty / full (NaN when skipped). */
    flatPerSec: number;
    flatRatio: number;
    flatPendingJobs: number;
  };
};

const GOAL_STORE_RATIO = 2;
const GOAL_ENGINE_RATIO = 5;
const GOAL_FLAT_RATIO = 1.2;
const GOAL_LONE_RATIO = 0.8;
const GOAL_SNAPSHOT_ACK_P99_MS = 10;
const GOAL_LOOP_P99_MS = 20;

/** Writes the hub's first snapshot since it opened (see the note where it is used); returns its wall time in ms. */
async function firstSnapshot(hub: BenchHub): Promise<number> {
  const t0 = performance.now();
  await hub.engine.snapshot();
  return performance.now() - t0;
}

const sizesRow = (text: string): Row => row('    sizes', text, '', '', '');
const byRate = <T extends { perSec: number }>(xs: readonly T[]): T => [...xs].sort((a, b) => a.perSec - b.perSec)[Math.floor((xs.length - 1) / 2)]!;

export async function run(partial: Partial<DurableOptions> = {}): Promise<DurableResult> {
  const opts: DurableOptions = { ...DEFAULT_DURABLE, ...partial, flat: { ...DEFAULT_FLAT, ...partial.flat } };
  const dir = opts.dir ?? (await scratchDir('durable'));
  const notes: string[] = [`store and sqlite files in ${dir}; each device yields one I/O turn between commands, as commands from the network would (see nextTurn in workload.ts)`];
  const workload: WorkloadOptions = { commands: opts.commands, inFlight: opts.inFlight, maxMs: opts.maxMs };
  let flatStore: FlatStore | null = null;
  try {
    if (opts.flatRounds > 0) {
      opts.log('building the flat-cost row\'s store (once)...');
      flatStore = await buildFlatStore(path.join(dir, 'flat-base'), { ...opts.flat, inFlight: opts.inFlight }, opts.log);
    }
    const ours: OurRound[] = [];
    const flat: OurRound[] = [];
    const walOnly: { perSec: number; batches: number }[] = [];
    const sqlite: SqliteRound[] = [];
    const lone: LoneRound[] = [];
    const quiet: LoneRound[] = [];
    const raw: number[] = [];
    const rawOverwrite: number[] = [];
    const fsyncTimes: number[] = [];
    const firstSnapshotMs = { empty: [] as number[], full: [] as number[] };
    let recordBytes = 700;
    let records: LogRecord[] = [];
    for (let round = 0; round < Math.max(1, opts.rounds, opts.flatRounds); round++) {
      if (round < Math.max(1, opts.rounds)) {
        const storeDir = path.join(dir, `store-${round}`);
        const { hub, close } = await openEmptyHub(storeDir, opts.inFlight);
        try {
          firstSnapshotMs.empty.push(await firstSnapshot(hub));
          ours.push(await oursRound(hub, workload, round, round === 0));
        } finally {
          await close();
          await removeDir(storeDir);
        }
        if (round === 0) {
          records = ours[0]!.records;
          recordBytes = Math.round(records.reduce((n, rec) => n + Buffer.byteLength(JSON.stringify(rec)) + 10, 0) / Math.max(1, records.length));
        }
      }
      // Right after the empty round, on the same disk and the same seed: only what the hub holds differs.
      if (flatStore && round < opts.flatRounds) {
        const runDir = path.join(dir, `flat-${round}`);
        const hub = await flatStore.open(runDir);
        try {
          firstSnapshotMs.full.push(await firstSnapshot(hub));
          flat.push(await oursRound(hub, workload, round, false));
        } finally {
          await hub.close();
          await removeDir(runDir);
        }
      }
      if (round >= Math.max(1, opts.rounds)) continue;
      walOnly.push(await walRound(path.join(dir, `wal-${round}`), records, opts.inFlight));
      await removeDir(path.join(dir, `wal-${round}`));
      sqlite.push(sqliteInserts(path.join(dir, `reference-${round}.sqlite`), records, opts.sqliteRows, opts.sqliteMaxMs));
      // The lone device and the raw disk back to back, each round: the disk's speed wanders.
      if (opts.fsyncProbes > 0) {
        const times = fsyncProbe(path.join(dir, 'fsync-probe'), opts.fsyncProbes, recordBytes);
        fsyncTimes.push(...times);
        raw.push(1000 / summarize(times).p50);
        rawOverwrite.push(1000 / summarize(fsyncProbe(path.join(dir, 'fsync-probe'), opts.fsyncProbes, recordBytes, true)).p50);
      }
      if (opts.serialCommands > 0) {
        for (const [printing, into] of [[true, lone], [false, quiet]] as const) {
          const loneDir = path.join(dir, `lone-${round}-${printing ? 'printing' : 'quiet'}`);
          const l = await loneRound(loneDir, opts.serialCommands, printing);
          into.push(l);
          if (Object.keys(l.refused).length) notes.push(`lone device refused: ${JSON.stringify(l.refused)}`);
          await removeDir(loneDir);
        }
      }
    }
    if (flatStore) {
      notes.push(
        `before its timed run each hub wrote one snapshot, as a hub running since the morning has (the first after a start serialises the whole state; later ones write unchanged buckets from the text kept of the last, hub/store/json-slices.ts): empty ${firstSnapshotMs.empty.map(fmtMs).join(', ')} ms, full ${firstSnapshotMs.full.map(fmtMs).join(', ')} ms (wall, a start-up cost, not a command's)`,
      );
    }
    return report(opts, { ours, flat, flatStore, walOnly, sqlite, lone, quiet, raw, rawOverwrite, fsyncTimes, recordBytes }, notes);
  } finally {
    await flatStore?.close();
    if (!opts.dir) await removeDir(dir);
  }
}

type Measured = {
  ours: OurRound[];
  flat: OurRound[];
  flatStore: FlatStore | null;
  walOnly: { perSec: number; batches: number }[];
  sqlite: SqliteRound[];
  lone: LoneRound[];
  quiet: LoneRound[];
  raw: number[];
  rawOverwrite: number[];
  fsyncTimes: number[];
  recordBytes: number;
};

function report(opts: DurableOptions, m: Measured, notes: string[]): DurableResult {
  const fsyncStats = summarize(m.fsyncTimes);
  const midLone = m.lone.length ? byRate(m.lone) : null;
  const midQuiet = m.quiet.length ? byRate(m.quiet) : null;
  const serialPerSec = midLone?.perSec ?? 0;
  const serialQuietPerSec = midQuiet?.perSec ?? 0;
  const rawPerSec = median(m.raw);
  const loneRatio = rawPerSec > 0 ? serialPerSec / rawPerSec : 0;
  const throughSnapshot = summarize(m.ours.flatMap((r) => r.duringSnapshot));
  const snapshotLoop = summarize(m.ours.flatMap((r) => r.loopDelay.duringSnapshot));
  const otherLoop = summarize(m.ours.flatMap((r) => r.loopDelay.otherwise));
  const loadLoop = summarize(m.ours.flatMap((r) => [...r.loopDelay.duringSnapshot, ...r.loopDelay.otherwise]));
  const rawOverwritePerSec = median(m.rawOverwrite);

  const mid = byRate(m.ours);
  const oursPerSec = mid.perSec;
  const sqlitePerSec = median(m.sqlite.map((s) => s.perSec));
  const ratio = sqlitePerSec > 0 ? oursPerSec / sqlitePerSec : 0;
  const walPerSec = median(m.walOnly.map((w) => w.perSec));
  const storeRatio = sqlitePerSec > 0 ? walPerSec / sqlitePerSec : 0;
  const refusedAll: Record<string, number> = {};
  for (const r of [...m.ours, ...m.flat]) for (const [k, v] of Object.entries(r.refused)) refusedAll[k] = (refusedAll[k] ?? 0) + v;
  const refused = Object.values(refusedAll).reduce((a, b) => a + b, 0);
  const ack = summarize(mid.latencies);
  const avgBatch = mid.batches > 0 ? mid.accepted / mid.batches : 0;
  const s0 = m.sqlite[0]!;
  const midFlat = m.flat.length ? byRate(m.flat) : null;
  const flatPerSec = midFlat?.perSec ?? Number.NaN;
  const flatRatio = midFlat ? oursPerSec / midFlat.perSec : Number.NaN;
  const flatAck = midFlat ? summarize(midFlat.latencies) : null;

  if (refused > 0) notes.push(`refused commands: ${JSON.stringify(refusedAll)} (the workload should have none)`);
  notes.push(`ours per round: ${m.ours.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')}; sqlite per round: ${m.sqlite.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')} (medians reported)`);
  notes.push(
    `ours (median round): ${fmtInt(mid.accepted)} commands from ${opts.inFlight} devices in ${(mid.elapsedMs / 1000).toFixed(2)} s, ${fmtInt(mid.batches)} commits (avg ${avgBatch.toFixed(1)} commands per fdatasync), ${mid.snapshots} snapshots (every 5,000 records) included; the job service printed meanwhile (its own records are not counted as commands)`,
  );
  notes.push(`sqlite: ${fmtInt(s0.rows)} rows per round (avg ${fmtInt(s0.avgBytes)} B of JSON each, stringified in the timed loop as ours is), journal_mode=${s0.journalMode}, synchronous=${s0.synchronous} (2 = FULL)`);
  if (m.fsyncTimes.length) notes.push(`raw disk: append ${m.recordBytes} B (an average record) + fdatasync p50 ${fmtMs(fsyncStats.p50)} ms, p99 ${fmtMs(fsyncStats.p99)} ms; one writer's ceiling is 1000/p50 per second`);
  notes.push(
    `lone device per round: ${m.lone.map((l) => `${fmtInt(l.perSec)}/s`).join(', ')} (printing), ${m.quiet.map((l) => `${fmtInt(l.perSec)}/s`).join(', ')} (job service stopped); raw disk per round: ${m.raw.map((n) => `${fmtInt(n)}/s`).join(', ')} (medians reported)`,
  );
  if (midLone && midQuiet)
    notes.push(
      `lone device, fdatasyncs per command: ${(midLone.durableWrites / Math.max(1, midLone.commands)).toFixed(2)} while printing (the job service's start/writing/finish records of each ticket ride the device's writes: hub/jobs/README.md), ${(midQuiet.durableWrites / Math.max(1, midQuiet.commands)).toFixed(2)} with it stopped`,
    );
  notes.push(
    `the raw disk writing the same appends into blocks written before (zeros, fsynced; what the log does, see hub/store/wal-segment.ts): ${m.rawOverwrite.map((n) => `${fmtInt(n)}/s`).join(', ')}; the lone device's goal is set against the plain append above`,
  );
  notes.push(
    `event-loop delay (a 1 ms timer's lateness) under load: p99 ${fmtMs(loadLoop.p99)} ms, max ${fmtMs(loadLoop.max)} ms; while a snapshot was written: p50 ${fmtMs(snapshotLoop.p50)} ms, p99 ${fmtMs(snapshotLoop.p99)} ms, max ${fmtMs(snapshotLoop.max)} ms (${fmtInt(snapshotLoop.count)} samples); otherwise p99 ${fmtMs(otherLoop.p99)} ms, max ${fmtMs(otherLoop.max)} ms`,
  );
  notes.push(
    `acks in flight while a snapshot was written: ${fmtInt(throughSnapshot.count)} over ${m.ours.reduce((n, r) => n + r.snapshots, 0)} snapshots (every 5,000 records), p50 ${fmtMs(throughSnapshot.p50)} ms, max ${fmtMs(throughSnapshot.max)} ms`,
  );
  notes.push(
    `the store alone (write-ahead log, group commit, same records, ${opts.inFlight} writers): ${m.walOnly.map((w) => `${fmtInt(w.perSec)}/s`).join(', ')}; the whole engine adds deciding, applying, answering and printing to each command`,
  );
  if (m.flatStore && midFlat) {
    const fs = m.flatStore;
    notes.push(
      `flat-cost row per round: ${m.flat.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')} (empty: ${m.ours.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')}); snapshots per round ${m.flat.map((r) => r.snapshots).join(', ')} (empty: ${m.ours.map((r) => r.snapshots).join(', ')}: a large snapshot waits for the log to grow by its size, hub/engine/snapshotter.ts); its store built once in ${(fs.buildMs / 1000).toFixed(1)} s: ${fmtInt(fs.marks.length)} kitchen tickets sent through the engine to a network printer whose port refuses connections (they wait in the job table), ${fmtInt(fs.yearIds)} command ids (${opts.flat.yearDays} days x ${fmtInt(opts.flat.idsPerDay)}, the year data set's rate) in processed/ files loaded into ProcessedIds at open (window ${FLAT_RETENTION_DAYS} days so the year stays; the hub's own is 7), and ${fmtInt(fs.directory.members)} members and ${fmtInt(fs.directory.coupons)} coupons registered and issued through the engine (the hub's own bucketed slices; the workload does not read them)`,
    );
    notes.push(`flat-cost row before its timed run: ${sizesText(midFlat.sizesBefore)}`);
  }

  const enginePass = ratio >= GOAL_ENGINE_RATIO;
  const storePass = storeRatio >= GOAL_STORE_RATIO;
  const lonePass = loneRatio >= GOAL_LONE_RATIO;
  const snapshotPass = throughSnapshot.count > 0 && throughSnapshot.p99 < GOAL_SNAPSHOT_ACK_P99_MS;
  const loopPass = loadLoop.count > 0 && loadLoop.p99 < GOAL_LOOP_P99_MS;
  const flatPass = midFlat !== null && flatRatio <= GOAL_FLAT_RATIO;
  const rows: Row[] = [
    row('durable records/s (store)', `${fmtInt(walPerSec)}/s`, `>= ${GOAL_STORE_RATIO}x sqlite`, `sqlite ${fmtInt(sqlitePerSec)}/s`, `${storeRatio.toFixed(1)}x  ${passText(storePass, `>= ${GOAL_STORE_RATIO}`)}`, storePass),
    sizesRow(`the log alone: ${fmtInt(m.ours[0]?.records.length ?? 0)} records, nothing else held`),
    row('whole engine, 64 devices', `${fmtInt(oursPerSec)}/s`, `>= ${GOAL_ENGINE_RATIO}x sqlite`, `sqlite ${fmtInt(sqlitePerSec)}/s`, `${ratio.toFixed(2)}x  ${passText(enginePass, `>= ${GOAL_ENGINE_RATIO}`)}`, enginePass),
    sizesRow(sizesText(mid.sizesAfter)),
    row('  ack under load p50/p99', `${fmtMs(ack.p50)}/${fmtMs(ack.p99)} ms`, '-', `${opts.inFlight} in flight`, 'info'),
    row('  commands per fdatasync', avgBatch.toFixed(1), '-', '-', 'info'),
  ];
  if (midFlat && flatAck) {
    rows.push(
      row('flat cost: full hub, 64 dev.', `${fmtInt(flatPerSec)}/s`, `<= ${GOAL_FLAT_RATIO}x empty`, `empty ${fmtInt(oursPerSec)}/s`, `${flatRatio.toFixed(2)}x  ${passText(flatPass, `<= ${GOAL_FLAT_RATIO}`)}`, flatPass),
      sizesRow(sizesText(midFlat.sizesAfter)),
      row('  full hub ack p50/p99', `${fmtMs(flatAck.p50)}/${fmtMs(flatAck.p99)} ms`, '-', `empty ${fmtMs(ack.p50)}/${fmtMs(ack.p99)} ms`, 'info'),
    );
  }
  rows.push(
    row('ack p99 through a snapshot', `${fmtMs(throughSnapshot.p99)} ms`, `< ${GOAL_SNAPSHOT_ACK_P99_MS} ms`, `${opts.inFlight} in flight`, passText(snapshotPass, `p99 < ${GOAL_SNAPSHOT_ACK_P99_MS} ms`), snapshotPass),
    sizesRow(`as the whole engine row; ${fmtInt(throughSnapshot.count)} acks over ${m.ours.reduce((n, r) => n + r.snapshots, 0)} snapshots`),
    row('loop delay under load p99', `${fmtMs(loadLoop.p99)} ms`, `< ${GOAL_LOOP_P99_MS} ms`, `in a snapshot ${fmtMs(snapshotLoop.p99)} ms`, `max ${fmtMs(loadLoop.max)} ms  ${passText(loopPass, `p99 < ${GOAL_LOOP_P99_MS} ms`)}`, loopPass),
    sizesRow('as the whole engine row'),
    row('lone device, commands/s', `${fmtInt(serialPerSec)}/s`, `>= ${GOAL_LONE_RATIO}x disk`, `raw disk ${fmtInt(rawPerSec)}/s`, `${loneRatio.toFixed(2)}x  ${passText(lonePass, `>= ${GOAL_LONE_RATIO}`)}`, lonePass),
    sizesRow(midLone ? sizesText(midLone.sizes) : '-'),
    row('  lone, job service stopped', `${fmtInt(serialQuietPerSec)}/s`, '-', `raw disk ${fmtInt(rawPerSec)}/s`, `${rawPerSec ? (serialQuietPerSec / rawPerSec).toFixed(2) : '0'}x  info`),
    sizesRow(midQuiet ? sizesText(midQuiet.sizes) : '-'),
    row('  raw disk fdatasync/s', `${fmtInt(rawPerSec)}/s`, '-', `p50 ${fmtMs(fsyncStats.p50)} ms`, `${m.recordBytes} B appends`),
    row('  raw disk, written blocks/s', `${fmtInt(rawOverwritePerSec)}/s`, '-', 'same appends, room fsynced first', `lone ${rawOverwritePerSec ? (serialPerSec / rawOverwritePerSec).toFixed(2) : '0'}x  info`),
    row('  disk fdatasync p50/p99', `${fmtMs(fsyncStats.p50)}/${fmtMs(fsyncStats.p99)} ms`, '-', `${m.recordBytes} B appends`, 'info'),
  );
  return {
    name: 'durable-throughput',
    rows,
    figures: {
      oursPerSec,
      walPerSec,
      storeRatio,
      sqlitePerSec,
      ratio,
      serialPerSec,
      serialQuietPerSec,
      rawPerSec,
      loneRatio,
      snapshotAckP99: throughSnapshot.p99,
      snapshotLoopDelayP99: snapshotLoop.p99,
      snapshotLoopDelayMax: snapshotLoop.max,
      loopDelayP99: otherLoop.p99,
      loadLoopDelayP99: loadLoop.p99,
      rawOverwritePerSec,
      snapshotAcks: throughSnapshot.count,
      commands: mid.accepted,
      refused,
      avgBatch,
      ackP50: ack.p50,
      ackP99: ack.p99,
      sqliteRows: s0.rows,
      fsyncP50: fsyncStats.p50,
      fsyncP99: fsyncStats.p99,
      flatPerSec,
      flatRatio,
      flatPendingJobs: midFlat?.sizesBefore.jobs.pending ?? Number.NaN,
    },
    notes,
  };
}

if (isMain(import.meta.url)) {
  printResult(await run({ log: (m) => console.log(m) }));
}
