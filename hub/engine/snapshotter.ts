import { accountFiledBy, archivedBy, reservationsFiledBy, shiftFiledBy, stockMovesOf, tallyFiledBy, takeoutFiledBy, refundFiledBy } from '#domain';
import { ledgerOfRecord } from './ledger-read.ts';
import type { ActivityEntry, State } from '#protocol';
import type { Archive, ArchivedBill } from '#hub/store/archive.ts';
import type { DayLog } from '#hub/store/day-log.ts';
import type { FiledStockMove, StockHistory } from '#hub/store/stock-history.ts';
import type { FiledReservation, ReservationDays } from '#hub/store/reservation-days.ts';
import type { FiledShift, ShiftDays } from '#hub/store/shift-days.ts';
import type { FiledTallyEntry, TallyDays } from '#hub/store/tally-days.ts';
import type { AccountDays, FiledDebt } from '#hub/store/account-days.ts';
import type { FiledTakeout, TakeoutDays } from '#hub/store/takeout-days.ts';
import type { FiledRefund, RefundDays } from '#hub/store/refund-days.ts';
import type { FiledLedger, LedgerDays } from '#hub/store/ledger-days.ts';
import { writeSnapshot } from '#hub/store/snapshot.ts';
import type { JobFiles } from '#hub/store/job-files.ts';
import { listProcessedFiles, removeProcessedFiles, writeProcessedFile, type ProcessedFile } from '#hub/store/processed-files.ts';
import type { Wal } from '#hub/store/wal.ts';
import { activityOf } from './activity.ts';
import type { JobCapture } from './job-table.ts';
import type { LogRecord } from './log-record.ts';
import type { ProcessedCapture } from './processed-ids.ts';

/** What a snapshot holds, taken at a record boundary. The state is immutable: holding the reference is enough. */
export type SnapshotCapture = { seq: number; state: State; processed: ProcessedCapture; jobs?: JobCapture };

export type SnapshotterParts = {
  dir: string;
  storeId: string;
  wal: Wal<LogRecord>;
  archive: Archive;
  activity: DayLog<ActivityEntry>;
  stock: StockHistory;
  reservationDays: ReservationDays;
  shiftDays: ShiftDays;
  tallyDays: TallyDays;
  accountDays: AccountDays;
  takeoutDays: TakeoutDays;
  refundDays: RefundDays;
  ledgerDays: LedgerDays;
  /** The job table's files: the jobs changed since the last snapshot go there before the snapshot (job-files.ts). */
  jobFiles?: JobFiles;
  /** Records between snapshots. */
  every: number;
  /** From this size a snapshot waits for the log to grow as much (LARGE_SNAPSHOT_BYTES unless a test says). */
  largeBytes?: number;
  /** The seq the snapshot on disk covers (0 for none). */
  coveredSeq: number;
  /** Closed bills and activity of the records after `coveredSeq` (recovered from the log). */
  unarchived: ArchivedBill[];
  unlogged: ActivityEntry[];
  unfiledStock: FiledStockMove[];
  unfiledReservations: FiledReservation[];
  unfiledShifts: FiledShift[];
  unfiledTally: FiledTallyEntry[];
  unfiledDebts: FiledDebt[];
  unfiledTakeouts: FiledTakeout[];
  unfiledRefunds: FiledRefund[];
  unfiledLedger: FiledLedger[];
  clock: () => Date;
  log: (message: string) => void;
  /** Called when a snapshot ends (written or failed): another may be due already. */
  whenDone: () => void;
};

/**
 * Folds the log into `snapshot.json` without holding the write loop:
 *
 * 1. at a record boundary (the engine holds its write loop for this step
 *    only) the log is rotated: records after the captured seq go to a new
 *    segment;
 * 2. in the background, the bills, the activity and the stock moves up to that seq go to
 *    their day files, then the snapshot is written (in slices, to a temp
 *    file, fsynced, renamed);
 * 3. only then are the segments it covers removed.
 *
 * A crash at any point leaves the old snapshot with every segment after it,
 * or the new one with (perhaps) some segments it covers: recovery reads past
 * those. The day files skip entries they already hold, so running step 2
 * again after a crash adds nothing. One snapshot runs at a time.
 */
/**
 * A snapshot of at least this size falls due only once the log has grown by
 * as many bytes since the last one (or after MAX_SPACING times the records):
 * each byte the log takes then pays for at most one byte of snapshot, so what
 * snapshots cost a command stays the same however large the state grows
 * (issue 20: 20,000 members and 50,000 coupons made a 23 MB snapshot every
 * 5,000 records, which took a full hub from 0.98x to 1.2-1.5x the empty
 * one's time per command). A smaller snapshot keeps the plain record count:
 * it costs little, and tests and young hubs see snapshots where they did.
 */
export const LARGE_SNAPSHOT_BYTES = 1024 * 1024;
/** A large snapshot still falls due after this many times the usual records: the log a start replays stays bounded. */
export const MAX_SPACING = 8;

export class Snapshotter {
  private unarchived: ArchivedBill[];
  private unlogged: ActivityEntry[];
  private unfiledStock: FiledStockMove[];
  private unfiledReservations: FiledReservation[];
  private unfiledShifts: FiledShift[];
  private unfiledTally: FiledTallyEntry[];
  private unfiledDebts: FiledDebt[];
  private unfiledTakeouts: FiledTakeout[];
  private unfiledRefunds: FiledRefund[];
  private unfiledLedger: FiledLedger[];
  private running: Promise<void> | null = null;
  private covered: number;
  /** The seq from which the next one falls due; a failure moves it on, so a full disk is not hammered. */
  private dueAt: number;
  /** The size of the last snapshot this process wrote (0: none yet, the record count alone decides). */
  private lastBytes = 0;
  /** The log's `bytesAppended` when that snapshot was captured. */
  private logBytesAt = 0;
  /** The seq from which a large snapshot falls due whatever the log's growth. */
  private capAt = 0;
  private readonly parts: SnapshotterParts;
  /** The command-id files beside the snapshot (listed once, then kept up to date here). */
  private processedFiles: ProcessedFile[] | null = null;

  constructor(parts: SnapshotterParts) {
    this.parts = parts;
    this.unarchived = parts.unarchived;
    this.unlogged = parts.unlogged;
    this.unfiledStock = parts.unfiledStock;
    this.unfiledReservations = parts.unfiledReservations;
    this.unfiledShifts = parts.unfiledShifts;
    this.unfiledTally = parts.unfiledTally;
    this.unfiledDebts = parts.unfiledDebts;
    this.unfiledTakeouts = parts.unfiledTakeouts;
    this.unfiledRefunds = parts.unfiledRefunds;
    this.unfiledLedger = parts.unfiledLedger;
    this.covered = parts.coveredSeq;
    this.dueAt = parts.coveredSeq + parts.every;
  }

  /** The seq the snapshot on disk covers. */
  get coveredSeq(): number {
    return this.covered;
  }

  /** Snapshots started since open (written or not). */
  started = 0;

  /** True while a snapshot is being written. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * Keeps what a committed record leaves for the day files until a snapshot writes it there. Its
   * activity entry is `activity` when the caller took it already (the engine, when the record was
   * decided), else taken from `before`, the state the record was decided on.
   */
  noteCommitted(record: LogRecord, before: State | null = null, activity?: ActivityEntry): void {
    for (const e of record.events) {
      const bill = archivedBy(e);
      if (bill) this.unarchived.push({ seq: record.seq, bill });
      for (const move of stockMovesOf(e)) this.unfiledStock.push({ seq: record.seq, move });
      for (const reservation of reservationsFiledBy(e)) this.unfiledReservations.push({ seq: record.seq, reservation });
      const shift = shiftFiledBy(e);
      if (shift) this.unfiledShifts.push({ seq: record.seq, shift });
      for (const entry of tallyFiledBy(e)) this.unfiledTally.push({ seq: record.seq, entry });
      const debt = accountFiledBy(e);
      if (debt) this.unfiledDebts.push({ seq: record.seq, debt });
      const takeout = takeoutFiledBy(e);
      if (takeout) this.unfiledTakeouts.push({ seq: record.seq, takeout });
      const refund = refundFiledBy(e);
      if (refund) this.unfiledRefunds.push({ seq: record.seq, refund });
    }
    const ledger = ledgerOfRecord(record);
    if (ledger) this.unfiledLedger.push(ledger);
    this.unlogged.push(activity ?? activityOf(record, before));
  }

  /** Closed bills not yet in the archive's day files, oldest first. */
  recentBills(): readonly ArchivedBill[] {
    return this.unarchived;
  }

  /** The stock moves not yet in the day files, oldest first. */
  recentStockMoves(): readonly FiledStockMove[] {
    return this.unfiledStock;
  }

  /** Past days' reservations not yet in their day files, oldest first. */
  recentFiledReservations(): readonly FiledReservation[] {
    return this.unfiledReservations;
  }

  /** Closed shifts not yet in their day files, oldest first. */
  recentFiledShifts(): readonly FiledShift[] {
    return this.unfiledShifts;
  }

  /** Past business days' bookkeeping entries not yet in their day files, oldest first. */
  recentFiledTally(): readonly FiledTallyEntry[] {
    return this.unfiledTally;
  }

  /** Closed on-account debts not yet in their day files, oldest first. */
  recentFiledDebts(): readonly FiledDebt[] {
    return this.unfiledDebts;
  }

  /** Ended takeouts not yet in their day files, oldest first. */
  recentFiledTakeouts(): readonly FiledTakeout[] {
    return this.unfiledTakeouts;
  }

  /** Ended refunds not yet in their day files, oldest first. */
  recentFiledRefunds(): readonly FiledRefund[] {
    return this.unfiledRefunds;
  }

  /** Members' balance moves not yet in their day files, oldest first. */
  recentFiledLedger(): readonly FiledLedger[] {
    return this.unfiledLedger;
  }

  /** The activity not yet in the day files, oldest first. */
  recentActivity(): readonly ActivityEntry[] {
    return this.unlogged;
  }

  /** True when `seq` records call for a snapshot and none is running. */
  isDue(seq: number): boolean {
    return this.running === null && seq >= this.dueAt && this.logPaysFor(seq);
  }

  /** Whether the log grew enough since the last snapshot to pay for writing one as large again (LARGE_SNAPSHOT_BYTES). */
  private logPaysFor(seq: number): boolean {
    if (this.lastBytes < (this.parts.largeBytes ?? LARGE_SNAPSHOT_BYTES) || seq >= this.capAt) return true;
    return this.parts.wal.bytesAppended - this.logBytesAt >= this.lastBytes;
  }

  /** Resolves once no snapshot is running (its failure was already reported). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /**
   * Step 1, while the caller holds the write loop: rotates the log after
   * `capture.seq`. Returns the background rest (steps 2 and 3): awaiting it is
   * optional, its failure is logged either way.
   */
  async start(capture: SnapshotCapture): Promise<{ written: Promise<void> }> {
    if (this.running) throw new Error('a snapshot is already running');
    this.started++;
    try {
      await this.parts.wal.rotate(capture.seq + 1);
    } catch (err) {
      capture.processed.restore();
      capture.jobs?.restore();
      this.failed(capture.seq, err);
      throw err;
    }
    const written = this.write(capture).catch((err: unknown) => {
      // The ids it took go into the next one (a file this one wrote may stay: read twice, they are the same ids).
      capture.processed.restore();
      capture.jobs?.restore();
      this.failed(capture.seq, err);
      throw err;
    });
    this.running = written.finally(() => {
      this.running = null;
      this.parts.whenDone();
    });
    // Nobody may be waiting: the failure is logged above.
    this.running.catch(() => undefined);
    return { written };
  }

  private async write(capture: SnapshotCapture): Promise<void> {
    const { seq } = capture;
    // Every record up to the captured seq is in the log already (the write loop is held while capturing).
    const logBytesAt = this.parts.wal.bytesAppended;
    const p = this.parts;
    await p.archive.append(this.unarchived.filter((b) => b.seq <= seq));
    await p.activity.append(this.unlogged.filter((e) => e.seq <= seq));
    await p.stock.append(this.unfiledStock.filter((e) => e.seq <= seq));
    await p.reservationDays.append(this.unfiledReservations.filter((e) => e.seq <= seq));
    await p.shiftDays.append(this.unfiledShifts.filter((e) => e.seq <= seq));
    await p.tallyDays.append(this.unfiledTally.filter((e) => e.seq <= seq));
    await p.accountDays.append(this.unfiledDebts.filter((e) => e.seq <= seq));
    await p.takeoutDays.append(this.unfiledTakeouts.filter((e) => e.seq <= seq));
    await p.refundDays.append(this.unfiledRefunds.filter((e) => e.seq <= seq));
    await p.ledgerDays.append(this.unfiledLedger.filter((e) => e.seq <= seq));
    // The command ids added since the last snapshot, in a file of their own (processed-files.ts).
    const processedFiles = (this.processedFiles ??= await listProcessedFiles(p.dir));
    if (capture.processed.entries.length > 0) processedFiles.push(await writeProcessedFile(p.dir, capture.processed.entries));
    // The jobs changed since the last snapshot, fdatasynced before the snapshot that relies on them.
    if (capture.jobs && p.jobFiles) await p.jobFiles.write(capture.jobs);
    const bytes = await writeSnapshot(p.dir, {
      storeId: p.storeId,
      seq,
      archivedThroughSeq: seq,
      writtenAt: p.clock().toISOString(),
      state: capture.state,
    });
    // Commits went on meanwhile: keep what came after the captured seq.
    this.unarchived = this.unarchived.filter((b) => b.seq > seq);
    this.unlogged = this.unlogged.filter((e) => e.seq > seq);
    this.unfiledStock = this.unfiledStock.filter((e) => e.seq > seq);
    this.unfiledReservations = this.unfiledReservations.filter((e) => e.seq > seq);
    this.unfiledShifts = this.unfiledShifts.filter((e) => e.seq > seq);
    this.unfiledTally = this.unfiledTally.filter((e) => e.seq > seq);
    this.unfiledDebts = this.unfiledDebts.filter((e) => e.seq > seq);
    this.unfiledTakeouts = this.unfiledTakeouts.filter((e) => e.seq > seq);
    this.unfiledRefunds = this.unfiledRefunds.filter((e) => e.seq > seq);
    this.unfiledLedger = this.unfiledLedger.filter((e) => e.seq > seq);
    this.covered = Math.max(this.covered, seq);
    this.dueAt = seq + p.every;
    this.capAt = seq + p.every * MAX_SPACING;
    this.lastBytes = bytes;
    this.logBytesAt = logBytesAt;
    await p.wal.dropSegmentsBefore(seq + 1);
    await p.jobFiles?.settle(seq);
    // Files whose every id is past the window go once the snapshot no longer needs them.
    const expired = processedFiles.filter((f) => f.untilMs < capture.processed.cutoffMs);
    if (expired.length > 0) {
      this.processedFiles = processedFiles.filter((f) => f.untilMs >= capture.processed.cutoffMs);
      await removeProcessedFiles(p.dir, expired);
    }
  }

  private failed(seq: number, err: unknown): void {
    this.dueAt = Math.max(this.dueAt, seq + this.parts.every);
    this.parts.log(`store: snapshot failed, log kept: ${String(err)}`);
  }
}
