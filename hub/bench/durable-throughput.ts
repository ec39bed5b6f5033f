import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { seedDemo } from '#hub/demo/seed.ts';
import { Engine } from '#hub/engine/engine.ts';
import type { LogRecord } from '#hub/engine/log-record.ts';
import type { DomainEvent } from '#protocol';
import { fmtInt, fmtMs, isMain, median, passText, printResult, removeDir, row, scratchDir, summarize, type BenchResult } from './common.ts';
import { Wal } from '#hub/store/wal.ts';
import { fsyncProbe, sampleLoopDelay, type LoopDelay } from './probes.ts';
import { driveEngine, extraTableCommands, makeRounds, nextTurn, submitAll } from './workload.ts';

/**
 * Durable commands per second: our engine (decide, WAL append, fdatasync with
 * group commit, acknowledge) against node:sqlite with WAL journal and
 * synchronous=FULL inserting one row per command in its own transaction,
 * on the same disk. Every command counted was acknowledged, so it is on disk.
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
  maxMs: number;
  dir?: string;
};

export const DEFAULT_DURABLE: DurableOptions = {
  commands: 20_000,
  inFlight: 64,
  sqliteRows: 20_000,
  sqliteMaxMs: 10_000,
  rounds: 3,
  serialCommands: 3_000,
  fsyncProbes: 1_000,
  maxMs: 60_000,
};

export type DurableResult = BenchResult & {
  figures: {
    oursPerSec: number;
    walPerSec: number;
    storeRatio: number;
    sqlitePerSec: number;
    ratio: number;
    serialPerSec: number;
    /** The raw disk's ceiling for one writer: 1000 / (append + fdatasync p50 in ms). */
    rawPerSec: number;
    /** serialPerSec / rawPerSec. */
    loneRatio: number;
    /** Acknowledgement p99 of the commands in flight while a snapshot was being written (64 in flight). */
    snapshotAckP99: number;
    /** Event-loop delay (a 1 ms timer's lateness) while a snapshot was being written, and while none was. */
    snapshotLoopDelayP99: number;
    snapshotLoopDelayMax: number;
    loopDelayP99: number;
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
  };
};

const GOAL_RATIO = 2;
const GOAL_LONE_RATIO = 0.8;
const GOAL_SNAPSHOT_ACK_P99_MS = 10;

type OurRound = {
  perSec: number;
  accepted: number;
  refused: Record<string, number>;
  elapsedMs: number;
  batches: number;
  latencies: number[];
  duringSnapshot: number[];
  snapshots: number;
  records: LogRecord[];
  loopDelay: LoopDelay;
};

/** One round of ours: a fresh store, the demo menu, one table per device, then the timed run. */
async function oursRound(storeDir: string, opts: DurableOptions, round: number, keepRecords: boolean): Promise<OurRound> {
  const engine = await Engine.open({ dir: storeDir, log: () => undefined });
  try {
    await seedDemo(engine, new Date());
    await submitAll(engine, extraTableCommands(opts.inFlight + 1, 'bench-setup'));
    const eventsBySeq = new Map<number, DomainEvent[]>();
    const stopCollect = engine.onChange((c) => keepRecords && eventsBySeq.set(c.seq, c.events));
    const loop = sampleLoopDelay(() => engine.snapshotting);
    const main = await driveEngine(engine, { total: opts.commands, producers: opts.inFlight, maxMs: opts.maxMs, renameEvery: 40, keepReplies: keepRecords, seed: round + 1 });
    const loopDelay = loop.stop();
    stopCollect();
    const refusedCount = Object.values(main.refused).reduce((a, b) => a + b, 0);
    const accepted = main.submitted - refusedCount;
    const snapshots = engine.snapshotsStarted;

    // The same records as the log holds them, for sqlite.
    const records: LogRecord[] = [];
    for (const { command, reply } of main.replies) {
      if (!reply.ok) continue;
      records.push({
        seq: reply.seq,
        commandId: command.id,
        type: command.type,
        deviceId: command.deviceId,
        staffId: null,
        at: command.at,
        events: eventsBySeq.get(reply.seq) ?? [],
        result: reply.result,
      });
    }
    return {
      perSec: (accepted / main.elapsedMs) * 1000,
      accepted,
      refused: main.refused,
      elapsedMs: main.elapsedMs,
      batches: main.batches,
      latencies: main.latencies,
      duringSnapshot: main.duringSnapshot,
      snapshots,
      records,
      loopDelay,
    };
  } finally {
    await engine.close();
  }
}

/**
 * One device alone, one command at a time, on a fresh store (demo menu):
 * every command waits for its own fdatasync, so the disk's time per sync is
 * the ceiling. Snapshots fall due as usual.
 */
async function loneRound(storeDir: string, commands: number): Promise<{ perSec: number; refused: Record<string, number> }> {
  const engine = await Engine.open({ dir: storeDir, log: () => undefined });
  try {
    await seedDemo(engine, new Date());
    // A short warm-up (JIT), then the timed run on the same table.
    const rounds = makeRounds(1, { seed: 7 });
    await driveEngine(engine, { total: 200, producers: 1, maxMs: 5_000, rounds });
    const lone = await driveEngine(engine, { total: commands, producers: 1, maxMs: 10_000, rounds });
    const refused = Object.values(lone.refused).reduce((a, b) => a + b, 0);
    return { perSec: ((lone.submitted - refused) / lone.elapsedMs) * 1000, refused: lone.refused };
  } finally {
    await engine.close();
  }
}

export async function run(partial: Partial<DurableOptions> = {}): Promise<DurableResult> {
  const opts = { ...DEFAULT_DURABLE, ...partial };
  const dir = opts.dir ?? (await scratchDir('durable'));
  const notes: string[] = [`store and sqlite files in ${dir}; each device yields one I/O turn between commands, as commands from the network would (see nextTurn in workload.ts)`];
  try {
    const ours: OurRound[] = [];
    const walOnly: { perSec: number; batches: number }[] = [];
    const sqlite: SqliteRound[] = [];
    const lone: number[] = [];
    const raw: number[] = [];
    const rawOverwrite: number[] = [];
    const fsyncTimes: number[] = [];
    let recordBytes = 700;
    let records: LogRecord[] = [];
    for (let round = 0; round < Math.max(1, opts.rounds); round++) {
      const r = await oursRound(path.join(dir, `store-${round}`), opts, round, round === 0);
      if (round === 0) {
        records = r.records;
        recordBytes = Math.round(records.reduce((n, rec) => n + Buffer.byteLength(JSON.stringify(rec)) + 10, 0) / Math.max(1, records.length));
      }
      ours.push(r);
      await removeDir(path.join(dir, `store-${round}`));
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
        const l = await loneRound(path.join(dir, `lone-${round}`), opts.serialCommands);
        lone.push(l.perSec);
        if (Object.keys(l.refused).length) notes.push(`lone device refused: ${JSON.stringify(l.refused)}`);
        await removeDir(path.join(dir, `lone-${round}`));
      }
    }
    const fsyncStats = summarize(fsyncTimes);
    const serialPerSec = median(lone);
    const rawPerSec = median(raw);
    const loneRatio = rawPerSec > 0 ? serialPerSec / rawPerSec : 0;
    const throughSnapshot = summarize(ours.flatMap((r) => r.duringSnapshot));
    const snapshotLoop = summarize(ours.flatMap((r) => r.loopDelay.duringSnapshot));
    const otherLoop = summarize(ours.flatMap((r) => r.loopDelay.otherwise));
    const rawOverwritePerSec = median(rawOverwrite);

    const byRate = [...ours].sort((a, b) => a.perSec - b.perSec);
    const mid = byRate[Math.floor((byRate.length - 1) / 2)]!;
    const oursPerSec = mid.perSec;
    const sqlitePerSec = median(sqlite.map((s) => s.perSec));
    const ratio = sqlitePerSec > 0 ? oursPerSec / sqlitePerSec : 0;
    const walPerSec = median(walOnly.map((w) => w.perSec));
    const storeRatio = sqlitePerSec > 0 ? walPerSec / sqlitePerSec : 0;
    const refusedAll: Record<string, number> = {};
    for (const r of ours) for (const [k, v] of Object.entries(r.refused)) refusedAll[k] = (refusedAll[k] ?? 0) + v;
    const refused = Object.values(refusedAll).reduce((a, b) => a + b, 0);
    const ack = summarize(mid.latencies);
    const avgBatch = mid.batches > 0 ? mid.accepted / mid.batches : 0;
    const s0 = sqlite[0]!;

    if (refused > 0) notes.push(`refused commands: ${JSON.stringify(refusedAll)} (the workload should have none)`);
    notes.push(`ours per round: ${ours.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')}; sqlite per round: ${sqlite.map((r) => `${fmtInt(r.perSec)}/s`).join(', ')} (medians reported)`);
    notes.push(
      `ours (median round): ${fmtInt(mid.accepted)} commands from ${opts.inFlight} devices in ${(mid.elapsedMs / 1000).toFixed(2)} s, ${fmtInt(mid.batches)} commits (avg ${avgBatch.toFixed(1)} commands per fdatasync), snapshots every 5,000 records included`,
    );
    notes.push(
      `sqlite: ${fmtInt(s0.rows)} rows per round (avg ${fmtInt(s0.avgBytes)} B of JSON each, stringified in the timed loop as ours is), journal_mode=${s0.journalMode}, synchronous=${s0.synchronous} (2 = FULL)`,
    );
    if (fsyncTimes.length) notes.push(`raw disk: append ${recordBytes} B (an average record) + fdatasync p50 ${fmtMs(fsyncStats.p50)} ms, p99 ${fmtMs(fsyncStats.p99)} ms; one writer's ceiling is 1000/p50 per second`);
    notes.push(`lone device per round: ${lone.map((n) => `${fmtInt(n)}/s`).join(', ')}; raw disk per round: ${raw.map((n) => `${fmtInt(n)}/s`).join(', ')} (medians reported)`);
    notes.push(
      `the raw disk writing the same appends into blocks written before (zeros, fsynced; what the log does, see hub/store/wal-segment.ts): ${rawOverwrite.map((n) => `${fmtInt(n)}/s`).join(', ')}; the lone device's goal is set against the plain append above`,
    );
    notes.push(
      `event-loop delay (a 1 ms timer's lateness) while a snapshot was written: p50 ${fmtMs(snapshotLoop.p50)} ms, p99 ${fmtMs(snapshotLoop.p99)} ms, max ${fmtMs(snapshotLoop.max)} ms (${fmtInt(snapshotLoop.count)} samples); otherwise p99 ${fmtMs(otherLoop.p99)} ms, max ${fmtMs(otherLoop.max)} ms`,
    );
    notes.push(
      `acks in flight while a snapshot was written: ${fmtInt(throughSnapshot.count)} over ${ours.reduce((n, r) => n + r.snapshots, 0)} snapshots (every 5,000 records; the last holds ~${fmtInt(opts.commands)} command ids), p50 ${fmtMs(throughSnapshot.p50)} ms, max ${fmtMs(throughSnapshot.max)} ms`,
    );

    notes.push(
      `the store alone (write-ahead log, group commit, same records, ${opts.inFlight} writers): ${walOnly.map((w) => `${fmtInt(w.perSec)}/s`).join(', ')}; the whole engine adds deciding, applying and answering to each command, and is CPU-bound on this machine`,
    );
    const ratioPass = storeRatio >= GOAL_RATIO;
    const lonePass = loneRatio >= GOAL_LONE_RATIO;
    const snapshotPass = throughSnapshot.count > 0 && throughSnapshot.p99 < GOAL_SNAPSHOT_ACK_P99_MS;
    return {
      name: 'durable-throughput',
      rows: [
        row('durable records/s (store)', `${fmtInt(walPerSec)}/s`, '-', `sqlite ${fmtInt(sqlitePerSec)}/s`, `${storeRatio.toFixed(1)}x  ${passText(ratioPass, `>= ${GOAL_RATIO}`)}`, ratioPass),
        row('  whole engine, commands/s', `${fmtInt(oursPerSec)}/s`, '-', `sqlite ${fmtInt(sqlitePerSec)}/s`, `${ratio.toFixed(1)}x  info`),
        row('  ack under load p50/p99', `${fmtMs(ack.p50)}/${fmtMs(ack.p99)} ms`, '-', `${opts.inFlight} in flight`, 'info'),
        row('  commands per fdatasync', avgBatch.toFixed(1), '-', '-', 'info'),
        row('ack p99 through a snapshot', `${fmtMs(throughSnapshot.p99)} ms`, `< ${GOAL_SNAPSHOT_ACK_P99_MS} ms`, `${opts.inFlight} in flight`, passText(snapshotPass, `p99 < ${GOAL_SNAPSHOT_ACK_P99_MS} ms`), snapshotPass),
        row('  loop delay in a snapshot p99', `${fmtMs(snapshotLoop.p99)} ms`, '-', `otherwise ${fmtMs(otherLoop.p99)} ms`, `max ${fmtMs(snapshotLoop.max)} ms  info`),
        row('lone device, commands/s', `${fmtInt(serialPerSec)}/s`, `>= ${GOAL_LONE_RATIO}x disk`, `raw disk ${fmtInt(rawPerSec)}/s`, `${loneRatio.toFixed(2)}x  ${passText(lonePass, `>= ${GOAL_LONE_RATIO}`)}`, lonePass),
        row('  raw disk fdatasync/s', `${fmtInt(rawPerSec)}/s`, '-', `p50 ${fmtMs(fsyncStats.p50)} ms`, `${recordBytes} B appends`),
        row('  raw disk, written blocks/s', `${fmtInt(rawOverwritePerSec)}/s`, '-', 'same appends, room fsynced first', `lone ${rawOverwritePerSec ? (serialPerSec / rawOverwritePerSec).toFixed(2) : '0'}x  info`),
        row('  lone device vs sqlite', `${fmtInt(serialPerSec)}/s`, '-', `sqlite ${fmtInt(sqlitePerSec)}/s`, `${sqlitePerSec ? (serialPerSec / sqlitePerSec).toFixed(2) : '0'}x  info`),
        row('  disk fdatasync p50/p99', `${fmtMs(fsyncStats.p50)}/${fmtMs(fsyncStats.p99)} ms`, '-', `${recordBytes} B appends`, 'info'),
      ],
      figures: {
        oursPerSec,
        walPerSec,
        storeRatio,
        sqlitePerSec,
        ratio,
        serialPerSec,
        rawPerSec,
        loneRatio,
        snapshotAckP99: throughSnapshot.p99,
        snapshotLoopDelayP99: snapshotLoop.p99,
        snapshotLoopDelayMax: snapshotLoop.max,
        loopDelayP99: otherLoop.p99,
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
      },
      notes,
    };
  } finally {
    if (!opts.dir) await removeDir(dir);
  }
}

/**
 * The store alone: the same records appended to a fresh write-ahead log by
 * `inFlight` writers at once, through one group-commit loop like the
 * engine's (every record is on disk before its writer goes on), without
 * deciding or applying anything. This is the storage design set against sqlite.
 */
async function walRound(dir: string, records: readonly LogRecord[], inFlight: number): Promise<{ perSec: number; batches: number }> {
  const { wal } = await Wal.open<LogRecord>(dir, 0, () => undefined);
  const queue: { record: LogRecord; done: () => void }[] = [];
  let writing = false;
  let batches = 0;
  const writeLoop = async () => {
    if (writing) return;
    writing = true;
    // As the engine does: what arrives in this turn of the event loop joins the first batch.
    await new Promise((r) => setImmediate(r));
    while (queue.length > 0) {
      const batch = queue.splice(0, queue.length);
      await wal.append(batch.map((b) => b.record));
      batches++;
      for (const b of batch) b.done();
    }
    writing = false;
  };
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < records.length) {
        const record = { ...records[next]!, seq: ++next };
        await new Promise<void>((done) => {
          queue.push({ record, done });
          void writeLoop();
        });
        await nextTurn();
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  await wal.close();
  return { perSec: (records.length / elapsedMs) * 1000, batches };
}

type SqliteRound = { rows: number; elapsedMs: number; perSec: number; journalMode: string; synchronous: number; avgBytes: number };

/** One autocommit INSERT per record: each is its own transaction, fsynced (synchronous=FULL). */
function sqliteInserts(file: string, records: readonly LogRecord[], maxRows: number, maxMs: number): SqliteRound {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;');
    db.exec('CREATE TABLE log (seq INTEGER PRIMARY KEY, record TEXT NOT NULL)');
    const journalMode = String((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode);
    const synchronous = Number((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous);
    const insert = db.prepare('INSERT INTO log (seq, record) VALUES (?, ?)');
    const n = Math.min(maxRows, records.length);
    const start = performance.now();
    const deadline = start + maxMs;
    let rows = 0;
    let bytes = 0;
    while (rows < n && performance.now() < deadline) {
      const json = JSON.stringify(records[rows]!);
      bytes += json.length;
      insert.run(rows + 1, json);
      rows++;
    }
    const elapsedMs = performance.now() - start;
    return { rows, elapsedMs, perSec: elapsedMs > 0 ? (rows / elapsedMs) * 1000 : 0, journalMode, synchronous, avgBytes: rows ? bytes / rows : 0 };
  } finally {
    db.close();
  }
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
