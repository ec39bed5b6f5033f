import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEMO_DISHES } from '#hub/demo/menu-data.ts';
import { seedDemo } from '#hub/demo/seed.ts';
import { orderTotals } from '#domain';
import { Engine } from '#hub/engine/engine.ts';
import { dayKey } from '#hub/store/archive.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import type { Bill, OrderLine } from '#protocol';
import { cashPayment, SALE_NOTE, STORE_FORMAT_VERSION, UNTOUCHED_LINE } from '#protocol';
import { BENCH_OUT_DIR, dirSize, removeDir, rng } from './common.ts';
import { benchTables, driveEngine, extraTableCommands, makeRounds, submitAll } from './workload.ts';

/**
 * A year of a busy restaurant on disk, for the start-up benchmark: 365 day
 * files of archived bills (600 a day, 8 lines each) in the archive's own
 * format, plus a live store made through the real engine: demo menu, 30
 * tables, a week of commands (so the snapshot carries a week of remembered
 * command ids), open orders, and a log tail to replay. Made once and cached.
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
};

export const DEFAULT_YEAR: YearDataOptions = {
  dir: path.join(BENCH_OUT_DIR, 'year-data'),
  days: 365,
  billsPerDay: 600,
  linesPerBill: 8,
  liveCommands: 34_000,
  walTail: 2_500,
  tables: 30,
};

/**
 * Bump when the archived bills change (2: lines carry UNTOUCHED_LINE's gift, cancel and discount fields, which
 * reports add up; 3: seqs below the live store's, see generateArchive).
 */
const ARCHIVE_FORMAT = 3;
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
  /** What had to be made this time: nothing, the live store, or everything. */
  generated: 'nothing' | 'live' | 'all';
  generatedMs: number;
};

type ArchiveParams = { archiveFormat: number; days: number; billsPerDay: number; linesPerBill: number; tables: number };
type LiveParams = { storeFormat: number; liveCommands: number; walTail: number; tables: number };
type Marker = { archive: ArchiveParams; live: LiveParams; liveArchiveFiles: string[]; expectedSeq: number };

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The cached data set if it matches `opts`, else a fresh one. The year of
 * archive (slow to make) and the live store (made by the engine, so it follows
 * the store format) are checked and remade separately.
 */
export async function ensureYearData(partial: Partial<YearDataOptions> = {}, log: (m: string) => void = () => undefined): Promise<YearData> {
  const opts = { ...DEFAULT_YEAR, ...partial };
  const archive: ArchiveParams = { archiveFormat: ARCHIVE_FORMAT, days: opts.days, billsPerDay: opts.billsPerDay, linesPerBill: opts.linesPerBill, tables: opts.tables };
  const live: LiveParams = { storeFormat: STORE_FORMAT_VERSION, liveCommands: opts.liveCommands, walTail: opts.walTail, tables: opts.tables };
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
    archiveBytes: archiveSize.bytes,
    archiveFiles: archiveSize.files,
    snapshotBytes: snap.size,
    walBytes: wal.bytes,
    generated,
    generatedMs,
  };
}

/** The live store, made by the real engine; replaces any earlier one in `opts.dir`. */
async function generateLive(opts: YearDataOptions): Promise<{ liveArchiveFiles: string[]; expectedSeq: number }> {
  for (const name of ['store.json', 'snapshot.json', 'wal', 'processed']) await fs.rm(path.join(opts.dir, name), { recursive: true, force: true });
  const liveDir = `${opts.dir}.live-tmp`;
  await removeDir(liveDir);
  const engine = await Engine.open({ dir: liveDir, snapshotEvery: 1e9, log: () => undefined });
  try {
    await seedDemo(engine, new Date());
    await submitAll(engine, extraTableCommands(opts.tables, 'bench-setup'));
    const rounds = makeRounds(opts.tables, { seed: 11, renameEvery: 500 });
    const week = await driveEngine(engine, { total: opts.liveCommands, producers: opts.tables, maxMs: 120_000, rounds });
    await engine.snapshot();
    // The devices keep working: a tail of log after the snapshot, with orders left open.
    const tail = await driveEngine(engine, { total: opts.walTail, producers: opts.tables, maxMs: 60_000, rounds });
    const refused = { ...week.refused, ...tail.refused };
    if (Object.keys(refused).length > 0) throw new Error(`year data: the engine refused commands ${JSON.stringify(refused)}`);
    const expectedSeq = engine.seq;
    for (const name of ['store.json', 'snapshot.json']) await fs.copyFile(path.join(liveDir, name), path.join(opts.dir, name));
    await fs.cp(path.join(liveDir, 'wal'), path.join(opts.dir, 'wal'), { recursive: true });
    // The command ids the snapshot relies on are in files beside it (hub/store/processed-files.ts).
    await fs.cp(path.join(liveDir, 'processed'), path.join(opts.dir, 'processed'), { recursive: true }).catch(() => undefined);
    const liveArchiveFiles = await fs.readdir(path.join(liveDir, 'archive')).catch(() => []);
    await fs.mkdir(path.join(opts.dir, 'archive'), { recursive: true });
    for (const name of liveArchiveFiles) await fs.copyFile(path.join(liveDir, 'archive', name), path.join(opts.dir, 'archive', name));
    return { liveArchiveFiles, expectedSeq };
  } finally {
    await engine.close();
    await removeDir(liveDir);
  }
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
 * A private copy of the data set for one hub start: the live files copied,
 * past archive days hard-linked (the hub only ever appends to today's file).
 */
export async function copyForRun(data: YearData, runDir: string): Promise<void> {
  await fs.mkdir(path.join(runDir, 'archive'), { recursive: true });
  for (const name of ['store.json', 'snapshot.json']) await fs.copyFile(path.join(data.dir, name), path.join(runDir, name));
  await fs.cp(path.join(data.dir, 'wal'), path.join(runDir, 'wal'), { recursive: true });
  await fs.cp(path.join(data.dir, 'processed'), path.join(runDir, 'processed'), { recursive: true }).catch(() => undefined);
  for (const name of await fs.readdir(path.join(data.dir, 'archive'))) {
    const from = path.join(data.dir, 'archive', name);
    const to = path.join(runDir, 'archive', name);
    if (data.liveArchiveFiles.includes(name)) await fs.copyFile(from, to);
    else await fs.link(from, to).catch(() => fs.copyFile(from, to));
  }
}
