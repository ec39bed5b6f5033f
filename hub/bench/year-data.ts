import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEMO_DISHES } from '#hub/demo/menu-data.ts';
import { seedDemo } from '#hub/demo/seed.ts';
import { orderTotals } from '#domain';
import type { Engine } from '#hub/engine/engine.ts';
import { dayKey } from '#hub/store/archive.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import type { Bill, OrderLine } from '#protocol';
import { cashPayment, SALE_NOTE, STORE_FORMAT_VERSION, UNTOUCHED_LINE } from '#protocol';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { openBenchHub } from './bench-hub.ts';
import { BENCH_OUT_DIR, dirSize, removeDir, rng } from './common.ts';
import { installOffPrinter, OFF_PRINTER_ID, queueOffTickets } from './off-printer.ts';
import { hubSizes, sizesText } from './sizes.ts';
import { benchTables, driveEngine, extraTableCommands, makeRounds, submitAll } from './workload.ts';

/**
 * A year of a busy restaurant on disk, for the start-up benchmark: 365 day
 * files of archived bills (600 a day, 8 lines each) in the archive's own
 * format, plus a live store made through the real engine: demo menu, 30
 * tables, a week of commands (so the snapshot carries a week of remembered
 * command ids), open orders, and a log tail to replay. Made once and cached.
 *
 * The live store is made by a hub as it runs (bench-hub.ts: its job service
 * prints to the demo's virtual printer and prunes what it printed), with a
 * printer that is switched off (off-printer.ts) and `offTickets` kitchen
 * tickets waiting for it (issue 20: a printer off all weekend). Its port is
 * kept in the marker: the start-up benchmark switches it on there.
 */

export type YearDataOptions = {
  dir: string;
  days: number;
  billsPerDay: number;
  linesPerBill: number;
  /** Commands through the engine before the snapshot (a week of 600 orders a day is about 34,000). */
  liveCommands: number;
  /** Commands after the snapshot: the log the hub replays on start. */
  walTail: number;
  tables: number;
  /** Kitchen tickets waiting for the printer that is off. */
  offTickets: number;
};

export const DEFAULT_YEAR: YearDataOptions = {
  dir: path.join(BENCH_OUT_DIR, 'year-data'),
  days: 365,
  billsPerDay: 600,
  linesPerBill: 8,
  liveCommands: 34_000,
  walTail: 2_500,
  tables: 30,
  offTickets: 20_000,
};

/**
 * Bump when the archived bills change (2: lines carry UNTOUCHED_LINE's gift, cancel and discount fields, which
 * reports add up; 3: seqs below the live store's, see generateArchive).
 */
const ARCHIVE_FORMAT = 3;
/** Bump when the live store is made differently (2: a hub's job service ran; the printer that is off and its tickets; 3: the printers that are on catch up first). */
const LIVE_FORMAT = 3;
/** Devices sending the off printer's tickets (on tables after the workload's). */
const OFF_PRODUCERS = 16;
/** The marks of the off printer's tickets in the order they must print (beside the marker; not copied for a run). */
const MARKS_FILE = 'off-marks.json';
const MARKER = 'bench-data.json';

export type YearData = {
  dir: string;
  /** Archive files written by the live engine (today's); copy these, the others may be linked. */
  liveArchiveFiles: string[];
  /** The seq the hub must report once it has recovered. */
  expectedSeq: number;
  archiveBytes: number;
  archiveFiles: number;
  snapshotBytes: number;
  walBytes: number;
  /** The printer that is off: its port on 127.0.0.1, and how many tickets wait for it. */
  offPort: number;
  offTickets: number;
  /** What the live store held when it was made (sizes.ts). */
  sizes: string;
  /** What had to be made this time: nothing, the live store, or everything. */
  generated: 'nothing' | 'live' | 'all';
  generatedMs: number;
};

type ArchiveParams = { archiveFormat: number; days: number; billsPerDay: number; linesPerBill: number; tables: number };
type LiveParams = { liveFormat: number; storeFormat: number; liveCommands: number; walTail: number; tables: number; offTickets: number };
type Made = { liveArchiveFiles: string[]; expectedSeq: number; offPort: number; sizes: string };
type Marker = { archive: ArchiveParams; live: LiveParams } & Made;

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The cached data set if it matches `opts`, else a fresh one. The year of
 * archive (slow to make) and the live store (made by the engine, so it follows
 * the store format) are checked and remade separately.
 */
export async function ensureYearData(partial: Partial<YearDataOptions> = {}, log: (m: string) => void = () => undefined): Promise<YearData> {
  const opts = { ...DEFAULT_YEAR, ...partial };
  const archive: ArchiveParams = { archiveFormat: ARCHIVE_FORMAT, days: opts.days, billsPerDay: opts.billsPerDay, linesPerBill: opts.linesPerBill, tables: opts.tables };
  const live: LiveParams = { liveFormat: LIVE_FORMAT, storeFormat: STORE_FORMAT_VERSION, liveCommands: opts.liveCommands, walTail: opts.walTail, tables: opts.tables, offTickets: opts.offTickets };
  let marker: Marker | null;
  try {
    marker = JSON.parse(await fs.readFile(path.join(opts.dir, MARKER), 'utf8')) as Marker;
  } catch {
    marker = null;
  }
  const t0 = performance.now();
  let generated: YearData['generated'] = 'nothing';
  if (!marker || !same(marker.archive, archive)) {
    generated = 'all';
    log(`generating ${opts.days} days x ${opts.billsPerDay} bills and a live store into ${opts.dir} (once; cached for later runs)...`);
    await removeDir(opts.dir);
    await fs.mkdir(path.join(opts.dir, 'archive'), { recursive: true });
    await fs.writeFile(path.join(opts.dir, MARKER), '{}');
    const made = await generateLive(opts);
    await generateArchive(opts, made.liveArchiveFiles);
    marker = { archive, live, ...made };
  } else if (!same(marker.live, live)) {
    generated = 'live';
    log(`regenerating the live store in ${opts.dir}...`);
    await fs.unlink(path.join(opts.dir, MARKER));
    for (const name of marker.liveArchiveFiles) await fs.rm(path.join(opts.dir, 'archive', name), { force: true });
    const made = await generateLive(opts);
    marker = { archive, live, ...made };
  }
  const generatedMs = performance.now() - t0;
  if (generated !== 'nothing') await fs.writeFile(path.join(opts.dir, MARKER), JSON.stringify(marker, null, 2));
  const archiveSize = await dirSize(path.join(opts.dir, 'archive'));
  const wal = await dirSize(path.join(opts.dir, 'wal'));
  const snap = await fs.stat(path.join(opts.dir, 'snapshot.json'));
  return {
    dir: opts.dir,
    liveArchiveFiles: marker.liveArchiveFiles,
    expectedSeq: marker.expectedSeq,
    offPort: marker.offPort,
    offTickets: opts.offTickets,
    sizes: marker.sizes,
    archiveBytes: archiveSize.bytes,
    archiveFiles: archiveSize.files,
    snapshotBytes: snap.size,
    walBytes: wal.bytes,
    generated,
    generatedMs,
  };
}

/** What a run copies of the live store: everything but the archive (linked day by day) and the bench's own files. */
const NOT_COPIED = new Set(['archive', MARKER, MARKS_FILE, 'virtual-printer', 'jobs-test', 'hub.lock']);

/** The live store, made by a bench hub (job service running); replaces any earlier one in `opts.dir`. */
async function generateLive(opts: YearDataOptions): Promise<Made> {
  for (const name of await fs.readdir(opts.dir).catch(() => [] as string[])) {
    if (name !== 'archive' && name !== MARKER) await fs.rm(path.join(opts.dir, name), { recursive: true, force: true });
  }
  const liveDir = `${opts.dir}.live-tmp`;
  await removeDir(liveDir);
  // The printer that is off: a port nothing listens on (connections refused), the same at every start.
  const off = await FakePrinter.start();
  await off.unplug();
  const hub = await openBenchHub(liveDir, { snapshotEvery: 1e9 });
  const engine = hub.engine;
  try {
    await seedDemo(engine, new Date());
    await submitAll(engine, extraTableCommands(opts.tables + (opts.offTickets > 0 ? OFF_PRODUCERS : 0), 'bench-setup'));
    await installOffPrinter(engine, off.port);
    const rounds = makeRounds(opts.tables, { seed: 11, renameEvery: 500 });
    const week = await driveEngine(engine, { total: opts.liveCommands, producers: opts.tables, maxMs: 120_000, rounds });
    const marks = opts.offTickets > 0 ? await queueOffTickets(engine, opts.offTickets, { producers: OFF_PRODUCERS, firstTable: opts.tables }) : [];
    // A week leaves no backlog on the printers that are on (the bench sent it in seconds): the only waiting is for the one that is off.
    await printersCaughtUp(engine);
    await engine.snapshot();
    // The devices keep working: a tail of log after the snapshot, with orders left open.
    const tail = await driveEngine(engine, { total: opts.walTail, producers: opts.tables, maxMs: 60_000, rounds });
    const refused = { ...week.refused, ...tail.refused };
    if (Object.keys(refused).length > 0) throw new Error(`year data: the engine refused commands ${JSON.stringify(refused)}`);
    await printersCaughtUp(engine);
    // Nothing more is recorded while the files are copied (the job service would).
    await hub.printing.stop();
    await hub.jobs.stop();
    const expectedSeq = engine.seq;
    const sizes = sizesText(hubSizes(engine));
    for (const name of await fs.readdir(liveDir)) {
      if (!NOT_COPIED.has(name)) await fs.cp(path.join(liveDir, name), path.join(opts.dir, name), { recursive: true });
    }
    const liveArchiveFiles = await fs.readdir(path.join(liveDir, 'archive')).catch(() => []);
    await fs.mkdir(path.join(opts.dir, 'archive'), { recursive: true });
    for (const name of liveArchiveFiles) await fs.copyFile(path.join(liveDir, 'archive', name), path.join(opts.dir, 'archive', name));
    await fs.writeFile(path.join(opts.dir, MARKS_FILE), JSON.stringify(marks));
    return { liveArchiveFiles, expectedSeq, offPort: off.port, sizes };
  } finally {
    await hub.close();
    await removeDir(liveDir);
  }
}

/** Resolves once no lane but the off printer's has a job waiting or running (at most 10 minutes). */
async function printersCaughtUp(engine: Engine): Promise<void> {
  const end = Date.now() + 600_000;
  const busy = () => engine.jobs.laneCounters().some((l) => l.kind === 'print' && l.printerId !== OFF_PRINTER_ID && (l.waiting > 0 || l.running !== null));
  while (busy()) {
    if (Date.now() > end) throw new Error('year data: the printers that are on did not catch up in 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The marks of the off printer's tickets in the order they must print (off-printer.ts). */
export async function offMarks(data: YearData): Promise<string[]> {
  return JSON.parse(await fs.readFile(path.join(data.dir, MARKS_FILE), 'utf8')) as string[];
}

/** The year before today, one archive file per day (skipping days the live store already wrote). */
async function generateArchive(opts: YearDataOptions, skip: readonly string[]): Promise<void> {
  const tables = benchTables(opts.tables);
  const random = rng(2024);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const offset = -300;
  const today = dayKey(new Date().toISOString(), offset);
  let billNo = 0;
  for (let d = opts.days; d >= 1; d--) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
    if (skip.includes(`${day}.jsonl`)) continue;
    const chunks: string[] = [];
    for (let b = 0; b < opts.billsPerDay; b++) {
      // Local 12:00 to 23:30 (UTC-5), in order through the day.
      const paidLocal = Date.parse(`${day}T12:00:00Z`) + Math.floor(((b + random()) / opts.billsPerDay) * 11.5 * 3_600_000);
      const paidAt = new Date(paidLocal - offset * 60_000).toISOString();
      const openedAt = new Date(Date.parse(paidAt) - (20 + Math.floor(random() * 70)) * 60_000).toISOString();
      const table = pick(tables);
      const lines: OrderLine[] = Array.from({ length: opts.linesPerBill }, (_, i) => {
        const [code, , es, en, zh, price] = pick(DEMO_DISHES);
        return {
          id: randomUUID(),
          productId: `p-${code}`,
          code,
          names: { es, en, zh },
          specId: null,
          specNames: null,
          unitPriceCents: price,
          vipUnitPriceCents: null,
          unit: '',
          station: '',
          returnToStock: false,
          restockedQty: 0,
          stockTaken: false,
          ...UNTOUCHED_LINE,
          qty: 1 + Math.floor(random() * 3),
          remark: random() < 0.15 ? 'sin ají' : '',
          sentBatch: i < opts.linesPerBill / 2 ? 1 : 2,
          returnedQty: 0,
          returnReason: '',
        };
      });
      const totals = orderTotals({ lines }, table.minConsumptionCents);
      const received = Math.ceil(totals.totalCents / 5000) * 5000;
      billNo++;
      const bill: Bill = {
        id: randomUUID(),
        billNo,
        orderNo: billNo,
        tableId: table.id,
        tableName: table.name,
        people: 1 + Math.floor(random() * table.seats),
        customer: { name: random() < 0.3 ? 'Rosa Quispe' : '', gender: 0, phone: '', reason: '', remarks: '' },
        lines,
        ...totals,
        receivedCents: received,
        changeCents: received - totals.totalCents,
        payMethod: 'cash',
        openedAt,
        paidAt,
        operator: null,
        orderDiscount: null,
        lunchBox: null,
        payments: [cashPayment(received)],
        isAccount: 0,
        document: SALE_NOTE,
        printRequested: false,
      };
      // The past is older than the live store's log: its seqs must be below the first one the engine still
      // holds in memory, which readers compare them with (engine.closedBillsBetween, hub/reports). Per file is enough.
      chunks.push(encodeLine({ seq: b + 1, bill }));
    }
    await fs.writeFile(path.join(opts.dir, 'archive', `${day}.jsonl`), chunks.join(''));
  }
}

/**
 * A private copy of the data set for one hub start: the live files copied
 * (whatever the store keeps beside its snapshot), past archive days
 * hard-linked (the hub only ever appends to today's file).
 */
export async function copyForRun(data: YearData, runDir: string): Promise<void> {
  await fs.mkdir(path.join(runDir, 'archive'), { recursive: true });
  for (const name of await fs.readdir(data.dir)) {
    if (!NOT_COPIED.has(name)) await fs.cp(path.join(data.dir, name), path.join(runDir, name), { recursive: true });
  }
  for (const name of await fs.readdir(path.join(data.dir, 'archive'))) {
    const from = path.join(data.dir, 'archive', name);
    const to = path.join(runDir, 'archive', name);
    if (data.liveArchiveFiles.includes(name)) await fs.copyFile(from, to);
    else await fs.link(from, to).catch(() => fs.copyFile(from, to));
  }
}
