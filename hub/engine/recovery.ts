import type { ActivityEntry, State } from '#protocol';
import { STORE_FORMAT_VERSION } from '#protocol';
import { accountFiledBy, applyAll, archivedBy, dropDamagedRecords, emptyState, legacyJobs, legacyStockMoves, migrate, recordFormat, upgradeEvents, reservationsFiledBy, shiftFiledBy, stockMovesOf, StoreFormatError, tallyFiledBy, takeoutFiledBy, refundFiledBy } from '#domain';
import { Archive, type ArchivedBill } from '#hub/store/archive.ts';
import { openMeta } from '#hub/store/meta.ts';
import { readSnapshot, removeSnapshotTemps } from '#hub/store/snapshot.ts';
import { forEachProcessed, listProcessedFiles, removeProcessedTemps } from '#hub/store/processed-files.ts';
import { StockHistory, type FiledStockMove } from '#hub/store/stock-history.ts';
import { ReservationDays, type FiledReservation } from '#hub/store/reservation-days.ts';
import { ShiftDays, type FiledShift } from '#hub/store/shift-days.ts';
import { TallyDays, type FiledTallyEntry } from '#hub/store/tally-days.ts';
import { AccountDays, type FiledDebt } from '#hub/store/account-days.ts';
import { TakeoutDays, type FiledTakeout } from '#hub/store/takeout-days.ts';
import { RefundDays, type FiledRefund } from '#hub/store/refund-days.ts';
import { LedgerDays, type FiledLedger } from '#hub/store/ledger-days.ts';
import { ledgerOfRecord } from './ledger-read.ts';
import { Wal } from '#hub/store/wal.ts';
import { COMPACT_SLACK, JobFiles } from '#hub/store/job-files.ts';
import { activityOf } from './activity.ts';
import { ChangeBuffer } from './change-buffer.ts';
import { LoadingHeap } from './loading-heap.ts';
import { JobTable } from './job-table.ts';
import { changeOf, rememberedAt, type LogRecord } from './log-record.ts';
import { ProcessedIds, remembersId } from './processed-ids.ts';
import { LARGE_SNAPSHOT_BYTES } from './snapshotter.ts';

/** A rider waits for company only if a device's command came this recently (ms): devices are at work. */
export const RIDE_WINDOW_MS = 3;
/** The longest a rider waits for company before it is written by itself (ms). */
export const RIDE_MAX_WAIT_MS = 2;

export type EngineOptions = {
  dir: string;
  clock?: () => Date;
  /** Records between snapshots. */
  snapshotEvery?: number;
  /** From this size a snapshot waits for the log to grow as much (snapshotter.ts LARGE_SNAPSHOT_BYTES; tests make it small). */
  largeSnapshotBytes?: number;
  /** How long a command id is remembered (and how old a command may be). */
  retentionDays?: number;
  utcOffsetMinutes?: number;
  changeBufferSize?: number;
  log?: (message: string) => void;
  /** Lines the job table's file may hold beyond twice the live jobs before a snapshot rewrites it (hub/store/job-files.ts). */
  jobFilesSlack?: number;
  /** How the hub's own records ride the devices' writes (engine.ts SubmitMode): a rider waits for company only within this long of a device's command (ms)... */
  rideWindowMs?: number;
  /** ...and at most this long (ms). */
  rideMaxWaitMs?: number;
};

/** What an engine starts from: the store on disk, read back and brought to today's format. */
export type RecoveredStore = {
  storeId: string;
  wal: Wal<LogRecord>;
  archive: Archive;
  processed: ProcessedIds;
  buffer: ChangeBuffer;
  opts: Required<EngineOptions>;
  state: State;
  /** The jobs: the snapshot's (its files, or a state of format 5 and before) and the log's job events after it. */
  jobs: JobTable;
  jobFiles: JobFiles;
  seq: number;
  /** The seq the snapshot on disk covers, and what the records after it leave for the day files. */
  coveredSeq: number;
  unarchived: ArchivedBill[];
  unlogged: ActivityEntry[];
  stock: StockHistory;
  unfiledStock: FiledStockMove[];
  reservationDays: ReservationDays;
  unfiledReservations: FiledReservation[];
  shiftDays: ShiftDays;
  unfiledShifts: FiledShift[];
  tallyDays: TallyDays;
  unfiledTally: FiledTallyEntry[];
  accountDays: AccountDays;
  unfiledDebts: FiledDebt[];
  takeoutDays: TakeoutDays;
  unfiledTakeouts: FiledTakeout[];
  refundDays: RefundDays;
  unfiledRefunds: FiledRefund[];
  ledgerDays: LedgerDays;
  unfiledLedger: FiledLedger[];
  /** Ids of damaged records recovery dropped (see dropDamagedRecords); a snapshot without them settles the repair. */
  dropped: string[];
};

/** The options with every default filled in. */
export function withDefaults(options: EngineOptions): Required<EngineOptions> {
  return {
    clock: () => new Date(),
    snapshotEvery: 5000,
    largeSnapshotBytes: LARGE_SNAPSHOT_BYTES,
    retentionDays: 7,
    utcOffsetMinutes: -300,
    changeBufferSize: 2000,
    log: (m) => console.log(m),
    jobFilesSlack: COMPACT_SLACK,
    rideWindowMs: RIDE_WINDOW_MS,
    rideMaxWaitMs: RIDE_MAX_WAIT_MS,
    ...options,
  };
}

/**
 * Opens the store in `opts.dir` and recovers it: the snapshot, then every log
 * record after it (a torn tail is cut by the log), each brought to its format
 * by the numbered migrations (hub/domain/migrations) before it is applied, and
 * the whole to the latest after; the command ids and recent changes are
 * rebuilt, and what the records owe the day files is gathered.
 */
export async function recoverStore(opts: Required<EngineOptions>): Promise<RecoveredStore> {
  // A large load's left-over heap goes back to the system once the hub is set up (loading-heap.ts, hub/server.ts).
  const heap = new LoadingHeap();
  const meta = await openMeta(opts.dir, opts.clock());
  const snap = await readSnapshot(opts.dir);
  await removeSnapshotTemps(opts.dir);
  const base = snap?.seq ?? 0;
  const { wal, records, truncatedBytes } = await Wal.open<LogRecord>(`${opts.dir}/wal`, base, opts.log);
  // Command ids: those of a snapshot of the old shape (written again at the next snapshot), then
  // the files of the snapshots up to this one whose ids may still be in the window.
  const processed = ProcessedIds.from(snap?.processed ?? [], opts.retentionDays * 86_400_000);
  await removeProcessedTemps(opts.dir);
  const processedFiles = await listProcessedFiles(opts.dir);
  const idsCutoff = opts.clock().getTime() - processed.retentionMs;
  await forEachProcessed(opts.dir, processedFiles, base, idsCutoff, (e) => processed.loadOne(e), (file) => opts.log(`store: damaged lines in processed/${file} skipped (those command ids are forgotten)`));
  const buffer = new ChangeBuffer(opts.changeBufferSize);
  // An empty store counts as format 1 so legacy records replayed on it get every step.
  const newer = records.find((r) => recordFormat(r) > STORE_FORMAT_VERSION);
  if (newer) {
    // Refuse, and touch nothing: the record is whole and a newer hub will need it.
    await wal.close();
    throw new StoreFormatError(`wal record ${newer.seq} was written by a newer hub (store format ${recordFormat(newer)}, this one knows up to ${STORE_FORMAT_VERSION}): update this hub`);
  }
  let format = snap?.format ?? 1;
  const stock = new StockHistory(opts.dir, opts.utcOffsetMinutes);
  // Format 3 and before kept the latest stock moves in the state; migration 4
  // drops them, so they go to the day files first (filed at the snapshot's seq:
  // doing this again after a crash adds nothing).
  if (snap && format < 4) await stock.append(legacyStockMoves(snap.state).map((move) => ({ seq: snap.seq, move })));
  // The jobs: the table's files up to the snapshot's seq (job-files.ts), or, from a snapshot of
  // format 5 or before, its state's jobs (migration 6 drops them from the state; the next snapshot
  // writes them to the files). The log's job events after the snapshot follow below.
  const jobs = new JobTable();
  const { files: jobFiles, loaded } = await JobFiles.open(opts.dir, base, opts.log);
  jobFiles.slack = opts.jobFilesSlack;
  jobs.leaveDocumentsIn(jobFiles.documents);
  jobs.load(loaded.versions, loaded.next, true);
  if (snap && format < 6) jobs.load(legacyJobs(snap.state).map((job, n) => ({ n: loaded.next + n, job })), 0);
  else if (snap && loaded.markerSeq !== base) opts.log(`store: the job table's files end at seq ${loaded.markerSeq ?? 'none'}, the snapshot is at ${base}: jobs changed in between are missing`);
  // Decoding the job table's lines (20,000 tickets, documents dropped) is the largest step: is the load a large one?
  heap.settle();
  const startAt = Math.max(format, records[0] ? recordFormat(records[0]) : STORE_FORMAT_VERSION);
  const fromSnapshot = dropDamagedRecords(migrate(snap?.state ?? emptyState(), format, startAt).state);
  format = startAt;
  let state = fromSnapshot.state;
  const unarchived: ArchivedBill[] = [];
  const unfiledStock: FiledStockMove[] = [];
  const unfiledReservations: FiledReservation[] = [];
  const unfiledShifts: FiledShift[] = [];
  const unfiledTally: FiledTallyEntry[] = [];
  const unfiledDebts: FiledDebt[] = [];
  const unfiledTakeouts: FiledTakeout[] = [];
  const unfiledRefunds: FiledRefund[] = [];
  const unfiledLedger: FiledLedger[] = [];
  const unlogged: ActivityEntry[] = [];
  const archivedThrough = snap?.archivedThroughSeq ?? 0;
  for (const r of records) {
    // An older hub's events gain today's shape once, here, so the appliers never complete them (migrations `upEvent`).
    if (recordFormat(r) < STORE_FORMAT_VERSION) r.events = upgradeEvents(r.events, recordFormat(r));
    if (recordFormat(r) > format) {
      state = migrate(state, format, recordFormat(r)).state;
      format = recordFormat(r);
    }
    // The state the record was decided on names its tables and dishes in the activity.
    if (r.seq > archivedThrough) unlogged.push(activityOf(r, state));
    state = applyAll(state, r.events);
    jobs.replay(r.events);
    if (remembersId(r.type)) processed.add({ id: r.commandId, seq: r.seq, at: rememberedAt(r), result: r.result });
    buffer.push(changeOf(r));
    if (r.seq <= archivedThrough) continue;
    for (const e of r.events) {
      const bill = archivedBy(e);
      if (bill) unarchived.push({ seq: r.seq, bill });
      for (const move of stockMovesOf(e)) unfiledStock.push({ seq: r.seq, move });
      for (const reservation of reservationsFiledBy(e)) unfiledReservations.push({ seq: r.seq, reservation });
      const shift = shiftFiledBy(e);
      if (shift) unfiledShifts.push({ seq: r.seq, shift });
      for (const entry of tallyFiledBy(e)) unfiledTally.push({ seq: r.seq, entry });
      const debt = accountFiledBy(e);
      if (debt) unfiledDebts.push({ seq: r.seq, debt });
      const takeout = takeoutFiledBy(e);
      if (takeout) unfiledTakeouts.push({ seq: r.seq, takeout });
      const refund = refundFiledBy(e);
      if (refund) unfiledRefunds.push({ seq: r.seq, refund });
    }
    const ledger = ledgerOfRecord(r);
    if (ledger) unfiledLedger.push(ledger);
  }
  const seq = records.at(-1)?.seq ?? base;
  // The log may recreate what the snapshot had damaged (events recorded before ids had a rule).
  const replayed = dropDamagedRecords(state);
  // Data recorded by an older hub gains the fields added since (menu sizes, stock...).
  state = migrate(replayed.state, format).state;
  const archive = new Archive(`${opts.dir}/archive`, opts.utcOffsetMinutes);
  opts.log(`store: ${seq} saved changes read back (${base} from the snapshot, ${records.length} from the log${truncatedBytes ? `; a half-written last record cut off (torn tail of ${truncatedBytes} bytes cut)` : ''})`);
  return {
    storeId: meta.storeId,
    wal,
    archive,
    processed,
    buffer,
    opts,
    state,
    jobs,
    jobFiles,
    seq,
    coveredSeq: base,
    unarchived,
    unlogged,
    stock,
    unfiledStock,
    reservationDays: new ReservationDays(opts.dir, opts.utcOffsetMinutes),
    unfiledReservations,
    shiftDays: new ShiftDays(opts.dir, opts.utcOffsetMinutes),
    unfiledShifts,
    tallyDays: new TallyDays(opts.dir),
    unfiledTally,
    accountDays: new AccountDays(opts.dir, opts.utcOffsetMinutes),
    unfiledDebts,
    takeoutDays: new TakeoutDays(opts.dir, opts.utcOffsetMinutes),
    unfiledTakeouts,
    refundDays: new RefundDays(opts.dir, opts.utcOffsetMinutes),
    unfiledRefunds,
    ledgerDays: new LedgerDays(opts.dir, opts.utcOffsetMinutes),
    unfiledLedger,
    dropped: [...new Set([...fromSnapshot.dropped, ...replayed.dropped])],
  };
}
