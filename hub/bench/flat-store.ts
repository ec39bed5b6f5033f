import { promises as fs } from 'node:fs';
import { seedDemo } from '#hub/demo/seed.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { closePrinters, installFakePrinters, openBenchHub, type BenchHub, type Closable } from './bench-hub.ts';
import { workloadTables } from './engine-rounds.ts';
import { fillDirectory, type FlatDirectory } from './flat-directory.ts';
import { installOffPrinter, queueOffTickets } from './off-printer.ts';
import { writeYearOfIds, YEAR_IDS_PER_DAY } from './processed-year.ts';
import { extraTableCommands, submitAll } from './workload.ts';

/**
 * The flat-cost row's hub (issue 20 item 5): the empty row's hub (demo
 * menu, one table per device, fake printers) with, before its timed run,
 *  - `pendingJobs` kitchen tickets waiting for a printer that is switched
 *    off (off-printer.ts: its port refuses connections), sent through the
 *    engine as devices send them, so they sit in the engine's job table;
 *  - a year of answered command ids in the engine's ProcessedIds
 *    (processed-year.ts; the store is opened with a 366-day window to keep them);
 *  - `members` members and `coupons` coupons registered and issued through
 *    the engine (flat-directory.ts): the hub's own bucketed slices, which the
 *    workload never reads.
 * Built once into `dir` (closed); each round opens a copy of it.
 */

export type FlatOptions = { pendingJobs: number; members: number; coupons: number; yearDays: number; idsPerDay: number; inFlight: number };

export const DEFAULT_FLAT: FlatOptions = { pendingJobs: 20_000, members: 20_000, coupons: 50_000, yearDays: 365, idsPerDay: YEAR_IDS_PER_DAY, inFlight: 64 };

/** Devices sending the off printer's tickets while the store is built. */
const OFF_PRODUCERS = 16;
/** Enough to keep a year of ids (the hub's own window is 7 days). */
export const FLAT_RETENTION_DAYS = 366;

export type FlatStore = {
  dir: string;
  directory: FlatDirectory;
  /** The marks of the waiting tickets, in the order they must print. */
  marks: string[];
  yearIds: number;
  buildMs: number;
  /** Opens a copy of the built store in `runDir` (its printers' fakes are still listening). */
  open(runDir: string): Promise<BenchHub>;
  /** Closes the fake printers. */
  close(): Promise<void>;
};

export async function buildFlatStore(dir: string, opts: FlatOptions, log: (m: string) => void = () => undefined): Promise<FlatStore> {
  const t0 = performance.now();
  // A printer switched off: a port where nothing listens any more (connections refused).
  const off = await FakePrinter.start();
  await off.unplug();
  const hub = await openBenchHub(dir, { retentionDays: FLAT_RETENTION_DAYS });
  let printers: Closable[] = [];
  let marks: string[];
  let throughSeq: number;
  let directory: FlatDirectory;
  try {
    await seedDemo(hub.engine, new Date());
    const tables = workloadTables(opts.inFlight);
    await submitAll(hub.engine, extraTableCommands(tables + OFF_PRODUCERS, 'bench-setup'));
    printers = await installFakePrinters(hub.engine);
    await installOffPrinter(hub.engine, off.port);
    log(`flat-cost store: sending ${opts.pendingJobs} tickets to a printer that is off...`);
    marks = await queueOffTickets(hub.engine, opts.pendingJobs, { producers: OFF_PRODUCERS, firstTable: tables });
    log(`flat-cost store: registering ${opts.members} members and issuing ${opts.coupons} coupons...`);
    directory = await fillDirectory(hub.engine, opts.members, opts.coupons);
    throughSeq = hub.engine.seq;
  } finally {
    await hub.close();
  }
  log(`flat-cost store: writing ${opts.yearDays} days of ${opts.idsPerDay} command ids...`);
  const yearIds = await writeYearOfIds(dir, { days: opts.yearDays, perDay: opts.idsPerDay, throughSeq, now: new Date() });
  return {
    dir,
    directory,
    marks,
    yearIds,
    buildMs: performance.now() - t0,
    open: async (runDir) => {
      await fs.cp(dir, runDir, { recursive: true });
      return openBenchHub(runDir, { retentionDays: FLAT_RETENTION_DAYS });
    },
    close: () => closePrinters([...printers, off]),
  };
}
