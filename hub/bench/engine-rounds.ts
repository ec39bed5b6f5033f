import { seedDemo } from '#hub/demo/seed.ts';
import type { LogRecord } from '#hub/engine/log-record.ts';
import type { DomainEvent } from '#protocol';
import { closePrinters, installFakePrinters, openBenchHub, type BenchHub } from './bench-hub.ts';
import { sampleLoopDelay, type LoopDelay } from './probes.ts';
import { hubSizes, type HubSizes } from './sizes.ts';
import { driveEngine, extraTableCommands, makeRounds, submitAll } from './workload.ts';

/**
 * The engine's timed runs of the durable benchmark: the 64-device workload
 * on a hub (empty, or the flat-cost row's full one) and the lone device.
 * Every run is on a bench hub (bench-hub.ts): the job service prints to fake
 * printers while the commands come in.
 */

export type WorkloadOptions = { commands: number; inFlight: number; maxMs: number };

export type OurRound = {
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
  /** The hub's collections before and after the timed run. */
  sizesBefore: HubSizes;
  sizesAfter: HubSizes;
};

/** The tables the workload needs on top of the demo's: one per device, and one to spare. */
export const workloadTables = (inFlight: number) => inFlight + 1;

/** A fresh bench hub as the empty row runs it: the demo menu, one table per device, fake printers. */
export async function openEmptyHub(dir: string, inFlight: number): Promise<{ hub: BenchHub; close: () => Promise<void> }> {
  const hub = await openBenchHub(dir);
  await seedDemo(hub.engine, new Date());
  await submitAll(hub.engine, extraTableCommands(workloadTables(inFlight), 'bench-setup'));
  const printers = await installFakePrinters(hub.engine);
  return {
    hub,
    close: async () => {
      await hub.close();
      await closePrinters(printers);
    },
  };
}

/** The timed run: `inFlight` devices, each working its own table, on a hub made ready by the caller. */
export async function oursRound(hub: BenchHub, opts: WorkloadOptions, round: number, keepRecords: boolean): Promise<OurRound> {
  const engine = hub.engine;
  const sizesBefore = hubSizes(engine);
  const eventsBySeq = new Map<number, DomainEvent[]>();
  const stopCollect = engine.onChange((c) => keepRecords && eventsBySeq.set(c.seq, c.events));
  const snapshotsBefore = engine.snapshotsStarted;
  const loop = sampleLoopDelay(() => engine.snapshotting);
  const main = await driveEngine(engine, { total: opts.commands, producers: opts.inFlight, maxMs: opts.maxMs, renameEvery: 40, keepReplies: keepRecords, seed: round + 1 });
  const loopDelay = loop.stop();
  stopCollect();
  const sizesAfter = hubSizes(engine);
  const refusedCount = Object.values(main.refused).reduce((a, b) => a + b, 0);
  const accepted = main.submitted - refusedCount;

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
    snapshots: engine.snapshotsStarted - snapshotsBefore,
    records,
    loopDelay,
    sizesBefore,
    sizesAfter,
  };
}

export type LoneRound = { perSec: number; refused: Record<string, number>; durableWrites: number; commands: number; sizes: HubSizes };

/**
 * One device alone, one command at a time, on a fresh hub (demo menu, fake
 * printers, the job service printing its tickets): every command waits for
 * its own fdatasync, so the disk's time per sync is the ceiling. With
 * `printing: false` the job service is stopped before the timed run (its
 * print jobs wait): the per-command path alone against the disk.
 */
export async function loneRound(dir: string, commands: number, printing: boolean): Promise<LoneRound> {
  const { hub, close } = await openEmptyHub(dir, 1);
  try {
    const engine = hub.engine;
    // A short warm-up (JIT), then the timed run on the same table.
    const rounds = makeRounds(1, { seed: 7 });
    await driveEngine(engine, { total: 200, producers: 1, maxMs: 5_000, rounds });
    if (!printing) {
      await hub.printing.stop();
      await hub.jobs.stop();
    }
    const writesBefore = engine.durableWrites;
    const lone = await driveEngine(engine, { total: commands, producers: 1, maxMs: 10_000, rounds });
    const refused = Object.values(lone.refused).reduce((a, b) => a + b, 0);
    return {
      perSec: ((lone.submitted - refused) / lone.elapsedMs) * 1000,
      refused: lone.refused,
      durableWrites: engine.durableWrites - writesBefore,
      commands: lone.submitted,
      sizes: hubSizes(engine),
    };
  } finally {
    await close();
  }
}
